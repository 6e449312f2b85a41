import type { AuthLayer } from '../auth/types.js';
import type { Caches } from './caches.js';
import type { DatabaseRegistry } from '../db/types.js';
import type { FieldIssue } from '../errors.js';
import type { LoadedSettings } from '../settings/load.js';
import type { SettingsInput } from '../settings/schema.js';

/**
 * The live state of one running server, shared by the HTTP routes, the desk and the CLI.
 * Settings are live: `applySettings` swaps the auth layer and the databases, so routes must
 * call `auth()` / `settings()` per request rather than caching them.
 */
export interface Runtime {
  readonly dataDir: string;
  readonly deskToken: string;
  /** The environment settings are resolved against (`url_env`, `JWT_VERIFICATION_KEY`…). */
  readonly env: NodeJS.ProcessEnv;
  /** When this server was created (ISO-8601), `/health`'s `instantiated_at`. */
  readonly startedAt: string;
  settings(): LoadedSettings;
  auth(): AuthLayer;
  readonly databases: DatabaseRegistry;
  /** Every cache of this server, with its budget; `invalidate` is where every trigger goes. */
  readonly caches: Caches;
  /**
   * Validates `input` like the settings file (throws `ValidationError` with one issue per bad
   * field, or `ConflictError` when settings came from `--config` and are read-only), builds the
   * new auth layer (a `ConfigError` there becomes a `ValidationError`), attaches/detaches
   * databases to match, swaps everything in, then persists atomically.
   */
  applySettings(input: SettingsInput): Promise<LoadedSettings>;
  /**
   * The dry run of `applySettings`: the same validation (schema, auth layer construction, a
   * read-only check of new database entries) with nothing applied, attached or written. Allowed
   * under `--config`. Bad settings are `{ valid: false, issues }`, not a throw.
   */
  validateSettings(input: SettingsInput): Promise<{ valid: boolean; issues: FieldIssue[] }>;
  /** e.g. `http://127.0.0.1:7777`, known once listening. */
  baseUrl(): string;
}
