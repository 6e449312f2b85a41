/**
 * The renderer's API layer: one client typed from the document, the calls of each domain, and
 * their query/mutation options on one key space (`['desk', ...]`, `['platform', ...]`).
 */
export { ApiError, buildUrl, exchange, isApiError, issuesOf, route } from './client';
export type { InputIssue } from '../api-types/shapes';
export type { Exchange } from './client';
export type { QueryValue, RequestOptions } from './client';
export * from '../api-types/shapes';
export * as platformApi from './platform';
export { requestAs } from './platform';
export * as deskApi from './desk';
export { componentQueries, LIVE_INTERVAL_MS, platformKeys, runQueries, sessionQueries } from './sessions/queries';
export { deskQueries } from './desk/queries';
export { deskMutations, invalidateAuthDependents, type Persona } from './desk/mutations';
