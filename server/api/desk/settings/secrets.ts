import { createHmac, randomBytes } from 'node:crypto';

import { looksPem } from '../../../auth/key-material.js';
import { hasMaskedPassword, maskPostgresUrl, MASKED_PASSWORD } from '../../../db/postgres/url.js';
import { ValidationError, type FieldIssue } from '../../../errors.js';

/**
 * Secrets never leave rundesk: the desk shows the settings with every PostgreSQL password
 * masked (`postgresql://ada:***@db/agents`) and every HMAC shared secret (`auth.verification_keys`
 * entries that are not PEM, and `auth.secret_key`) replaced by a mask — a secret signs tokens
 * too, so a page that could read it back could mint tokens the server accepts. The UI edits
 * that view and sends it back whole, so a `PUT` that still carries a mask means "keep the secret
 * I have": it is put back from the settings file — a URL only for the same database id and the
 * same URL apart from the password, so a masked URL pointed at another host never receives the
 * password; a secret only where its mask names one the file holds.
 */

// Masks name a secret by a keyed digest: the same secret gets the same mask while this server
// runs, and the mask says nothing a guess could be checked against offline.
const MASK_KEY = randomBytes(32);
const SECRET_MASK = /^\*\*\* secret [0-9a-f]{16} \*\*\*$/;

/** The mask shown for an HMAC secret. */
export function maskedSecret(secret: string): string {
  return `*** secret ${createHmac('sha256', MASK_KEY).update(secret).digest('hex').slice(0, 16)} ***`;
}

/** A verification key text that is a shared secret (what the auth layer does not read as PEM). */
function isSharedSecret(text: unknown): text is string {
  return typeof text === 'string' && !looksPem(text);
}

type AuthLike = { verification_keys?: unknown; secret_key?: unknown } & Record<string, unknown>;

function authOf(settings: unknown): AuthLike | null {
  const auth = (settings as { auth?: unknown } | null)?.auth;
  return auth !== null && typeof auth === 'object' && !Array.isArray(auth) ? (auth as AuthLike) : null;
}

function maskAuth<T>(settings: T): T {
  const auth = authOf(settings);
  if (auth === null) return settings;
  const next: AuthLike = { ...auth };
  if (Array.isArray(auth.verification_keys)) next.verification_keys = auth.verification_keys.map((k) => (isSharedSecret(k) ? maskedSecret(k) : k));
  if (isSharedSecret(auth.secret_key)) next.secret_key = maskedSecret(auth.secret_key);
  return { ...(settings as object), auth: next } as T;
}

/** `input`'s masked secrets put back from `current` (the settings file as written); unknown masks are issues. */
function restoreAuth<T>(input: T, current: unknown, issues: FieldIssue[]): T {
  const auth = authOf(input);
  if (auth === null) return input;
  const saved = authOf(current);
  const known = new Map<string, string>();
  for (const text of [...(Array.isArray(saved?.verification_keys) ? saved.verification_keys : []), saved?.secret_key]) {
    if (isSharedSecret(text)) known.set(maskedSecret(text), text);
  }
  const restore = (value: unknown, where: string): unknown => {
    if (typeof value !== 'string' || !SECRET_MASK.test(value)) return value;
    const real = known.get(value);
    if (real !== undefined) return real;
    issues.push({ path: where, message: 'the secret is shown masked and is not one the settings file holds: type the secret' });
    return value;
  };
  const next: AuthLike = { ...auth };
  if (Array.isArray(auth.verification_keys)) next.verification_keys = auth.verification_keys.map((k, i) => restore(k, `auth.verification_keys.${i}`));
  if (auth.secret_key !== undefined) next.secret_key = restore(auth.secret_key, 'auth.secret_key');
  return { ...(input as object), auth: next } as T;
}

type Entries = readonly unknown[];

function databasesOf(settings: unknown): Entries | null {
  const dbs = (settings as { databases?: unknown } | null)?.databases;
  return Array.isArray(dbs) ? dbs : null;
}

function urlOf(entry: unknown): string | undefined {
  const url = (entry as { url?: unknown } | null)?.url;
  return typeof url === 'string' ? url : undefined;
}

/** A copy of `settings` (resolved or as written) with each `databases[].url` password and HMAC secret masked. */
export function maskSettingsSecrets<T>(input: T): T {
  const settings = maskAuth(input);
  const dbs = databasesOf(settings);
  if (dbs === null) return settings;
  const masked = dbs.map((entry) => {
    const url = urlOf(entry);
    return url === undefined ? entry : { ...(entry as object), url: maskPostgresUrl(url) };
  });
  return { ...(settings as object), databases: masked } as T;
}

/**
 * `input` with every masked password restored from `current` (the settings file as written).
 * A mask that cannot be matched is a 422 naming the field: type the password, or use `url_env`.
 */
export function restoreMaskedSecrets<T>(given: T, current: unknown): T {
  const issues: FieldIssue[] = [];
  const input = restoreAuth(given, current, issues);
  const dbs = databasesOf(input);
  if (dbs === null) return throwIfIssues(input, issues);
  const known = new Map<string, string>();
  for (const entry of databasesOf(current) ?? []) {
    const id = (entry as { id?: unknown } | null)?.id;
    const url = urlOf(entry);
    if (typeof id === 'string' && url !== undefined) known.set(id, url);
  }
  const restored = dbs.map((entry, index) => {
    const url = urlOf(entry);
    if (url === undefined || !hasMaskedPassword(url)) return entry;
    const real = known.get(String((entry as { id?: unknown }).id));
    if (real !== undefined && maskPostgresUrl(real) === maskPostgresUrl(url)) return { ...(entry as object), url: real };
    issues.push({
      path: `databases.${index}.url`,
      message: `the password is shown masked (${MASKED_PASSWORD}) and this URL is not the saved one: type the password, or keep it out of the settings with url_env`,
    });
    return entry;
  });
  return throwIfIssues({ ...(input as object), databases: restored } as T, issues);
}

function throwIfIssues<T>(value: T, issues: FieldIssue[]): T {
  if (issues.length > 0) throw new ValidationError(`invalid settings: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`, issues);
  return value;
}
