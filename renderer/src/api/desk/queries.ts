import { queryOptions } from '@tanstack/react-query';
import { getInfo, inspect, listDatabases, matrix } from '../desk';
import type { InspectRequest } from '../types';

/** Keys carry a short suffix of the token, never the whole token. */
const tokenKey = (token: string) => `${token.length}:${token.slice(-24)}`;

/**
 * The desk's queries on one key factory (`['desk', ...]`), for the run browser and the workbench.
 * Inspect answers depend on the settings and keys: their mutations invalidate `inspectAll()` and
 * `matrixAll()`.
 */
export const deskQueries = {
  all: () => ['desk'] as const,
  databases: () =>
    queryOptions({
      queryKey: [...deskQueries.all(), 'databases'] as const,
      queryFn: ({ signal }) => listDatabases(signal),
      // Counts change as agents write; cheap enough to poll with the live views.
      refetchInterval: 5000,
    }),
  inspectAll: () => [...deskQueries.all(), 'inspect'] as const,
  /** What the auth layer decides for `token` on `method path` — the workshop, and why a 401/403 happened. */
  inspect: (req: InspectRequest) =>
    queryOptions({
      queryKey: [...deskQueries.inspectAll(), req.method, req.path, tokenKey(req.token)] as const,
      queryFn: ({ signal }) => inspect(req, signal),
      retry: false,
    }),
  matrixAll: () => [...deskQueries.all(), 'matrix'] as const,
  matrix: (token: string) =>
    queryOptions({
      queryKey: [...deskQueries.matrixAll(), tokenKey(token)] as const,
      queryFn: ({ signal }) => matrix(token, signal),
      retry: false,
    }),
  info: () =>
    queryOptions({
      queryKey: [...deskQueries.all(), 'info'] as const,
      queryFn: ({ signal }) => getInfo(signal),
      staleTime: Infinity,
    }),
};
