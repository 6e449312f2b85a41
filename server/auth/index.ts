/**
 * The auth layer's public surface: a pure core with no Express types, shared by
 * the HTTP middleware, the desk's inspector, the CLI's `inspect` and the UI's route matrix.
 * (It names what other folders import; a module inside auth/ is imported directly.)
 */
export { createAuthLayer } from './layer.js';
export { defaultScopeTable, type ScopeTable } from './default-scope-mappings.js';
export { buildMappingTable, findMapping } from './scope-mappings.js';
export { checkedScope, patternResource } from './scopes.js';
export { matchRoute, parseRoutePattern, type RoutePattern } from './route-pattern.js';
export { platformShadow } from './platform-order.js';
export { compileExcludedPaths, findExcludedPath } from './excluded-paths.js';
