import { decodeJwt as decodePayload, decodeProtectedHeader } from 'jose';

/** A JWT's header and claims as read without verifying it (display only). */
export interface DecodedJwt {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
}

/**
 * Reads a compact JWS's header and claims without verifying it, or null when it is not one
 * (jose's decoders, which throw on malformed input; an encrypted JWE has no readable claims).
 */
export function decodeJwt(token: string): DecodedJwt | null {
  const compact = token.trim();
  try {
    return { header: decodeProtectedHeader(compact) as Record<string, unknown>, claims: decodePayload(compact) as Record<string, unknown> };
  } catch {
    return null;
  }
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
