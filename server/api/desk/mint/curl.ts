import type { AuthSettings } from '../../../settings/schema.js';

/** Single-quotes a value for POSIX shells. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * A copy-paste `curl` for `path` that carries the token where the settings look for it:
 * the configured header (with `Bearer ` for `Authorization`), or the cookie when the token
 * source is `COOKIE`.
 *
 * @example
 * curlExample('eyJ…', 'http://127.0.0.1:7777', settings.auth, '/sessions/s1/runs/r1')
 * // curl -H 'Authorization: Bearer eyJ…' 'http://127.0.0.1:7777/sessions/s1/runs/r1'
 */
export function curlExample(
  token: string,
  baseUrl: string,
  auth: Pick<AuthSettings, 'token_source' | 'token_header_key' | 'cookie_name'>,
  path: string,
): string {
  const url = shellQuote(`${baseUrl}${path}`);
  if (auth.token_source === 'COOKIE') return `curl --cookie ${shellQuote(`${auth.cookie_name}=${token}`)} ${url}`;
  const value = auth.token_header_key.toLowerCase() === 'authorization' ? `Bearer ${token}` : token;
  return `curl -H ${shellQuote(`${auth.token_header_key}: ${value}`)} ${url}`;
}
