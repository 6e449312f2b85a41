/**
 * Reading configured claims out of a verified (or, with `validate: false`, decoded) payload.
 */

export type Claims = Record<string, unknown>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The value of a claim. A name with dots (`realm_access.roles`) is first looked up as-is,
 * since claim names may legitimately contain dots (namespaced claims such as
 * `https://example.com/roles`); only when no claim has that exact name is it read as a path
 * through nested objects. Own properties only, so `__proto__` or `constructor` never
 * resolve to something the token did not carry.
 *
 * @example
 * readClaim({ realm_access: { roles: ['agents:read'] } }, 'realm_access.roles'); // ['agents:read']
 */
export function readClaim(claims: Claims, name: string): unknown {
  if (Object.hasOwn(claims, name)) return claims[name];
  if (!name.includes('.')) return undefined;
  let current: unknown = claims;
  for (const part of name.split('.')) {
    if (!isPlainObject(current) || !Object.hasOwn(current, part)) return undefined;
    current = current[part];
  }
  return current;
}

/**
 * Scopes from the scopes claim: a list of strings, or one space-delimited string
 * (`scope`, RFC 9068 / RFC 8693). Other types give no scopes. Order kept, duplicates dropped.
 */
export function scopesFromClaim(value: unknown): string[] {
  const raw = typeof value === 'string' ? value.split(/\s+/) : Array.isArray(value) ? value : [];
  const scopes = raw.filter((s): s is string => typeof s === 'string' && s !== '');
  return [...new Set(scopes)];
}

/** A string id claim (`sub`, `session_id`); numbers are accepted as their decimal text. */
export function idFromClaim(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** The audience claim as the request state exposes it: a string, a list of strings, or null. */
export function audienceFromClaim(value: unknown): string | string[] | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const list = value.filter((v): v is string => typeof v === 'string');
    return list.length > 0 ? list : null;
  }
  return null;
}

/** Whether the token's audience names any expected audience. A missing audience never does. */
export function audienceMatches(tokenAudience: string | string[] | null, expected: readonly string[]): boolean {
  if (tokenAudience === null) return false;
  const list = typeof tokenAudience === 'string' ? [tokenAudience] : tokenAudience;
  return list.some((a) => expected.includes(a));
}

/** `dependencies_claims` / `session_state_claims`: present claims copied under their configured names. */
export function pickClaims(claims: Claims, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const value = readClaim(claims, name);
    if (value !== undefined) out[name] = value;
  }
  return out;
}
