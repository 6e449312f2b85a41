/**
 * The renderer's API layer: one client, typed calls, and per-domain query/mutation options.
 * Workbench pages reuse `deskFetch`, `platformFetch` and `ApiError` from here.
 */
export { ApiError, buildUrl, deskFetch, exchange, isApiError, platformFetch, publicFetch } from './client';
export type { Exchange } from './client';
export type { QueryValue, RequestOptions } from './client';
export * from './types';
export * as platformApi from './platform';
export { requestAs } from './platform';
export * as deskApi from './desk';
export { componentQueries, LIVE_INTERVAL_MS, platformKeys, runQueries, sessionQueries } from './sessions/queries';
export { deskQueries } from './desk/queries';
export { DEFAULT_ADMIN_MINT, deskMutations } from './desk/mutations';
