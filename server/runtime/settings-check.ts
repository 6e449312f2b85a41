import { createAuthLayer, type ScopeTable } from '../auth/index.js';
import type { AuthCaches } from '../auth/token-cache.js';
import type { AuthLayer } from '../auth/types.js';
import type { AttachEntry, DatabaseRegistry } from '../db/types.js';
import { ConfigError, type FieldIssue, ValidationError } from '../errors.js';
import { isLoopbackHost, unvalidatedExposedHostReason } from './loopback.js';
import { resolveSettings } from '../settings/load.js';
import type { DatabaseEntry, Settings, SettingsInput } from '../settings/schema.js';

/**
 * The validation a settings change goes through, shared by `applySettings` (PUT) and the
 * dry run (`POST /desk/settings/validate`) so the two cannot drift: the settings schema,
 * the auth layer's construction (key files, keys vs. algorithm, a key source when
 * validating), and a read-only check of every database entry that would be (re)attached.
 */

export interface SettingsCheckContext {
  env: NodeJS.ProcessEnv;
  /** Relative paths in the settings resolve against it (the settings file's folder). */
  baseDir: string;
  log: (message: string) => void;
  databases: DatabaseRegistry;
  /** The default scope table the auth layer is built with. */
  defaultScopeMappings: ScopeTable;
  /** The settings in force: database entries unchanged from them stay attached and are not re-checked. */
  current: Settings;
  /** The address the server listens on, when it runs: `validate: false` needs a loopback one. */
  listenHost?: string | undefined;
  /** The server's token and decision caches, for a layer that will serve (a dry run's keeps its own). */
  authCaches?: AuthCaches | undefined;
}

export interface CheckedSettings {
  settings: Settings;
  warnings: string[];
  /** The new auth layer, built but not in force: the caller swaps it in or closes it. */
  auth: AuthLayer;
}

/** A settings entry as the registry takes it. */
export function attachEntryOf(entry: DatabaseEntry): AttachEntry {
  return { id: entry.id, path: entry.path, url: entry.url, urlEnv: entry.url_env, schema: entry.schema, readOnly: entry.read_only, sessionTable: entry.session_table };
}

export function sameDatabaseEntry(a: DatabaseEntry, b: DatabaseEntry): boolean {
  return (
    a.path === b.path &&
    a.url === b.url &&
    a.url_env === b.url_env &&
    a.schema === b.schema &&
    a.read_only === b.read_only &&
    a.session_table === b.session_table
  );
}

/** Validates `input` without changing anything; throws `ValidationError` with one issue per bad field. */
export async function checkSettings(input: SettingsInput, ctx: SettingsCheckContext): Promise<CheckedSettings> {
  let resolved: { settings: Settings; warnings: string[] };
  try {
    resolved = resolveSettings(input, ctx.env, ctx.baseDir);
  } catch (err) {
    if (err instanceof ConfigError) throw new ValidationError(err.message, err.issues, { cause: err });
    throw err;
  }
  let auth: AuthLayer | null = null;
  let authError: ConfigError | null = null;
  try {
    auth = await createAuthLayer(resolved.settings.auth, {
      osId: resolved.settings.os_id,
      defaultScopeMappings: ctx.defaultScopeMappings,
      env: ctx.env,
      log: ctx.log,
      caches: ctx.authCaches,
    });
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    authError = err;
  }
  // Report bad databases alongside a bad auth section: the form shows every issue at once.
  const dbIssues = checkDatabaseEntries(resolved.settings, ctx);
  const hostIssues: FieldIssue[] =
    !resolved.settings.auth.validate && ctx.listenHost !== undefined && !isLoopbackHost(ctx.listenHost)
      ? [{ path: 'auth.validate', message: unvalidatedExposedHostReason(ctx.listenHost) }]
      : [];
  const issues: FieldIssue[] = [
    ...(authError ? (authError.issues.length > 0 ? authError.issues : [{ path: 'auth', message: authError.message }]) : []),
    ...hostIssues,
    ...dbIssues,
  ];
  if (issues.length > 0 || !auth) {
    auth?.close();
    const detail = authError?.message ?? [...hostIssues, ...dbIssues].map((i) => i.message).join('; ');
    throw new ValidationError(detail, issues, { cause: authError ?? undefined });
  }
  return { settings: resolved.settings, warnings: resolved.warnings, auth };
}

function checkDatabaseEntries(next: Settings, ctx: SettingsCheckContext): FieldIssue[] {
  const before = new Map(ctx.current.databases.map((d) => [d.id, d]));
  const issues: FieldIssue[] = [];
  next.databases.forEach((entry, index) => {
    const old = before.get(entry.id);
    if (old && sameDatabaseEntry(old, entry)) return;
    try {
      ctx.databases.check(attachEntryOf(entry));
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      issues.push(...(err.issues.length > 0 ? err.issues : [{ path: `databases.${index}`, message: err.message }]));
    }
  });
  return issues;
}

/** The dry run: `{ valid, issues }`, never a throw for bad settings. Nothing is applied or written. */
export async function dryRunSettings(input: SettingsInput, ctx: SettingsCheckContext): Promise<{ valid: boolean; issues: FieldIssue[] }> {
  try {
    const checked = await checkSettings(input, ctx);
    checked.auth.close();
    return { valid: true, issues: [] };
  } catch (err) {
    if (err instanceof ValidationError) {
      const issues = err.issues.length > 0 ? [...err.issues] : [{ path: '', message: err.message }];
      return { valid: false, issues };
    }
    throw err;
  }
}
