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

/** Scopes from the usual claims (`scopes` array or space-separated `scope`/`scp`). */
export function scopesOf(claims: Record<string, unknown>, claim = 'scopes'): string[] {
  for (const key of [claim, 'scopes', 'scope', 'scp', 'permissions']) {
    const v = claims[key];
    if (Array.isArray(v)) return v.filter((s): s is string => typeof s === 'string');
    if (typeof v === 'string' && v.trim()) return v.trim().split(/\s+/);
  }
  return [];
}

/** Epoch seconds of `exp`, or null. */
export function expiryOf(claims: Record<string, unknown>): number | null {
  return typeof claims.exp === 'number' ? claims.exp : null;
}
