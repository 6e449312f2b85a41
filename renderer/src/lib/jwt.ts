/** Reads a JWT's header and claims without verifying it (display only). */

export interface DecodedJwt {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
}

function decodePart(part: string): Record<string, unknown> | null {
  try {
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
    const bin = atob(padded);
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function decodeJwt(token: string): DecodedJwt | null {
  const parts = token.trim().split('.');
  if (parts.length !== 3 || !parts[0] || !parts[1]) return null;
  const header = decodePart(parts[0]);
  const claims = decodePart(parts[1]);
  return header && claims ? { header, claims } : null;
}

/** The claim names the auth layer reads (the settings' `scopes_claim` and `user_id_claim`). */
export interface ClaimNames {
  scopes_claim: string;
  user_id_claim: string;
}

export const DEFAULT_CLAIM_NAMES: ClaimNames = { scopes_claim: 'scopes', user_id_claim: 'sub' };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A claim as the auth layer reads it: the exact name first (claim names may hold dots, e.g.
 * `https://example.com/roles`), else a path through nested objects (`realm_access.roles`).
 */
export function readClaim(claims: Record<string, unknown>, name: string): unknown {
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
 * Scopes from the configured claim only — a list of strings or one space-delimited string — as
 * the auth layer reads them. No other claim is tried: a Keycloak token's `scope` ("openid
 * profile email") is not what `realm_access.roles` grants.
 */
export function scopesOf(claims: Record<string, unknown>, claim: string = DEFAULT_CLAIM_NAMES.scopes_claim): string[] {
  const value = readClaim(claims, claim);
  const raw = typeof value === 'string' ? value.split(/\s+/) : Array.isArray(value) ? value : [];
  return [...new Set(raw.filter((s): s is string => typeof s === 'string' && s !== ''))];
}

/** The user id claim as text (numbers as their decimal text), or null. */
export function userIdOf(claims: Record<string, unknown>, claim: string = DEFAULT_CLAIM_NAMES.user_id_claim): string | null {
  const value = readClaim(claims, claim);
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Epoch seconds of `exp`, or null. */
export function expiryOf(claims: Record<string, unknown>): number | null {
  return typeof claims.exp === 'number' ? claims.exp : null;
}
