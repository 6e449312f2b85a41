import path from 'node:path';
import type { ScopeTable } from '../auth/default-scope-mappings.js';
import type { AuthLayer } from '../auth/types.js';
import { primeAnsweringDatabases } from '../db/answering.js';
import type { Caches } from './caches.js';
import type { DatabaseRegistry } from '../db/types.js';
import { ConfigError, ConflictError, ValidationError } from '../errors.js';
import { attachEntryOf, checkSettings, dryRunSettings, sameDatabaseEntry, type SettingsCheckContext } from './settings-check.js';
import { writeFileAtomic } from '../files/atomic-write.js';
import type { LoadedSettings } from '../settings/load.js';
import type { Settings, SettingsInput } from '../settings/schema.js';
import type { Runtime } from './runtime-types.js';

export interface RuntimeInit {
  dataDir: string;
  deskToken: string;
  loaded: LoadedSettings;
  auth: AuthLayer;
  /** The default scope table every auth layer of this server is built with. */
  defaultScopeMappings: ScopeTable;
  databases: DatabaseRegistry;
  /** Every cache of this server (the registry's databases were opened with them). */
  caches: Caches;
  env: NodeJS.ProcessEnv;
  /** The address the server listens on; `validate: false` is refused unless it is loopback. */
  listenHost?: string | undefined;
  baseUrl: () => string;
  log: (message: string) => void;
}

/** Attaches, re-attaches and detaches so the registry matches `next` (the default db stays). */
function syncDatabases(registry: DatabaseRegistry, previous: Settings, next: Settings): void {
  const before = new Map(previous.databases.map((d) => [d.id, d]));
  const after = new Map(next.databases.map((d) => [d.id, d]));
  // Open every new file first: a bad path must fail the change before anything is detached.
  for (const [id, entry] of after) {
    const old = before.get(id);
    if (old && sameDatabaseEntry(old, entry)) continue;
    if (old) registry.detach(id);
    registry.attach(attachEntryOf(entry));
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

  const checkContext = (log = init.log): SettingsCheckContext => ({
    env: init.env,
    baseDir: path.dirname(loaded.path),
    log,
    databases: init.databases,
    defaultScopeMappings: init.defaultScopeMappings,
    current: loaded.settings,
    listenHost: init.listenHost,
  });

  async function apply(input: SettingsInput): Promise<LoadedSettings> {
    if (!loaded.writable) {
      throw new ConflictError(
        `Settings are read-only: the server was started with --config ${loaded.path}; edit that file and restart`,
      );
    }
    // The same validation as the dry run (`validateSettings`); throws ValidationError.
    const { auth: nextAuth, ...resolved } = await checkSettings(input, { ...checkContext(), authCaches: init.caches });
    // All or nothing: the databases change first (a bad file fails before anything is written),
    // then the file; if the file cannot be written (a full disk) the databases change back, so
    // nothing answers that the settings do not name.
    try {
      syncDatabases(init.databases, loaded.settings, resolved.settings);
      writeFileAtomic(loaded.path, `${JSON.stringify(input, null, 2)}\n`);
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
    primeAnsweringDatabases(init.caches.holdings, init.databases);
    const previousAuth = auth;
    auth = nextAuth;
    loaded = { settings: resolved.settings, path: loaded.path, writable: true, warnings: resolved.warnings };
    previousAuth.close();
    init.caches.invalidate({ kind: 'settings-swap' });
    init.caches.setBudget(resolved.settings.cache_budget_mb);
    return loaded;
  }

  return {
    dataDir: init.dataDir,
    deskToken: init.deskToken,
    env: init.env,
    startedAt: new Date().toISOString(),
    databases: init.databases,
    caches: init.caches,
    settings: () => loaded,
    auth: () => auth,
    baseUrl: init.baseUrl,
    applySettings(input) {
      const run = pending.then(() => apply(input));
      pending = run.catch(() => undefined);
      return run;
    },
    validateSettings(input) {
      // Quiet: a dry run's throwaway auth layer has nothing to report.
      return dryRunSettings(input, checkContext(() => {}));
    },
  };
}
