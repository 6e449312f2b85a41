import { queryOptions } from '@tanstack/react-query';
import { deskApi } from '../../api';

export const keyQueries = {
  all: () => ['desk', 'keys'] as const,
  list: () =>
    queryOptions({
      queryKey: [...keyQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => deskApi.listKeys(signal),
    }),
};
