import path from 'node:path';
import { createAuthLayer } from './auth/index.js';
import type { AuthLayer } from './auth/types.js';
import type { DatabaseRegistry } from './db/types.js';
import { ConfigError, ConflictError, ValidationError } from './errors.js';
import { type LoadedSettings, resolveSettings, writeFileAtomic } from './settings/load.js';
import type { DatabaseEntry, Settings, SettingsInput } from './settings/schema.js';
import type { Runtime } from './runtime-types.js';

export interface RuntimeInit {
  dataDir: string;
  deskToken: string;
  loaded: LoadedSettings;
  auth: AuthLayer;
  databases: DatabaseRegistry;
  env: NodeJS.ProcessEnv;
  baseUrl: () => string;
  log: (message: string) => void;
}

function sameEntry(a: DatabaseEntry, b: DatabaseEntry): boolean {
  return a.path === b.path && a.read_only === b.read_only && a.session_table === b.session_table;
}

/** Attaches, re-attaches and detaches so the registry matches `next` (the default db stays). */
function syncDatabases(registry: DatabaseRegistry, previous: Settings, next: Settings): void {
  const before = new Map(previous.databases.map((d) => [d.id, d]));
  const after = new Map(next.databases.map((d) => [d.id, d]));
  // Open every new file first: a bad path must fail the change before anything is detached.
  for (const [id, entry] of after) {
    const old = before.get(id);
    if (old && sameEntry(old, entry)) continue;
    if (old) registry.detach(id);
    registry.attach({ id, path: entry.path, readOnly: entry.read_only, sessionTable: entry.session_table });
  }
  for (const id of before.keys()) {
    if (!after.has(id)) registry.detach(id);
  }
}

/** The live state behind one server: settings, the auth layer and the databases. */
export function createRuntime(init: RuntimeInit): Runtime {
  let loaded = init.loaded;
  let auth = init.auth;
  // Serialise changes: two PUTs racing must not interleave attach/detach or file writes.
  let pending: Promise<unknown> = Promise.resolve();

  async function apply(input: SettingsInput): Promise<LoadedSettings> {
    if (!loaded.writable) {
      throw new ConflictError(
        `Settings are read-only: the server was started with --config ${loaded.path}; edit that file and restart`,
      );
    }
    let resolved: { settings: Settings; warnings: string[] };
    try {
      resolved = resolveSettings(input, init.env, path.dirname(loaded.path));
    } catch (err) {
      if (err instanceof ConfigError) throw new ValidationError(err.message, err.issues, { cause: err });
      throw err;
    }
    let nextAuth: AuthLayer;
    try {
      nextAuth = await createAuthLayer(resolved.settings.auth, { osId: resolved.settings.os_id, env: init.env, log: init.log });
    } catch (err) {
      if (err instanceof ConfigError) {
        const issues = err.issues.length > 0 ? err.issues : [{ path: 'auth', message: err.message }];
        throw new ValidationError(err.message, issues, { cause: err });
      }
      throw err;
    }
    try {
      syncDatabases(init.databases, loaded.settings, resolved.settings);
    } catch (err) {
      nextAuth.close();
      // Put back whatever was detached so the registry matches the settings still in force.
      try {
        syncDatabases(init.databases, resolved.settings, loaded.settings);
      } catch {
        // the original entries were valid moments ago; nothing more to do
      }
      if (err instanceof ConfigError) {
        throw new ValidationError(err.message, err.issues.length ? err.issues : [{ path: 'databases', message: err.message }], { cause: err });
      }
      throw err;
    }
    writeFileAtomic(loaded.path, `${JSON.stringify(input, null, 2)}\n`);
    const previousAuth = auth;
    auth = nextAuth;
    loaded = { settings: resolved.settings, path: loaded.path, writable: true, warnings: resolved.warnings };
    previousAuth.close();
    return loaded;
  }

  return {
    dataDir: init.dataDir,
    deskToken: init.deskToken,
    databases: init.databases,
    settings: () => loaded,
    auth: () => auth,
    baseUrl: init.baseUrl,
    applySettings(input) {
      const run = pending.then(() => apply(input));
      pending = run.catch(() => undefined);
      return run;
    },
  };
}
