import type { StoreCaches } from './store-caches.js';
import { BadRequestError, ConfigError, ConflictError, NotFoundError } from '../errors.js';
import { checkDatabase, openDatabase } from './agno/database.js';
import { guardDatabase } from './failures.js';
import { openPostgresDatabase } from './postgres/database.js';
import { parsePostgresUrl } from './postgres/url.js';
import { DEFAULT_DATABASE_ID, openDefaultDatabase } from './native/database.js';
import type { AttachEntry, Database, DatabaseRegistry } from './types.js';

/** A settings `databases` entry as the settings file spells it. */
export interface DatabaseSettingsEntry {
  id: string;
  path?: string | undefined;
  url?: string | undefined;
  url_env?: string | undefined;
  schema?: string | undefined;
  read_only: boolean;
  session_table?: string | undefined;
}

export interface CreateDatabaseRegistryOptions {
  /** `<data-dir>/rundesk.db`. */
  defaultPath: string;
  /** Settings' `databases`, opened now: any unusable file fails the whole call. */
  entries?: readonly DatabaseSettingsEntry[] | undefined;
  nativeBinding?: string | undefined;
  /** Epoch milliseconds; tests freeze it. */
  clock?: (() => number) | undefined;
  /** Where `url_env` names are looked up (PostgreSQL URLs kept out of the settings file). */
  env?: NodeJS.ProcessEnv | undefined;
  /** The server's caches: every database of the registry keeps its entries there. */
  caches: StoreCaches;
}

/**
 * Opens the default database and every attached one. On a bad entry it closes what it opened
 * and throws the entry's one-line `ConfigError`, so startup fails cleanly.
 *
 * @example
 * const dbs = createDatabaseRegistry({ defaultPath: path.join(dataDir, 'rundesk.db'), entries: settings.databases });
 * await dbs.get('my-agents').sessions().getRun(sessionId, runId, { type: 'agent' });
 */
export function createDatabaseRegistry(options: CreateDatabaseRegistryOptions): DatabaseRegistry {
  const registry = new SqliteDatabaseRegistry(
    guardDatabase(openDefaultDatabase(options.defaultPath, { nativeBinding: options.nativeBinding, clock: options.clock, caches: options.caches })),
    options.caches,
    options.nativeBinding,
    options.clock,
    options.env ?? {},
  );
  try {
    for (const entry of options.entries ?? []) {
      registry.attach({
        id: entry.id,
        path: entry.path,
        url: entry.url,
        urlEnv: entry.url_env,
        schema: entry.schema,
        readOnly: entry.read_only,
        sessionTable: entry.session_table,
      });
    }
  } catch (error) {
    registry.closeAll();
    throw error;
  }
  return registry;
}

export class SqliteDatabaseRegistry implements DatabaseRegistry {
  private readonly attached = new Map<string, Database>();

  constructor(
    private readonly defaultDb: Database,
    private readonly caches: StoreCaches,
    private readonly nativeBinding?: string | undefined,
    private readonly clock?: (() => number) | undefined,
    private readonly env: NodeJS.ProcessEnv = {},
  ) {}

  /** The PostgreSQL URL of an entry (from `url` or the `url_env` variable), or undefined for a file. */
  private urlOf(entry: AttachEntry): string | undefined {
    if (entry.url !== undefined) return entry.url;
    if (entry.urlEnv === undefined) return undefined;
    const url = this.env[entry.urlEnv];
    if (!url) throw new ConfigError(`database ${entry.id}: environment variable ${entry.urlEnv} (url_env) is not set`);
    return url;
  }

  get(id: string): Database {
    if (id === DEFAULT_DATABASE_ID) return this.defaultDb;
    const db = this.attached.get(id);
    if (!db) throw new NotFoundError(`Database with ID ${id} not found`);
    return db;
  }

  default(): Database {
    return this.defaultDb;
  }

  check(entry: AttachEntry): void {
    assertNotDefaultId(entry.id);
    const url = this.urlOf(entry);
    if (url !== undefined) {
      parsePostgresUrl(url);
      return;
    }
    checkDatabase({ id: entry.id, path: entry.path ?? '', readOnly: entry.readOnly, sessionTable: entry.sessionTable, nativeBinding: this.nativeBinding });
  }

  attach(entry: AttachEntry): Database {
    assertNotDefaultId(entry.id);
    if (this.attached.has(entry.id)) throw new ConflictError(`Database with ID ${entry.id} is already attached`);
    const url = this.urlOf(entry);
    const db =
      url !== undefined
        ? openPostgresDatabase({
            id: entry.id,
            url,
            schema: entry.schema,
            sessionTable: entry.sessionTable,
            readOnly: entry.readOnly,
            clock: this.clock,
            caches: this.caches,
          })
        : guardDatabase(
            openDatabase({
              id: entry.id,
              path: entry.path ?? '',
              readOnly: entry.readOnly,
              sessionTable: entry.sessionTable,
              nativeBinding: this.nativeBinding,
              clock: this.clock,
              caches: this.caches,
            }),
          );
    this.attached.set(entry.id, db);
    return db;
  }

  detach(id: string): void {
    if (id === DEFAULT_DATABASE_ID) throw new BadRequestError('The default database cannot be detached');
    const db = this.attached.get(id);
    if (!db) throw new NotFoundError(`Database with ID ${id} not found`);
    this.attached.delete(id);
    db.close();
  }

  list(): Database[] {
    return [this.defaultDb, ...this.attached.values()];
  }

  closeAll(): void {
    for (const db of this.attached.values()) db.close();
    this.attached.clear();
    this.defaultDb.close();
  }
}

function assertNotDefaultId(id: string): void {
  if (id === DEFAULT_DATABASE_ID) {
    throw new ConfigError(`database id "${DEFAULT_DATABASE_ID}" is the built-in database; choose another id`);
  }
}
