import { parse } from 'pg-connection-string';
import { ConfigError } from '../../errors.js';

/**
 * PostgreSQL URLs as rundesk shows them. A URL can carry a password twice — in its user info
 * (`postgresql://ada:secret@…`) and as a `?password=` option, which `pg` reads too — and its
 * host and port can be overridden by `?host=` and `?port=` options, which `pg` prefers to the
 * ones before the path. What rundesk shows is what `pg` contacts, and never a password.
 */

/** What a password is replaced with wherever a URL is shown; a URL sent back with it keeps the real one. */
export const MASKED_PASSWORD = '***';

/** Query options `pg` reads as secrets. */
const SECRET_OPTIONS = ['password', 'sslpassword'];

const DEFAULT_PORT = '5432';

/** A usable `postgres://` or `postgresql://` URL, or a one-line ConfigError that does not echo it. */
export function parsePostgresUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError('the database url is not a URL; write postgresql://user:password@host:port/database');
  }
  if (parsed.protocol !== 'postgresql:' && parsed.protocol !== 'postgres:') {
    throw new ConfigError(`the database url must start with postgresql:// (got ${parsed.protocol}//)`);
  }
  if (!parsed.hostname) throw new ConfigError('the database url names no host');
  return parsed;
}

function bracketed(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/**
 * `postgresql://ada:secret@db.internal:5432/agents?sslmode=require` →
 * `postgresql://ada@db.internal:5432/agents`: the user, host, port and database `pg` connects
 * with (`?host=`, `?port=` and `?user=` options win over the URL's own, as in `pg`), never the
 * password.
 *
 * @example
 * displayPostgresUrl('postgresql://u:pw@127.0.0.1:1/agents?host=10.0.0.5&port=55481'); // 'postgresql://u@10.0.0.5:55481/agents'
 */
export function displayPostgresUrl(url: string): string {
  const parsed = parsePostgresUrl(url);
  // pg-connection-string is what `pg` reads the URL with: its user, host and port are the ones
  // contacted. `sslmode` does not change who is contacted, and parsing it warns on stderr.
  const contacted = new URL(parsed);
  contacted.searchParams.delete('sslmode');
  const config = parse(contacted.toString());
  const user = config.user ?? '';
  const host = config.host || parsed.hostname;
  const port = config.port || DEFAULT_PORT;
  return `postgresql://${user ? `${user}@` : ''}${bracketed(host)}:${port}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}

/**
 * The URL as written, with every password replaced by `***`:
 * `postgresql://ada:***@db.internal/agents?sslmode=require`. A URL that is not one is returned
 * as `***` entirely, since its parts cannot be told apart.
 */
export function maskPostgresUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = parsePostgresUrl(url);
  } catch {
    return MASKED_PASSWORD;
  }
  if (parsed.password) parsed.password = MASKED_PASSWORD;
  for (const name of SECRET_OPTIONS) if (parsed.searchParams.has(name)) parsed.searchParams.set(name, MASKED_PASSWORD);
  return parsed.toString();
}

/** Whether `url` carries a masked password where a real one would be (a URL echoed back from the desk). */
export function hasMaskedPassword(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url === MASKED_PASSWORD;
  }
  const masked = encodeURIComponent(MASKED_PASSWORD);
  return (
    parsed.password === MASKED_PASSWORD ||
    parsed.password === masked ||
    SECRET_OPTIONS.some((name) => parsed.searchParams.get(name) === MASKED_PASSWORD)
  );
}
