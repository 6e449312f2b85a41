import { queryOptions } from '@tanstack/react-query';
import { deskApi } from '../api';
import type { InspectRequest } from '../types';

/** Keys carry a short suffix of the token, never the whole token. */
const tokenKey = (token: string) => `${token.length}:${token.slice(-24)}`;

/**
 * Inspect answers depend on the settings and keys: settings and key mutations invalidate
 * `['desk', 'inspect']` and `['desk', 'matrix']` (the first is shared with UI-A's verdicts).
 */
export const tokenQueries = {
  inspectAll: () => ['desk', 'inspect'] as const,
  matrixAll: () => ['desk', 'matrix'] as const,
  inspect: (req: InspectRequest) =>
    queryOptions({
      queryKey: [...tokenQueries.inspectAll(), 'workbench', req.method, req.path, tokenKey(req.token)] as const,
      queryFn: ({ signal }) => deskApi.inspect(req, signal),
      retry: false,
    }),
  matrix: (token: string) =>
    queryOptions({
      queryKey: [...tokenQueries.matrixAll(), tokenKey(token)] as const,
      queryFn: ({ signal }) => deskApi.matrix(token, signal),
      retry: false,
    }),
};
