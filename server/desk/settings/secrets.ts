import { hasMaskedPassword, maskPostgresUrl, MASKED_PASSWORD } from '../../db/postgres/url.js';
import { ValidationError, type FieldIssue } from '../../errors.js';

/**
 * Secrets never leave rundesk: the desk shows the settings with every PostgreSQL password
 * masked (`postgresql://ada:***@db/agents`). The UI edits that view and sends it back whole,
 * so a `PUT` whose URL still carries the mask means "keep the password I have": it is put back
 * from the settings file — only for the same database id and the same URL apart from the
 * password, so a masked URL pointed at another host never receives the password.
 */

type Entries = readonly unknown[];

function databasesOf(settings: unknown): Entries | null {
  const dbs = (settings as { databases?: unknown } | null)?.databases;
  return Array.isArray(dbs) ? dbs : null;
}

function urlOf(entry: unknown): string | undefined {
  const url = (entry as { url?: unknown } | null)?.url;
  return typeof url === 'string' ? url : undefined;
}

/** A copy of `settings` (resolved or as written) with each `databases[].url` password masked. */
export function maskSettingsSecrets<T>(settings: T): T {
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
export function restoreMaskedSecrets<T>(input: T, current: unknown): T {
  const dbs = databasesOf(input);
  if (dbs === null) return input;
  const known = new Map<string, string>();
  for (const entry of databasesOf(current) ?? []) {
    const id = (entry as { id?: unknown } | null)?.id;
    const url = urlOf(entry);
    if (typeof id === 'string' && url !== undefined) known.set(id, url);
  }
  const issues: FieldIssue[] = [];
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
  if (issues.length > 0) throw new ValidationError(`invalid settings: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`, issues);
  return { ...(input as object), databases: restored } as T;
}
