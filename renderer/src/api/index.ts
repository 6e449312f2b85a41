/**
 * The renderer's API layer: one client typed from the document, the calls of each domain, and
 * their query/mutation options on one key space (`['desk', ...]`, `['platform', ...]`). Pages
 * import the shapes from `api-types/` and the rest from the module that declares it.
 */
export { route } from './client';
export type { RequestOptions } from './client';
export * as deskApi from './desk';
export { componentQueries } from './sessions/queries';
export { deskQueries } from './desk/queries';
export { useRequestStream, type StreamStatus } from './desk/request-stream';
export { deskMutations, invalidateAuthDependents } from './desk/mutations';
