/**
 * Where a claim goes in a minted payload. Names with dots (`realm_access.roles`) become
 * nested objects, the way Keycloak shapes them; names that look like URLs or URNs
 * (`https://example.com/roles`, Auth0's namespaced claims) stay literal, because the dots
 * there are part of the name. The auth core reads both forms (exact name first, then path).
 */
export function isClaimPath(name: string): boolean {
  return name.includes('.') && !name.includes('/') && !name.includes(':') && name.split('.').every((p) => p !== '');
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** An own, enumerable property even for `__proto__`, which plain assignment would treat as the prototype. */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Sets a claim, creating nested objects for a dotted path; returns the same object. */
export function setClaim(claims: Record<string, unknown>, name: string, value: unknown): Record<string, unknown> {
  if (!isClaimPath(name)) {
    define(claims, name, value);
    return claims;
  }
  const parts = name.split('.');
  if (parts.some((p) => FORBIDDEN_KEYS.has(p))) {
    define(claims, name, value);
    return claims;
  }
  let current = claims;
  for (const part of parts.slice(0, -1)) {
    const next = Object.hasOwn(current, part) ? current[part] : undefined;
    if (typeof next === 'object' && next !== null && !Array.isArray(next)) {
      current = next as Record<string, unknown>;
    } else {
      const created: Record<string, unknown> = {};
      define(current, part, created);
      current = created;
    }
  }
  define(current, parts[parts.length - 1] as string, value);
  return claims;
}
