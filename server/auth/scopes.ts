/**
 * Scope strings and how the platform's scope check reads them (AgentOS 2.9 and 3, recorded in
 * `test/compat/recordings/scope-verdicts-*.json`):
 *
 * - `resource:action` is resource-wide; `resource:<id>:action` names one id; `resource:*:action`
 *   every id. Anything else (`openid`, four parts) is satisfied by nothing but the admin scope.
 * - Resource ids come from the request path only, and only under `/agents`, `/teams` and
 *   `/workflows` (`/a2a/...` too): `sessions:s1:read` grants nothing, anywhere.
 * - On such a path with an id, a two-part required scope is read as the path's family with that
 *   action: `sessions:write` required on `/agents/a1/runs` asks for `agents:a1:write` (or
 *   `agents:write`, `agents:*:write`). A required scope that names an id is compared with the
 *   path's id, not its own.
 * - Every required scope of a mapping must be satisfied (all-of). The admin scope is handled by
 *   the caller.
 */

/** A scope split for display (ids may hold `:`); `null` for an opaque scope. */
export interface ParsedScope {
  resource: string;
  /** `null` for a resource-wide scope; `'*'` for every resource id; otherwise one id. */
  id: string | null;
  action: string;
}

/**
 * Splits a scope into resource, optional id and action, for display and lint. Ids may
 * themselves contain `:` (the middle parts are joined), so `parseScope(formatScope(p))`
 * round-trips. The check itself reads scopes as the platform does (`checkedScope`).
 *
 * @example
 * parseScope('agents:a1:read'); // { resource: 'agents', id: 'a1', action: 'read' }
 * parseScope('openid');         // null (opaque)
 */
export function parseScope(scope: string): ParsedScope | null {
  if (/\s/.test(scope)) return null;
  const parts = scope.split(':');
  if (parts.length < 2 || parts.some((p) => p === '')) return null;
  const resource = parts[0] as string;
  const action = parts[parts.length - 1] as string;
  const id = parts.length === 2 ? null : parts.slice(1, -1).join(':');
  return { resource, id, action };
}

export function formatScope(scope: ParsedScope): string {
  return scope.id === null ? `${scope.resource}:${scope.action}` : `${scope.resource}:${scope.id}:${scope.action}`;
}

/** Resource names the platform still accepts under their old name. */
const LEGACY_RESOURCES: Readonly<Record<string, string>> = { system: 'config' };

/**
 * A scope as the platform's check reads it: exactly two or three `:`-separated parts, a legacy
 * resource name (`system`) read as its current one (`config`), an empty id read as none (the
 * platform tests ids for truth). `null` = opaque: it grants nothing and nothing grants it.
 */
export function checkedScope(scope: string): ParsedScope | null {
  const parts = scope.split(':');
  if (parts.length !== 2 && parts.length !== 3) return null;
  const first = parts[0] as string;
  const resource = LEGACY_RESOURCES[first] ?? first;
  const id = parts.length === 3 && parts[1] !== '' ? (parts[1] as string) : null;
  return { resource, id, action: parts[parts.length - 1] as string };
}

/** The resource a request path names, as the platform derives it: a family and maybe an id. */
export interface PathResource {
  /** `agents`, `teams` or `workflows`. */
  family: string;
  /** The path segment after the family, decoded; `null` when the path names none. */
  id: string | null;
  /** For a route pattern (the route matrix): the path names an id, any id. */
  anyId: boolean;
}

/** Families whose paths carry resource ids on the platform. */
export const RESOURCE_FAMILIES: readonly string[] = ['agents', 'teams', 'workflows'];

const FAMILY_PATH = /^\/(?:a2a\/)?(agents|teams|workflows)(?:\/([^/]+))?(?:\/|$)/i;

/**
 * The family and id of a request path (`/agents/a%201/runs` → agents, `a 1`), or `null` off the
 * families. Letters of the family compare case-insensitively, as rundesk routes them.
 */
export function pathResource(path: string): PathResource | null {
  const m = FAMILY_PATH.exec(path);
  if (!m) return null;
  const raw = m[2];
  let id: string | null = null;
  if (raw !== undefined) {
    try {
      id = decodeURIComponent(raw);
    } catch {
      id = raw;
    }
  }
  return { family: (m[1] as string).toLowerCase(), id, anyId: false };
}

