import { isListingRequest, patternNamesResourceId, resourceIdFor, type ScopeMapping } from './scope-mappings.js';
import { acceptedAlternatives, heldResourceIds, parseScope, scopeGrants } from './scopes.js';

/** What the scope rules say about one authenticated caller on one route. */
export interface AccessResult {
  allowed: boolean;
  isAdmin: boolean;
  /** The mapping's scopes (any one suffices); `[]` when unmapped, off, or none needed. */
  requiredScopes: string[];
  /** Required scopes the caller lacks: all of them when denied, none when allowed. */
  missingScopes: string[];
  /** Every scope that would have satisfied the route, for the 403 detail. */
  acceptedScopes: string[];
  /** Per family, the ids the caller may reach; `['*']` = every id. */
  accessibleResourceIds: string[];
  /**
   * Ids for which a per-resource route is allowed when the path's id is unknown (route
   * matrix) or not among them; `null` when per-resource scopes play no part.
   */
  perResourceIds: string[] | null;
}

export interface AccessInput {
  scopes: readonly string[];
  adminScope: string;
  authorizationEnabled: boolean;
  mapping: ScopeMapping | null;
  /** The request's method (listings are GETs). */
  method: string;
  /** The concrete request path; `null` to evaluate the mapping for an arbitrary id. */
  path: string | null;
}

const ALL = ['*'];

/**
 * The scope decision. Pure: no token, no clock, no settings object.
 *
 * @example
 * evaluateAccess({ scopes: ['agents:a1:read'], adminScope: 'platform:admin',
 *   authorizationEnabled: true, mapping, method: 'GET', path: '/agents' }); // allowed, ids ['a1']
 */
export function evaluateAccess(input: AccessInput): AccessResult {
  const isAdmin = input.scopes.includes(input.adminScope);
  const required = input.mapping?.scopes ?? [];
  const allow = (ids: string[], perResourceIds: string[] | null = null): AccessResult => ({
    allowed: true,
    isAdmin,
    requiredScopes: input.authorizationEnabled ? [...required] : [],
    missingScopes: [],
    acceptedScopes: [],
    accessibleResourceIds: ids,
    perResourceIds,
  });
  if (!input.authorizationEnabled || isAdmin || input.mapping === null || required.length === 0) return allow(ALL);
  const mapping = input.mapping;

  const accepted = new Set<string>();
  const ids = new Set<string>();
  let perResource = false;
  let listing = false;
  for (const req of required) {
    const resourceId = resourceIdFor(mapping, req, input.path);
    for (const alt of acceptedAlternatives(req, resourceId)) accepted.add(alt);
    if (input.scopes.some((held) => scopeGrants(held, req, null))) return allow(ALL);
    const heldIds = heldResourceIds(input.scopes, req);
    if (resourceId !== null && heldIds.includes(resourceId)) return allow(heldIds, heldIds);
    const parsed = parseScope(req);
    if (!parsed) continue;
    if (isListingRequest(mapping, input.method, input.path, parsed.resource)) listing = true;
    else if (!patternNamesResourceId(mapping.pattern, parsed.resource)) continue;
    perResource = true;
    for (const id of heldIds) ids.add(id);
  }
  // The platform's listing rule: a GET of a family's bare collection does not answer 403 for
  // want of the family's global scope; it answers the list filtered to the ids the caller's
  // per-resource scopes name. A caller holding no scope of the family at all is refused,
  // naming the family's read scope, as AgentOS's listing handlers do.
  if (listing && ids.size > 0) return allow([...ids], [...ids]);
  return {
    allowed: false,
    isAdmin,
    requiredScopes: [...required],
    missingScopes: [...required],
    acceptedScopes: [...accepted],
    accessibleResourceIds: [],
    perResourceIds: perResource ? [...ids] : null,
  };
}

/** The 403 detail: names every scope that would have let the request through. */
export function insufficientScopesDetail(access: AccessResult): string {
  return `Insufficient scopes: requires one of [${access.acceptedScopes.join(', ')}]`;
}
