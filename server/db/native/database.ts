import { databaseOwner } from '../../caches/owners.js';
import { ownStoreCaches, type StoreCaches } from '../store-caches.js';
import { ContentVersion } from '../content-version.js';
import fs from 'node:fs';
import path from 'node:path';

import { ConfigError, NotFoundError } from '../../errors.js';
import { ensurePrivateFile } from '../../files/private-file.js';
import { connect } from '../connection.js';
import type { SqliteHandle } from '../connection.js';
import { checkDatabaseFile, describeDatabase } from '../file-check.js';
import { migrate } from '../migrate.js';
import type { Migration } from '../migrate.js';
import { MIGRATIONS } from '../migrations/index.js';
import { sqlitePlatformData } from '../platform-data/sqlite.js';
import type { PlatformData } from '../platform-data/types.js';
import { SqliteDatabaseBase } from '../sqlite-database.js';
import type { DatabaseInfo, SqliteDatabase, SyncSessionStore } from '../types.js';
import { NATIVE_TABLE, NativeSessionStore } from './store.js';

export const DEFAULT_DATABASE_ID = 'default';

export interface OpenDefaultDatabaseOptions {
  nativeBinding?: string | undefined;
  /** Epoch milliseconds; tests freeze it. Default `Date.now`. */
  clock?: (() => number) | undefined;
  /** Tests only: a different migration list (e.g. to prove tamper detection). */
  migrations?: readonly Migration[] | undefined;
  /** The server's caches (its runtime's); a database opened on its own (tests) gets its own. */
  caches?: StoreCaches | undefined;
}

/**
 * Opens (creating when missing) `<data-dir>/rundesk.db`, db_id `default`, and brings its
 * schema up to date. Always writable, in WAL mode.
 *
 * @example
 * const db = openDefaultDatabase(path.join(dataDir, 'rundesk.db'));
 * db.store().upsertRun({ sessionId, type: 'agent', run, userId: null });
 */
export function openDefaultDatabase(file: string, options: OpenDefaultDatabaseOptions = {}): SqliteDatabase {
  const what = describeDatabase(DEFAULT_DATABASE_ID, file);
  // An empty or missing file is a new database; anything else must already be SQLite.
  if (fs.existsSync(file) && fs.statSync(file).size > 0) checkDatabaseFile(DEFAULT_DATABASE_ID, file, false);
  let handle: SqliteHandle;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    ensurePrivateFile(file);
    handle = connect(file, { readOnly: false, create: true, wal: true, nativeBinding: options.nativeBinding });
  } catch (error) {
    throw new ConfigError(`${what} cannot be opened: ${firstLine(error)}`, [], { cause: error });
  }
  try {
    handle.pragma('foreign_keys = ON');
    migrate(handle, options.migrations ?? MIGRATIONS, what);
  } catch (error) {
    handle.close();
    if (error instanceof ConfigError || error instanceof TypeError) throw error;
    throw new ConfigError(`${what} cannot be prepared: ${firstLine(error)}`, [], { cause: error });
  }
  return new NativeDatabase(handle, file, options.clock ?? Date.now, options.caches ?? ownStoreCaches());
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

class NativeDatabase extends SqliteDatabaseBase {
  private platform: PlatformData | undefined;
  readonly id = DEFAULT_DATABASE_ID;
  readonly readOnly = false;
  private readonly nativeStore: NativeSessionStore;
  private readonly version: ContentVersion;

  constructor(
    private readonly handle: SqliteHandle,
    readonly path: string,
    clock: () => number,
    private readonly caches: StoreCaches,
  ) {
    super();
    this.nativeStore = new NativeSessionStore(handle, clock);
    this.version = new ContentVersion(handle);
  }

  changeStamp(): string {
    return this.version.read();
  }

  protected override afterWrite(): void {
    this.caches.invalidate({ kind: 'store-write', owner: databaseOwner(this.id) });
  }

  sessionTables(): readonly string[] {
    return [NATIVE_TABLE];
  }

  /** The synchronous store (tests and the sample-data loader use it directly). */
  store(table?: string): SyncSessionStore {
    if (table !== undefined && table !== NATIVE_TABLE) {
      throw new NotFoundError(`Table ${table} not found in database ${this.id}`);
    }
    return this.nativeStore;
  }

  infoSync(): DatabaseInfo {
    const counts = this.nativeStore.counts();
    return {
      id: this.id,
      path: this.path,
      readOnly: false,
      sessionTables: [NATIVE_TABLE],
      defaultTable: NATIVE_TABLE,
      sessions: counts.sessions,
      runs: counts.runs,
    };
  }

  platformData(): PlatformData {
    this.platform ??= sqlitePlatformData(this.handle, this.id, { readOnly: false });
    return this.platform;
  }

  setLockWait(ms: number): void {
    if (this.handle.open) this.handle.pragma(`busy_timeout = ${Math.max(0, Math.floor(ms))}`);
  }

  close(): void {
    this.caches.invalidate({ kind: 'closed', owner: databaseOwner(this.id) });
    if (this.handle.open) this.handle.close();
  }
}