/**
 * The same for a route pattern (`/agents/{agent_id}/runs`, `/agents/*`): a wildcard or `{param}`
 * segment after the family stands for any id; a literal one is that id.
 */
export function patternResource(text: string): PathResource | null {
  const at = pathResource(text);
  if (!at || at.id === null) return at;
  return /[*?[{]/.test(at.id) ? { family: at.family, id: null, anyId: true } : at;
}

/** One required scope as the check applies it to a request. */
export interface Requirement {
  /** The scope as the mapping writes it. */
  written: string;
  /** `null`: nothing but the admin scope satisfies it. */
  resource: string | null;
  action: string;
  /** The requirement is about the path's id (a held per-resource scope must name it). */
  perId: boolean;
}

/**
 * How the platform applies one mapping scope on a request: a two-part scope on a path naming a
 * family id becomes that family's scope for the id, whatever resource it named.
 *
 * @example
 * requirementFor('sessions:write', { family: 'agents', id: 'a1', anyId: false }, 'platform:admin');
 * // { written: 'sessions:write', resource: 'agents', action: 'write', perId: true }
 */
export function requirementFor(written: string, at: PathResource | null, adminScope: string): Requirement {
  const parsed = checkedScope(written);
  const namesId = at !== null && (at.id !== null || at.anyId);
  if (parsed && parsed.id === null && written.split(':').length === 2 && namesId) {
    return { written, resource: at.family, action: parsed.action, perId: true };
  }
  if (!parsed || written === adminScope) return { written, resource: null, action: '', perId: false };
  return { written, resource: parsed.resource, action: parsed.action, perId: parsed.id !== null };
}

/**
 * Whether one held scope satisfies one requirement on a request about `pathId` (the path's
 * family id, `null` when it names none). A resource-wide held scope (`agents:read`,
 * `agents:*:read`) satisfies any requirement of its resource and action; a per-resource one
 * only a per-id requirement, and only for the path's own id.
 */
export function scopeGrants(held: string, req: Requirement, pathId: string | null): boolean {
  const h = checkedScope(held);
  if (!h || req.resource === null || h.resource !== req.resource || h.action !== req.action) return false;
  if (h.id === null || h.id === '*') return true;
  return req.perId && pathId !== null && h.id === pathId;
}

/**
 * Which ids of a path a requirement lets through for these held scopes: `'all'`, or the ids of
 * the held per-resource scopes that satisfy it (empty when it is not about an id).
 */
export function grantedIds(held: readonly string[], req: Requirement): 'all' | string[] {
  const ids = new Set<string>();
  for (const scope of held) {
    const h = checkedScope(scope);
    if (!h || req.resource === null || h.resource !== req.resource || h.action !== req.action) continue;
    if (h.id === null || h.id === '*') return 'all';
    if (req.perId) ids.add(h.id);
  }
  return [...ids];
}

/**
 * The ids of a family a caller may list, as the platform's listing handlers compute them:
 * `['*']` for the admin scope or a family-wide scope, else the ids of per-resource scopes. Only
 * scopes with `action` count, or `read` and `run` when `action` is `null`.
 */
export function familyIds(held: readonly string[], family: string, adminScope: string, action: string | null): string[] {
  const actions = action === null ? ['read', 'run'] : [action];
  const ids = new Set<string>();
  for (const scope of held) {
    if (scope === adminScope) return ['*'];
    const h = checkedScope(scope);
    if (!h || h.resource !== family || !actions.includes(h.action)) continue;
    if (h.id === null || h.id === '*') return ['*'];
    ids.add(h.id);
  }
  return [...ids];
}

/**
 * The scopes that would each satisfy a requirement on a request about `pathId`, for 403
 * details ("one of [agents:read, agents:a1:read, agents:*:read]"). Empty when only the admin
 * scope would.
 */
export function acceptedAlternatives(req: Requirement, pathId: string | null): string[] {
  if (req.resource === null) return [];
  const wide = `${req.resource}:${req.action}`;
  const all = `${req.resource}:*:${req.action}`;
  return req.perId && pathId !== null ? [wide, `${req.resource}:${pathId}:${req.action}`, all] : [wide, all];
}
