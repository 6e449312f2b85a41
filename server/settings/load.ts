import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { ConfigError, type FieldIssue } from '../errors.js';
import { writeFileAtomic } from '../files/atomic-write.js';
import { SettingsSchema, UpstreamSettingsSchema, type Settings, type SettingsInput } from './schema.js';

/** Where the settings came from, and whether the desk may write them back. */
export interface LoadedSettings {
  settings: Settings;
  /** Absolute path of the file read. */
  path: string;
  /** `--config FILE` settings are shown but never written (the file is the user's). */
  writable: boolean;
  /** One line each, printed at startup (e.g. the deprecated `secret_key`). */
  warnings: string[];
}

/** Turns zod issues into `{ path, message }` with dotted paths that name the key. */
export function toFieldIssues(error: z.ZodError, prefix = ''): FieldIssue[] {
  return error.issues.map((issue) => {
    let p = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    let message = issue.message;
    if (issue.code === 'invalid_key' && issue.issues[0]) {
      // zod says only "Invalid key in record"; the key's own check says what is wrong with it.
      message = issue.issues[0].message;
    }
    if (issue.code === 'unrecognized_keys') {
      const keys = issue.keys;
      p = [p, keys[0]].filter(Boolean).join('.');
      message = `unknown key${keys.length > 1 ? 's' : ''} ${keys.map((k) => `"${k}"`).join(', ')}`;
    }
    return { path: p || '(root)', message };
  });
}

export function formatIssues(issues: readonly FieldIssue[]): string {
  return issues.map((i) => `${i.path}: ${i.message}`).join('; ');
}

/**
 * Validates a settings object and applies the auth settings' environment fallbacks:
 * `verification_keys` from `JWT_VERIFICATION_KEY`, `jwks_file` from `JWT_JWKS_FILE`.
 * Relative paths in the file are resolved against `baseDir` (the file's folder).
 */
export function resolveSettings(
  input: unknown,
  env: NodeJS.ProcessEnv,
  baseDir: string,
): { settings: Settings; warnings: string[] } {
  const parsed = SettingsSchema.safeParse(input);
  if (!parsed.success) {
    const issues = toFieldIssues(parsed.error);
    throw new ConfigError(`invalid settings: ${formatIssues(issues)}`, issues);
  }
  const settings = parsed.data;
  const warnings: string[] = [];
  const auth = settings.auth;
  const raw = (input ?? {}) as { auth?: Record<string, unknown> };
  if (raw.auth?.verification_keys === undefined && env.JWT_VERIFICATION_KEY) {
    auth.verification_keys = [env.JWT_VERIFICATION_KEY];
  }
  if (raw.auth?.jwks_file === undefined && env.JWT_JWKS_FILE) {
    auth.jwks_file = env.JWT_JWKS_FILE;
  }
  const rawUpstream = (input ?? {}) as { upstream?: Record<string, unknown> };
  if (rawUpstream.upstream?.url === undefined && env.RUNDESK_UPSTREAM) {
    const fromEnv = UpstreamSettingsSchema.shape.url.safeParse(env.RUNDESK_UPSTREAM);
    if (!fromEnv.success) {
      throw new ConfigError(`RUNDESK_UPSTREAM (or --upstream): ${formatIssues(toFieldIssues(fromEnv.error, 'upstream.url'))}`);
    }
    settings.upstream.url = fromEnv.data;
  }
  if (auth.secret_key) {
    warnings.push('auth.secret_key is deprecated; it was added to auth.verification_keys — move it there.');
  }
  if (auth.jwks_file) auth.jwks_file = path.resolve(baseDir, auth.jwks_file);
  for (const db of settings.databases) if (db.path !== undefined) db.path = path.resolve(baseDir, db.path);
  return { settings, warnings };
}

/** Reads and validates a settings file. Every failure is a one-line `ConfigError`. */
export function readSettingsFile(file: string, env: NodeJS.ProcessEnv): { settings: Settings; warnings: string[] } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ConfigError(
      code === 'ENOENT' ? `settings file ${file} does not exist` : `cannot read settings file ${file} (${code ?? 'error'})`,
      [],
      { cause: err },
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`settings file ${file} is not valid JSON: ${(err as Error).message}`, [], { cause: err });
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new ConfigError(`settings file ${file} must hold a JSON object`);
  }
  try {
    return resolveSettings(json, env, path.dirname(file));
  } catch (err) {
    if (err instanceof ConfigError) throw new ConfigError(`${file}: ${err.message}`, err.issues, { cause: err });
    throw err;
  }
}

export interface LoadSettingsOptions {
  /** `--config FILE`: read it, never write it. */
  configPath?: string | undefined;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  /** Written to `<data-dir>/settings.json` on first run. */
  firstRunSettings: () => SettingsInput;
}

/** Loads settings: `--config FILE`, else `<data-dir>/settings.json`, created on first run. */
export function loadSettings(opts: LoadSettingsOptions): LoadedSettings {
  if (opts.configPath) {
    const file = path.resolve(opts.configPath);
    return { ...readSettingsFile(file, opts.env), path: file, writable: false };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(opts.dataDir, 'settings.json');
  if (!fs.existsSync(file)) {
    writeFileAtomic(file, `${JSON.stringify(opts.firstRunSettings(), null, 2)}\n`);
  }
  return { ...readSettingsFile(file, opts.env), path: file, writable: true };
}
