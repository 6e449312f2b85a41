import { queryOptions } from '@tanstack/react-query';
import { getInfo, inspectToken, listDatabases } from '../desk';
import type { InspectRequest } from '../types';

/** Workbench queries on one key factory (`['desk', ...]`). */
export const deskQueries = {
  all: () => ['desk'] as const,
  databases: () =>
    queryOptions({
      queryKey: [...deskQueries.all(), 'databases'] as const,
      queryFn: ({ signal }) => listDatabases(signal),
      // Counts change as agents write; cheap enough to poll with the live views.
      refetchInterval: 5000,
    }),
  /** What the auth layer decides for `token` on `method path` — used to explain 401/403s. */
  inspect: (req: InspectRequest) =>
    queryOptions({
      queryKey: [...deskQueries.all(), 'inspect', req.method, req.path, req.token.slice(-20)] as const,
      queryFn: ({ signal }) => inspectToken(req, signal),
      staleTime: 10_000,
      retry: false,
    }),
  info: () =>
    queryOptions({
      queryKey: [...deskQueries.all(), 'info'] as const,
      queryFn: ({ signal }) => getInfo(signal),
      staleTime: Infinity,
    }),
};
