/**
 * Scope strings: `resource:action`, `resource:<id>:action` and `resource:*:action`
 *. Anything else (e.g. a provider's `openid`) is an opaque scope that only an
 * identical string satisfies. The admin scope is handled by the caller, not here.
 */

export interface ParsedScope {
  resource: string;
  /** `null` for a resource-wide scope; `'*'` for every resource id; otherwise one id. */
  id: string | null;
  action: string;
}

/**
 * Splits a scope into resource, optional id and action. Ids may themselves contain `:`
 * (the middle parts are joined), so `parseScope(formatScope(p))` round-trips.
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

/** `resource:*:action` asks for the same thing as `resource:action`. */
function isResourceWide(scope: ParsedScope): boolean {
  return scope.id === null || scope.id === '*';
}

/**
 * Whether one held scope satisfies one required scope for a request on `resourceId`
 * (the id taken from the path, or `null` when the route names no resource).
 *
 * - identical strings always match;
 * - a resource-wide held scope (`agents:read`, `agents:*:read`) covers every id;
 * - a per-resource held scope (`agents:a1:read`) covers a resource-wide requirement only
 *   when the request is about that very resource (`resourceId === 'a1'`), and a
 *   per-resource requirement only for the same id.
 */
export function scopeGrants(held: string, required: string, resourceId: string | null): boolean {
  if (held === required) return true;
  const h = parseScope(held);
  const r = parseScope(required);
  if (!h || !r || h.resource !== r.resource || h.action !== r.action) return false;
  if (isResourceWide(h)) return true;
  if (!isResourceWide(r)) return h.id === r.id;
  return resourceId !== null && h.id === resourceId;
}

/**
 * The ids of per-resource scopes the caller holds for a resource-wide requirement
 * (`agents:a1:read`, `agents:a2:read` → `['a1', 'a2']` for `agents:read`).
 */
export function heldResourceIds(held: readonly string[], required: string): string[] {
  const r = parseScope(required);
  if (!r || !isResourceWide(r)) return [];
  const ids = new Set<string>();
  for (const scope of held) {
    const h = parseScope(scope);
    if (h && !isResourceWide(h) && h.resource === r.resource && h.action === r.action) ids.add(h.id as string);
  }
  return [...ids];
}

/**
 * The scopes that would each satisfy `required` for `resourceId`, for 403 details
 * ("requires one of [agents:read, agents:a1:read, agents:*:read]").
 */
export function acceptedAlternatives(required: string, resourceId: string | null): string[] {
  const r = parseScope(required);
  if (!r || !isResourceWide(r)) return [required];
  const wide = formatScope({ ...r, id: null });
  const all = formatScope({ ...r, id: '*' });
  return resourceId === null ? [wide, all] : [wide, formatScope({ ...r, id: resourceId }), all];
}
