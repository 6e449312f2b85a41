import { pathSegments } from './path-pattern.js';
import type { ScopeMapping } from './scope-mappings.js';
import {
  acceptedAlternatives,
  checkedScope,
  familyIds,
  grantedIds,
  pathResource,
  patternResource,
  requirementFor,
  type PathResource,
  type Requirement,
} from './scopes.js';

/** What the scope rules say about one authenticated caller on one route. */
export interface AccessResult {
  allowed: boolean;
  isAdmin: boolean;
  /** The mapping's scopes, every one of them needed; `[]` when unmapped, off, or none needed. */
  requiredScopes: string[];
  /** Required scopes the caller lacks (as the mapping writes them); none when allowed. */
  missingScopes: string[];
  /** For each missing scope, the held scopes that would each satisfy it here. */
  alternatives: { scope: string; oneOf: string[] }[];
  /** Every scope that would satisfy a missing one (the union of `alternatives`). */
  acceptedScopes: string[];
  /** Per family, the ids the caller may reach; `['*']` = every id. */
  accessibleResourceIds: string[];
  /**
   * Ids for which a per-resource route is allowed when the path's id is unknown (route
   * matrix) or not among them; `null` when per-resource scopes play no part.
   */
  perResourceIds: string[] | null;
  /** Required scopes the platform reads as the path's family scope (`sessions:write` on `/agents/a1/runs`). */
  rewritten: { scope: string; as: string }[];
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

/** The ids several requirements let through together (their intersection). */
function intersect(sets: ReadonlyArray<'all' | string[]>): 'all' | string[] {
  let out: 'all' | string[] = 'all';
  for (const s of sets) {
    if (s === 'all') continue;
    out = out === 'all' ? [...s] : out.filter((id) => s.includes(id));
  }
  return out;
}

/**
 * Whether the request is a family's listing, which the platform's handlers answer only with the
 * ids the caller may reach (`GET /agents`). `path` null = the route matrix: the pattern itself.
 */
function listingFamily(mapping: ScopeMapping | null, method: string, path: string | null, at: PathResource | null): string | null {
  const m = method.toUpperCase();
  if ((m !== 'GET' && m !== 'HEAD') || at === null || at.id !== null || at.anyId) return null;
  if (path === null) return mapping !== null && mapping.pattern.exact && mapping.pattern.text === `/${at.family}` ? at.family : null;
  const segments = pathSegments(path);
  return segments.length === 1 && (segments[0] as string).toLowerCase() === at.family ? at.family : null;
}

/** How a requirement reads after the platform's rewrite, when it differs from the mapping's text. */
function rewrittenAs(req: Requirement, at: PathResource | null): string | null {
  if (req.resource === null || !req.perId || at === null) return null;
  const parsed = checkedScope(req.written);
  // Only a scope of another resource is worth naming: `agents:run` on `/agents/a1/runs` reads as expected.
  if (parsed === null || parsed.id !== null || parsed.resource === req.resource) return null;
  return `${req.resource}:${at.id ?? '<id>'}:${req.action}`;
}

/**
 * A refusal: `unmet` are the requirements the caller fails, each named with the scopes that would
 * satisfy it on this path (what the 403 detail and the inspector show).
 */
function refusal(
  on: { isAdmin: boolean; required: readonly string[]; pathId: string | null; rewritten: AccessResult['rewritten'] },
  unmet: readonly Requirement[],
  perResourceIds: string[] | null,
): AccessResult {
  const alternatives = unmet.map((req) => ({ scope: req.written, oneOf: acceptedAlternatives(req, on.pathId) }));
  return {
    isAdmin: on.isAdmin,
    requiredScopes: [...on.required],
    missingScopes: unmet.map((r) => r.written),
    alternatives,
    acceptedScopes: [...new Set(alternatives.flatMap((a) => a.oneOf))],
    rewritten: on.rewritten,
    allowed: false,
    accessibleResourceIds: [],
    perResourceIds,
  };
}

/**
 * The scope decision, as the platform's check gives it (AgentOS 2.9 and 3). Pure: no token, no
 * clock, no settings object. Every required scope must be satisfied; ids come from
 * `/agents`, `/teams` and `/workflows` paths only; a family listing answers only the ids the
 * caller may reach and is refused when there are none.
 *
 * @example
 * evaluateAccess({ scopes: ['agents:a1:read'], adminScope: 'platform:admin',
 *   authorizationEnabled: true, mapping, method: 'GET', path: '/agents' }); // allowed, ids ['a1']
 */
export function evaluateAccess(input: AccessInput): AccessResult {
  const isAdmin = input.scopes.includes(input.adminScope);
  const required = input.mapping?.scopes ?? [];
  const base = {
    isAdmin,
    requiredScopes: input.authorizationEnabled ? [...required] : [],
    missingScopes: [] as string[],
    alternatives: [] as AccessResult['alternatives'],
    acceptedScopes: [] as string[],
    rewritten: [] as AccessResult['rewritten'],
  };
  if (!input.authorizationEnabled || isAdmin) return { ...base, allowed: true, accessibleResourceIds: ALL, perResourceIds: null };

  const at = input.path === null ? (input.mapping ? patternResource(input.mapping.pattern.text) : null) : pathResource(input.path);
  const pathId = at?.id ?? null;
  const reqs = required.map((scope) => requirementFor(scope, at, input.adminScope));
  const granted = reqs.map((req) => grantedIds(input.scopes, req));
  const passes = (g: 'all' | string[]): boolean => g === 'all' || (pathId !== null && g.includes(pathId));
  const missing = reqs.filter((_, i) => !passes(granted[i] as 'all' | string[]));
  const rewritten = reqs.flatMap((req) => {
    const as = rewrittenAs(req, at);
    return as === null ? [] : [{ scope: req.written, as }];
  });
  let allowed = missing.length === 0;

  // The platform's listing rule: a GET of a family without an id, whose first required scope is
  // of that family, is let through by the check with the ids the caller holds for its action;
  // the family's listing handler then refuses a caller who may reach no id at all.
  let listingIds: string[] | null = null;
  const first = required[0] !== undefined ? checkedScope(required[0]) : null;
  const bare = at !== null && at.id === null && !at.anyId && ['GET', 'HEAD'].includes(input.method.toUpperCase());
  if (!allowed && bare && required[0] !== undefined && required[0].split(':', 1)[0] === at.family) {
    listingIds = familyIds(input.scopes, at.family, input.adminScope, first?.action ?? null);
    allowed = true;
  }
  const family = listingFamily(input.mapping, input.method, input.path, at);
  const ids = family === null ? null : (listingIds ?? familyIds(input.scopes, family, input.adminScope, null));
  const refused = { isAdmin, required, pathId, rewritten };

  if (allowed && family !== null) {
    if (ids !== null && ids.length > 0) {
      const some = ids.includes('*') ? null : ids;
      return { ...base, rewritten, allowed: true, accessibleResourceIds: some ?? ALL, perResourceIds: some };
    }
    // Refused by the listing handler: name the family's read scope, as the platform does.
    const unmet = missing.length > 0 ? missing : [requirementFor(`${family}:read`, null, input.adminScope)];
    return refusal(refused, unmet, []);
  }

  const together = intersect(granted);
  const perResource = at !== null && (at.id !== null || at.anyId) && reqs.some((r) => r.perId);
  if (allowed) {
    const some = together === 'all' || !perResource ? null : together;
    return { ...base, rewritten, allowed: true, accessibleResourceIds: some ?? ALL, perResourceIds: some };
  }
  return refusal(refused, missing, perResource ? (together === 'all' ? [] : together) : null);
}

/**
 * The 403 detail. It names the required scopes: with one, every scope that would satisfy it
 * ("requires one of [sessions:read, sessions:*:read]"); with several, that all are needed and
 * what satisfies each missing one.
 */
export function insufficientScopesDetail(access: AccessResult): string {
  const oneOf = (a: { scope: string; oneOf: string[] }): string =>
    a.oneOf.length === 0 ? `${a.scope} (only the admin scope satisfies it)` : a.oneOf.includes(a.scope) ? `one of [${a.oneOf.join(', ')}]` : `${a.scope}, read here as one of [${a.oneOf.join(', ')}]`;
  const required = access.requiredScopes;
  const named = access.alternatives.every((a) => required.includes(a.scope));
  if (!named) {
    // The family listing's own rule: the mapping is satisfied, but no id of the family is held.
    const listing = access.alternatives
      .map((a) => {
        const family = a.scope.split(':', 1)[0] as string;
        return `listing ${family} requires one of [${a.oneOf.join(', ')}] or a scope naming one of them (${family}:<id>:read or :run)`;
      })
      .join('; ');
    return `Insufficient scopes: ${listing}${required.length > 0 ? `; the mapping's [${required.join(', ')}] is held` : ''}`;
  }
  if (required.length <= 1 && access.alternatives.length === 1) {
    return `Insufficient scopes: requires ${oneOf(access.alternatives[0] as { scope: string; oneOf: string[] })}`;
  }
  const missing = access.alternatives.map((a) => (a.oneOf.length === 0 || !a.oneOf.includes(a.scope) ? oneOf(a) : `${a.scope} (${oneOf(a)})`));
  return `Insufficient scopes: requires all of [${required.join(', ')}]; missing ${missing.join('; ')}`;
}
