/**
 * Decoding a compact JWS without verifying it: for `validate: false`, for picking the key
 * by `kid`, and for showing header and claims in the workbench even when verification
 * fails. Never throws; a malformed token gives a reason instead.
 */

/** Longer tokens are refused before any parsing (real ones are a few KB). */
export const MAX_TOKEN_LENGTH = 64 * 1024;

export type DecodedToken =
  | { ok: true; header: Record<string, unknown>; claims: Record<string, unknown> }
  | { ok: false; reason: string; header: Record<string, unknown> | null };

const BASE64URL = /^[A-Za-z0-9_-]*$/;

function decodeSegment(segment: string): Record<string, unknown> | string {
  if (segment === '' || !BASE64URL.test(segment)) return 'is not base64url';
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    return 'is not JSON';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'is not a JSON object';
  return value as Record<string, unknown>;
}

/**
 * @example
 * const d = decodeToken(token);
 * if (d.ok) console.log(d.header.kid, d.claims.sub);
 */
export function decodeToken(token: string): DecodedToken {
  if (token.length > MAX_TOKEN_LENGTH) {
    return { ok: false, reason: `the token is longer than ${MAX_TOKEN_LENGTH} characters`, header: null };
  }
  const parts = token.split('.');
  if (parts.length !== 3) {
    return { ok: false, reason: `a JWT has 3 dot-separated segments; this one has ${parts.length}`, header: null };
  }
  const header = decodeSegment(parts[0] as string);
  if (typeof header === 'string') return { ok: false, reason: `the header ${header}`, header: null };
  const claims = decodeSegment(parts[1] as string);
  if (typeof claims === 'string') return { ok: false, reason: `the payload ${claims}`, header };
  if (!BASE64URL.test(parts[2] as string)) return { ok: false, reason: 'the signature is not base64url', header };
  return { ok: true, header, claims };
}
