import { queryOptions } from '@tanstack/react-query';
import { deskApi } from '../api';

/**
 * The attached databases. Same key as UI-A's `deskQueries.databases()` (['desk', 'databases'])
 * so the run browser's database picker and this page share one cache entry and one shape.
 */
export const databaseQueries = {
  all: () => ['desk', 'databases'] as const,
  list: () =>
    queryOptions({
      queryKey: databaseQueries.all(),
      queryFn: ({ signal }) => deskApi.listDatabases(signal),
      // Counts change as agents write.
      refetchInterval: 5000,
    }),
};
