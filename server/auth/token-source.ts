import type { AuthSettings } from '../settings/schema.js';
import type { AuthRequest } from './types.js';

/**
 * Where the token comes from: a header (default `Authorization`), a cookie
 * (default `access_token`), or both with the header first.
 */

export type TokenSourceSettings = Pick<AuthSettings, 'token_source' | 'token_header_key' | 'cookie_name'>;

export interface ExtractedToken {
  token: string | null;
  /** Where it was found, or why nothing usable was (for inspection; never contains the token). */
  from: 'header' | 'cookie' | null;
  note: string | null;
}

function firstValue(value: string | readonly string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : value?.[0];
}

/**
 * Removes a `Bearer ` prefix (any case). A value without a scheme is taken as the token
 * itself (custom headers often carry it bare); another scheme (`Basic ...`) is no token.
 */
export function stripBearer(value: string): { token: string | null; scheme: string | null } {
  const trimmed = value.trim();
  if (trimmed.toLowerCase() === 'bearer') return { token: null, scheme: 'Bearer' };
  const match = /^(\S+)\s+(.*)$/s.exec(trimmed);
  if (!match) return { token: trimmed === '' ? null : trimmed, scheme: null };
  const scheme = match[1] as string;
  if (scheme.toLowerCase() !== 'bearer') return { token: null, scheme };
  const token = (match[2] as string).trim();
  return { token: token === '' ? null : token, scheme: 'Bearer' };
}

/**
 * One cookie's value from a `Cookie` header, or `undefined`. Pairs are split on `;`, the
 * name is compared exactly, surrounding quotes are removed and `%XX` escapes decoded
 * (left as-is if malformed rather than throwing).
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/** Finds the token where the settings say. Header lookup is case-insensitive. */
export function extractToken(request: AuthRequest, settings: TokenSourceSettings): ExtractedToken {
  const notes: string[] = [];
  if (settings.token_source !== 'COOKIE') {
    const raw = firstValue(request.headers[settings.token_header_key.toLowerCase()]);
    if (raw !== undefined) {
      const { token, scheme } = stripBearer(raw);
      if (token) return { token, from: 'header', note: null };
      notes.push(
        scheme && scheme !== 'Bearer'
          ? `the ${settings.token_header_key} header uses the ${scheme} scheme, not Bearer`
          : `the ${settings.token_header_key} header is empty`,
      );
    }
  }
  if (settings.token_source !== 'HEADER') {
    const raw = readCookie(firstValue(request.headers.cookie), settings.cookie_name);
    if (raw !== undefined) {
      const { token } = stripBearer(raw);
      if (token) return { token, from: 'cookie', note: null };
      notes.push(`the ${settings.cookie_name} cookie is empty`);
    }
  }
  return { token: null, from: null, note: notes.length > 0 ? notes.join('; ') : null };
}

/** The stable 401 detail for a missing token, naming where it was expected. */
export function missingTokenDetail(settings: TokenSourceSettings): string {
  const header = `the ${settings.token_header_key} header`;
  const cookie = `the ${settings.cookie_name} cookie`;
  switch (settings.token_source) {
    case 'HEADER':
      return `Missing bearer token in ${header}`;
    case 'COOKIE':
      return `Missing token in ${cookie}`;
    case 'BOTH':
      return `Missing bearer token in ${header} or ${cookie}`;
  }
}
