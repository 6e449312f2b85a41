import { ConfigError, NotFoundError } from '../../errors.js';
import { connect } from '../connection.js';
import type { SqliteHandle } from '../connection.js';
import { checkDatabaseFile, describeDatabase } from '../file-check.js';
import { sqlitePlatformData } from '../platform-data/sqlite.js';
import type { PlatformDataReader } from '../platform-data/types.js';
import { SqliteDatabaseBase } from '../sqlite-database.js';
import type { DatabaseInfo, SqliteDatabase, SyncSessionStore } from '../types.js';
import { discoverSessionTables, REQUIRED_COLUMNS, RUNS_COLUMN, RUNS_TABLE_COLUMNS } from './discover.js';
import type { SessionTable } from './discover.js';
import type { RunCache } from './run-cache.js';
import { AgnoSessionStore } from './store.js';
import { SqliteTraceStore } from '../traces/sqlite.js';
import { asyncTraceStore, type TraceStore } from '../traces/types.js';

export interface OpenDatabaseOptions {
  id: string;
  path: string;
  readOnly: boolean;
  /** Settings' `session_table`: the table used when a request names none. */
  sessionTable?: string | undefined;
  nativeBinding?: string | undefined;
  /** Epoch milliseconds; tests freeze it. Default `Date.now`. */
  clock?: (() => number) | undefined;
  /** Decoded-runs cache; default the process-wide one. Tests pass their own to see its bounds. */
  runCache?: RunCache | undefined;
}

/**
 * Opens an attached SQLite file holding agno session tables (DESIGN "Store"). A read-only
 * attachment is opened with SQLite's read-only flag and never written; a writable one gets
 * WAL and a busy timeout so the agent writing the same file keeps working.
 *
 * @example
 * const db = openDatabase({ id: 'my-agents', path: '/abs/agents.db', readOnly: true });
 * db.store().getRun(sessionId, runId, { type: 'agent' });
 */
export function openDatabase(options: OpenDatabaseOptions): SqliteDatabase {
  const what = describeDatabase(options.id, options.path);
  checkDatabaseFile(options.id, options.path, options.readOnly);
  let handle: SqliteHandle;
  try {
    handle = connect(options.path, { readOnly: options.readOnly, nativeBinding: options.nativeBinding });
  } catch (error) {
    throw new ConfigError(`${what} cannot be opened: ${oneLine(error)}`, [], { cause: error });
  }
  try {
    const tables = discover(handle, what);
    const defaultTable = chooseDefault(tables, options.sessionTable, what);
    return new AgnoDatabase(handle, options, tables, defaultTable);
  } catch (error) {
    handle.close();
    throw error;
  }
}

/**
 * The checks `openDatabase` makes (a readable SQLite file with a session table, the configured
 * `session_table` among them, writable unless read-only) without attaching anything: the file
 * is opened read-only and closed again. Throws the same one-line `ConfigError`s.
 */
export function checkDatabase(options: Pick<OpenDatabaseOptions, 'id' | 'path' | 'readOnly' | 'sessionTable' | 'nativeBinding'>): void {
  const what = describeDatabase(options.id, options.path);
  checkDatabaseFile(options.id, options.path, options.readOnly);
  let handle: SqliteHandle;
  try {
    handle = connect(options.path, { readOnly: true, nativeBinding: options.nativeBinding });
  } catch (error) {
    throw new ConfigError(`${what} cannot be opened: ${oneLine(error)}`, [], { cause: error });
  }
  try {
    chooseDefault(discover(handle, what), options.sessionTable, what);
  } finally {
    handle.close();
  }
}

function discover(handle: SqliteHandle, what: string): SessionTable[] {
  let tables: SessionTable[];
  try {
    tables = discoverSessionTables(handle);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'SQLITE_NOTADB') throw new ConfigError(`${what} is not an SQLite file`, [], { cause: error });
    throw new ConfigError(`${what} cannot be read: ${oneLine(error)}`, [], { cause: error });
  }
  if (tables.length === 0) {
    throw new ConfigError(
      `${what} has no session table (looked for tables with ${REQUIRED_COLUMNS.join(', ')}, ${RUNS_COLUMN}, ` +
        `or with ${REQUIRED_COLUMNS.join(', ')} beside a runs table with ${RUNS_TABLE_COLUMNS.join(', ')})`,
    );
  }
  return tables;
}

function chooseDefault(tables: SessionTable[], configured: string | undefined, what: string): string {
  if (configured !== undefined) {
    if (!tables.some((t) => t.name === configured)) {
      const found = tables.map((t) => t.name).join(', ');
      throw new ConfigError(`${what} has no session table "${configured}" (found: ${found})`);
    }
    return configured;
  }
  return tables.some((t) => t.name === 'agno_sessions') ? 'agno_sessions' : (tables[0] as SessionTable).name;
}

function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

class AgnoDatabase extends SqliteDatabaseBase {
  private platform: PlatformDataReader | undefined;
  readonly id: string;
  readonly path: string;
  readonly readOnly: boolean;
  private readonly stores = new Map<string, AgnoSessionStore>();
  private readonly tableNames: readonly string[];
  private readonly traceStore: TraceStore;

  constructor(
    private readonly handle: SqliteHandle,
    options: OpenDatabaseOptions,
    private readonly tables: readonly SessionTable[],
    private readonly defaultTable: string,
  ) {
    super();
    this.id = options.id;
    this.path = options.path;
    this.readOnly = options.readOnly;
    this.tableNames = Object.freeze(tables.map((t) => t.name));
    const clock = options.clock ?? Date.now;
    this.traceStore = asyncTraceStore(new SqliteTraceStore(handle));
    for (const table of tables) {
      this.stores.set(table.name, new AgnoSessionStore(handle, table, this.id, this.readOnly, clock, options.runCache));
    }
  }

  sessionTables(): readonly string[] {
    return this.tableNames;
  }

  override traces(): TraceStore {
    return this.traceStore;
  }

  /** The synchronous store (tests and the sample-data loader use it directly). */
  store(table?: string): SyncSessionStore {
    const store = this.stores.get(table ?? this.defaultTable);
    if (!store) throw new NotFoundError(`Table ${table} not found in database ${this.id}`);
    return store;
  }

  infoSync(): DatabaseInfo {
    let sessions = 0;
    let runs = 0;
    for (const store of this.stores.values()) {
      const counts = store.counts();
      sessions += counts.sessions;
      runs += counts.runs;
    }
    return {
      id: this.id,
      path: this.path,
      readOnly: this.readOnly,
      sessionTables: [...this.tableNames],
      defaultTable: this.defaultTable,
      sessions,
      runs,
    };
  }

  platformData(): PlatformDataReader {
    this.platform ??= sqlitePlatformData(this.handle, this.id);
    return this.platform;
  }

  setLockWait(ms: number): void {
    if (this.handle.open) this.handle.pragma(`busy_timeout = ${Math.max(0, Math.floor(ms))}`);
  }

  close(): void {
    for (const store of this.stores.values()) store.dispose();
    if (this.handle.open) this.handle.close();
  }
}
