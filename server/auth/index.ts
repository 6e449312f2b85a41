/**
 * The auth layer's public surface: a pure core with no Express types, shared by
 * the HTTP middleware, the desk's inspector, the CLI's `inspect` and the UI's route matrix.
 */
export { createAuthLayer, type AuthLayerContext } from './layer.js';
export type {
  AuthDecision,
  AuthLayer,
  AuthLayerStatus,
  AuthRequest,
  KeyAttempt,
  KeyRef,
  MatchedMapping,
  RequestAuthState,
  RouteMatrix,
  RouteMatrixRow,
  TokenInspection,
} from './types.js';
export { defaultScopeTable, type ScopeTable } from './default-scope-mappings.js';
export { buildMappingTable, findMapping, type MappingTable, type ScopeMapping } from './scope-mappings.js';
export { compareSpecificity, matchPath, matchRoute, parseRoutePattern, type RoutePattern } from './route-pattern.js';
export { parsePathPattern, type PathPattern } from './path-pattern.js';
export { divergenceNote } from './divergence.js';
export { platformShadow, PLATFORM_DEFAULT_MAPPING_KEYS } from './platform-order.js';
export { compileExcludedPaths, findExcludedPath } from './excluded-paths.js';
export { formatScope, parseScope, scopeGrants, type ParsedScope } from './scopes.js';
export { evaluateAccess, type AccessResult } from './access.js';
export { authorizationEnabled, expectedAudiences } from './config.js';
export { UNAUTHENTICATED_DETAILS } from './core.js';
export { decodeToken, MAX_TOKEN_LENGTH } from './decode.js';
