import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, NotFoundError } from '../../errors.js';
import { DatabaseFileError, DatabaseUnavailableError } from '../errors.js';
import { pathStamp, WatchedFile } from '../watched-file.js';
import { LiveAgnoStore } from './live-store.js';
import { connect } from '../connection.js';
import type { SqliteHandle } from '../connection.js';
import { checkDatabaseFile } from '../file-check.js';
import { sqlitePlatformData } from '../platform-data/sqlite.js';
import type { PlatformData } from '../platform-data/types.js';
import { SqliteDatabaseBase } from '../sqlite-database.js';
import { layoutReport, readSchemaVersions } from './schema-versions.js';
import type { DatabaseInfo, SqliteDatabase, SyncSessionStore } from '../types.js';
import { discoverSessionTables, REQUIRED_COLUMNS, RUNS_COLUMN, RUNS_TABLE_COLUMNS } from './discover.js';
import type { SessionTable } from './discover.js';
import { databaseOwner, ownerPrefix } from '../../caches/owners.js';
import { ownStoreCaches, type StoreCaches } from '../store-caches.js';
import { ContentVersion } from '../content-version.js';
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
  /** The server's caches (its runtime's); a database opened on its own (tests) gets its own. */
  caches?: StoreCaches | undefined;
  /** Idle file check interval; default FILE_WATCH_INTERVAL_MS, 0 = only when used. */
  watchIntervalMs?: number | undefined;
}

/**
 * Opens an attached SQLite file holding agno session tables (docs/databases.md). A read-only
 * attachment is opened with SQLite's read-only flag and never written; a writable one keeps the
 * journal mode its owner chose, with a busy timeout so the agent writing the same file keeps
 * working. The file is checked before every use and reopened when it changes under rundesk
 * (see `AgnoDatabase`). Throws a one-line `ConfigError` when the file is not usable now.
 *
 * @example
 * const db = openDatabase({ id: 'my-agents', path: '/abs/agents.db', readOnly: true });
 * db.store().getRun(sessionId, runId, { type: 'agent' });
 */
export function openDatabase(options: OpenDatabaseOptions): SqliteDatabase {
  return new AgnoDatabase(options, openFile(options));
}

let nextSerial = 0;

/** How often an attached file is checked while no request uses it (replaced files are let go). */
export const FILE_WATCH_INTERVAL_MS = 500;

/** The database a failure names. */
interface DatabaseName {
  id: string;
  path: string;
}

/** One opening of the file: the connection, the inode it is on, and what was discovered in it. */
interface OpenFile {
  readonly handle: SqliteHandle;
  readonly file: WatchedFile;
  readonly tables: readonly SessionTable[];
  readonly defaultTable: string;
  readonly version: ContentVersion;
  /** The `-wal` beside the file once SQLite had read it (the one this connection uses), if any. */
  readonly wal: WalFile | null;
}

/** A `-wal` file: which file it is, and the salts that tie its frames to one run of the log. */
interface WalFile {
  dev: bigint;
  ino: bigint;
  /** WAL header bytes 16-23 (salt-1, salt-2), hex; '' while the log has no header yet. */
  salts: string;
}

function openFile(options: OpenDatabaseOptions, staleWal: WalFile | null = null): OpenFile {
  const db = { id: options.id, path: options.path };
  checkDatabaseFile(options.id, options.path, options.readOnly);
  refuseForeignWal(db);
  refuseStaleWal(db, staleWal);
  let file: WatchedFile;
  try {
    file = new WatchedFile(options.path);
  } catch (error) {
    throw new DatabaseFileError(db.id, db.path, `cannot be opened: ${oneLine(error)}`, { cause: error });
  }
  let handle: SqliteHandle | undefined;
  try {
    try {
      // wal: false — the file keeps the journal mode its owner chose (docs/databases.md "Your files are safe").
      handle = connect(options.path, { readOnly: options.readOnly, nativeBinding: options.nativeBinding, wal: false });
    } catch (error) {
      throw new DatabaseFileError(db.id, db.path, `cannot be opened: ${oneLine(error)}`, { cause: error });
    }
    // A rename between opening the descriptor and the connection would tie them to two files.
    if (!file.isSameFile()) throw new DatabaseFileError(db.id, db.path, 'was replaced while being opened');
    const tables = discover(handle, db);
    const defaultTable = chooseDefault(tables, options.sessionTable, db);
    return { handle, file, tables, defaultTable, version: new ContentVersion(handle), wal: walFileAt(options.path) };
  } catch (error) {
    if (handle?.open) handle.close();
    file.close();
    throw error;
  }
}

/**
 * The checks `openDatabase` makes (a readable SQLite file with a session table, the configured
 * `session_table` among them, writable unless read-only) without attaching anything: the file
 * is opened read-only and closed again. Throws the same one-line `ConfigError`s.
 */
export function checkDatabase(options: Pick<OpenDatabaseOptions, 'id' | 'path' | 'readOnly' | 'sessionTable' | 'nativeBinding'>): void {
  const db = { id: options.id, path: options.path };
  checkDatabaseFile(options.id, options.path, options.readOnly);
  let handle: SqliteHandle;
  try {
    handle = connect(options.path, { readOnly: true, nativeBinding: options.nativeBinding });
  } catch (error) {
    throw new DatabaseFileError(db.id, db.path, `cannot be opened: ${oneLine(error)}`, { cause: error });
  }
  try {
    chooseDefault(discover(handle, db), options.sessionTable, db);
  } finally {
    handle.close();
  }
}

function discover(handle: SqliteHandle, db: DatabaseName): SessionTable[] {
  let tables: SessionTable[];
  try {
    tables = discoverSessionTables(handle);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'SQLITE_NOTADB') throw new DatabaseFileError(db.id, db.path, 'is not an SQLite file', { cause: error });
    throw new DatabaseFileError(db.id, db.path, `cannot be read: ${oneLine(error)}`, { cause: error });
  }
  if (tables.length === 0) {
    throw new DatabaseFileError(
      db.id,
      db.path,
      `has no session table (looked for tables with ${REQUIRED_COLUMNS.join(', ')}, ${RUNS_COLUMN}, ` +
        `or with ${REQUIRED_COLUMNS.join(', ')} beside a runs table with ${RUNS_TABLE_COLUMNS.join(', ')})`,
    );
  }
  return tables;
}

function chooseDefault(tables: SessionTable[], configured: string | undefined, db: DatabaseName): string {
  if (configured !== undefined) {
    if (!tables.some((t) => t.name === configured)) {
      const found = tables.map((t) => t.name).join(', ');
      throw new DatabaseFileError(db.id, db.path, `has no session table "${configured}" (found: ${found})`);
    }
    return configured;
  }
  return tables.some((t) => t.name === 'agno_sessions') ? 'agno_sessions' : (tables[0] as SessionTable).name;
}

/**
 * SQLite applies a `-wal` file it finds beside a database whatever the database's header says.
 * Beside a file in rollback-journal mode a non-empty one cannot be that file's own (leaving WAL
 * mode removes it first): it is what a file replaced by rename left behind, and opening would
 * serve — and on the next write copy — the old file's pages into the new one. Refused instead.
 */
function refuseForeignWal(db: DatabaseName): void {
  const file = db.path;
  const wal = fs.statSync(`${file}-wal`, { throwIfNoEntry: false });
  if (wal === undefined || wal.size === 0) return;
  const header = Buffer.alloc(20);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, header, 0, 20, 0);
  } finally {
    fs.closeSync(fd);
  }
  // Header bytes 18 and 19 are 1 in rollback-journal mode, 2 in WAL mode.
  if (header[18] === 1 && header[19] === 1) {
    throw new DatabaseFileError(
      db.id,
      db.path,
      `is in rollback-journal mode but a ${path.basename(file)}-wal file of ${wal.size} bytes is beside it ` +
        '(left by the file it replaced?); SQLite would apply it to this file. Remove it if this file is the one you want',
    );
  }
}

/**
 * SQLite keeps a `-wal` whose database was moved away (it neither checkpoints nor removes it on
 * close), so after a rename over the file the `-wal` at the path is still the replaced file's,
 * whatever mode the new file is in, and SQLite would read the old file's pages through it in
 * place of the new file's. It is that `-wal` while it is the same file with the same salts
 * (a log restarted by a writer of the new file gets new ones). Refused until it is gone.
 */
function refuseStaleWal(db: DatabaseName, stale: WalFile | null): void {
  if (stale === null) return;
  const now = walFileAt(db.path);
  if (now === null || now.dev !== stale.dev || now.ino !== stale.ino || now.salts !== stale.salts) return;
  const size = fs.statSync(`${db.path}-wal`, { throwIfNoEntry: false })?.size ?? 0;
  if (size === 0) return;
  throw new DatabaseFileError(
    db.id,
    db.path,
    `was replaced, and the ${path.basename(db.path)}-wal beside it (${size} bytes) is the replaced file's: SQLite would read ` +
      "the old file's pages through it. Remove it (and the -shm) once no process has the old file open",
  );
}

/** The `-wal` at `file`-wal now, or null when there is none (or it cannot be read). */
function walFileAt(file: string): WalFile | null {
  const walPath = `${file}-wal`;
  try {
    const stats = fs.statSync(walPath, { bigint: true, throwIfNoEntry: false });
    if (stats === undefined) return null;
    const header = Buffer.alloc(24);
    const fd = fs.openSync(walPath, 'r');
    let length: number;
    try {
      length = fs.readSync(fd, header, 0, 24, 0);
    } finally {
      fs.closeSync(fd);
    }
    return { dev: stats.dev, ino: stats.ino, salts: length === 24 ? header.subarray(16, 24).toString('hex') : '' };
  } catch {
    return null;
  }
}

/** The file's stamp and its -wal's: a change to either is worth another attempt to open. */
function attemptStamp(file: string): string {
  return `${pathStamp(file)}|${pathStamp(`${file}-wal`)}`;
}

function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

/**
 * An attached file, checked before every use (docs/databases.md, "Your files are safe"):
 *
 * 1. rundesk never changes the file's journal mode, schema or anything it did not write as
 *    rows: connections are opened without `journal_mode` and no DDL is ever run.
 * 2. Before each use the path is compared with the inode rundesk has open (`WatchedFile`), and
 *    every FILE_WATCH_INTERVAL_MS while idle. A file replaced by rename, or whose bytes changed
 *    without SQLite's counter moving, is reopened: the old connection is closed (SQLite does
 *    not checkpoint a moved file on close, so nothing of the old file reaches the new one) and
 *    every cache built on it is dropped with it, so nothing stale is served. The `-wal` the
 *    replaced file leaves at the path is never opened with the new file (refuseStaleWal).
 * 3. A file that is gone, empty, truncated or has lost its header answers 503
 *    `DATABASE_UNAVAILABLE` with the reason, until the path holds a usable file again.
 * 4. A write checks, inside its transaction, that the path still names the open inode, and
 *    again after commit; if the file was replaced it is reopened and the write goes to the new
 *    file (upsert by run id and delete are idempotent), so a write never lands in a file that
 *    is no longer at the path.
 * 5. A statement that fails because the schema changed under rundesk (a table or column
 *    dropped from outside) reopens the file and is tried once more: the file is rediscovered,
 *    and one without a session table answers 503 naming it.
 */
class AgnoDatabase extends SqliteDatabaseBase {
  readonly id: string;
  readonly path: string;
  readonly readOnly: boolean;
  private open: OpenFile | null;
  private stores = new Map<string, AgnoSessionStore>();
  private platform: PlatformData | undefined;
  private traceStore: TraceStore | undefined;
  private failure: { error: DatabaseUnavailableError; stamp: string } | null = null;
  /** The replaced file's `-wal`, left at the path: never opened with a file (see refuseStaleWal). */
  private staleWal: WalFile | null = null;
  /** Bumped by each reopening; part of every content version, so no answer outlives it. */
  private generation = 0;
  private lastTables: readonly string[];
  private lockWait: number | null = null;
  private closed = false;
  private readonly facades = new Map<string, LiveAgnoStore>();
  private readonly watch: NodeJS.Timeout | null;
  private readonly caches: StoreCaches;
  /** This database's key in the server's caches. */
  private readonly owner: string;
  /** Two openings of one file never share an entry: SQLite's change counters are per connection. */
  private readonly serial = nextSerial++;

  constructor(
    private readonly options: OpenDatabaseOptions,
    first: OpenFile,
  ) {
    super();
    this.id = options.id;
    this.path = options.path;
    this.readOnly = options.readOnly;
    this.open = first;
    this.caches = options.caches ?? ownStoreCaches();
    this.owner = databaseOwner(options.id);
    this.lastTables = Object.freeze(first.tables.map((t) => t.name));
    this.makeStores(first);
    const every = options.watchIntervalMs ?? FILE_WATCH_INTERVAL_MS;
    this.watch = every > 0 ? setInterval(() => this.poll(), every) : null;
    this.watch?.unref();
  }

  /** The tables found at the last successful opening (listed even while the file is unavailable). */
  sessionTables(): readonly string[] {
    return this.lastTables;
  }

  override traces(): TraceStore {
    const open = this.current();
    this.traceStore ??= asyncTraceStore(new SqliteTraceStore(open.handle));
    return this.traceStore;
  }

  /** The synchronous store (tests and the sample-data loader use it directly). */
  store(table?: string): SyncSessionStore {
    const open = this.current();
    const name = table ?? open.defaultTable;
    if (!this.stores.has(name)) throw new NotFoundError(`Table ${table} not found in database ${this.id}`);
    const key = table ?? '';
    let facade = this.facades.get(key);
    if (!facade) {
      facade = new LiveAgnoStore(this, table, name, this.readOnly);
      this.facades.set(key, facade);
    }
    return facade;
  }

  infoSync(): DatabaseInfo {
    return this.use((open) => {
      let sessions = 0;
      let runs = 0;
      const versions = readSchemaVersions(open.handle);
      for (const store of this.stores.values()) {
        const counts = store.counts();
        sessions += counts.sessions;
        runs += counts.runs;
      }
      return {
        id: this.id,
        path: this.path,
        readOnly: this.readOnly,
        sessionTables: open.tables.map((t) => t.name),
        defaultTable: open.defaultTable,
        sessions,
        runs,
        layouts: open.tables.map((t) => layoutReport(t, versions)),
      };
    });
  }

  platformData(): PlatformData {
    const open = this.current();
    this.platform ??= sqlitePlatformData(open.handle, this.id, { readOnly: this.readOnly, clock: this.options.clock, afterWrite: () => this.afterWrite() });
    return this.platform;
  }

  protected override afterWrite(): void {
    this.caches.invalidate({ kind: 'store-write', owner: this.owner });
  }

  /** The opening and what SQLite counts of changes: a replaced, reopened or written file never matches an older stamp. */
  changeStamp(): string {
    return this.use((open) => `${this.generation}:${open.version.read()}`);
  }

  setLockWait(ms: number): void {
    this.lockWait = Math.max(0, Math.floor(ms));
    if (this.open?.handle.open) this.open.handle.pragma(`busy_timeout = ${this.lockWait}`);
  }

  close(): void {
    if (this.watch) clearInterval(this.watch);
    this.closed = true;
    this.release();
  }

  /**
   * Runs `fn` on the table's current store, after checking the file (rules 2, 3 and 5). The
   * store's content version is prefixed with the opening's generation, so answers cached
   * under an older opening never match.
   */
  use<T>(fn: (open: OpenFile) => T): T {
    if (this.closed) throw new DatabaseUnavailableError(this.id, this.path, 'the database is detached');
    const open = this.current();
    try {
      return fn(open);
    } catch (error) {
      if (!isSchemaChange(error) && !(error instanceof FileReplacedError)) throw error;
      this.reopen();
      return fn(this.current());
    }
  }

  /** A write: like `use`, plus the check after commit that it reached the file at the path (rule 4). */
  write<T>(fn: (open: OpenFile) => T): T {
    const result = this.use(fn);
    if (this.open?.file.isSameFile() !== false) return result;
    this.reopen();
    return fn(this.current());
  }

  /** The table's store in the opening `use` checked; a table the file no longer has is 503. */
  storeOf(name: string | undefined): AgnoSessionStore {
    const table = name ?? this.open?.defaultTable ?? '';
    const store = this.stores.get(table);
    if (!store) throw new DatabaseUnavailableError(this.id, this.path, `the session table ${table} is gone (changed outside rundesk)`);
    return store;
  }

  get generationTag(): number {
    return this.generation;
  }

  /** The open file after checking it; throws the reason it cannot be used. */
  private current(): OpenFile {
    const open = this.open;
    if (open) {
      const change = open.file.observe();
      if (change.kind === 'unchanged' || change.kind === 'written') return open;
      if (change.kind === 'damaged') {
        this.release();
        const error = new DatabaseUnavailableError(this.id, this.path, change.reason);
        this.failure = { error, stamp: attemptStamp(this.path) };
        throw error;
      }
      if (change.kind === 'replaced') this.staleWal = staleWalOf(open, this.path);
      this.release();
    }
    return this.reopenNow();
  }

  private reopen(): void {
    const open = this.open;
    if (open && !open.file.isSameFile()) this.staleWal = staleWalOf(open, this.path);
    this.release();
    this.reopenNow();
  }

  /** Opens the file at the path afresh; a file not usable now is 503 with the reason. */
  private reopenNow(): OpenFile {
    if (this.closed) throw new DatabaseUnavailableError(this.id, this.path, 'the database is detached');
    // Nothing changed at the path since it last failed: the same answer, without opening it again.
    if (this.failure && attemptStamp(this.path) === this.failure.stamp) throw this.failure.error;
    let open: OpenFile;
    const stamp = attemptStamp(this.path);
    try {
      open = openFile(this.options, this.staleWal);
    } catch (error) {
      const busy = busyCause(error);
      if (busy) throw busy;
      const reason = error instanceof DatabaseFileError ? error.reason : oneLine(error);
      const failure = new DatabaseUnavailableError(this.id, this.path, reason, { cause: error });
      this.failure = { error: failure, stamp };
      throw failure;
    }
    this.failure = null;
    this.staleWal = null;
    this.open = open;
    this.generation += 1;
    this.lastTables = Object.freeze(open.tables.map((t) => t.name));
    this.makeStores(open);
    if (this.lockWait !== null) open.handle.pragma(`busy_timeout = ${this.lockWait}`);
    return open;
  }

  private makeStores(open: OpenFile): void {
    const clock = this.options.clock ?? Date.now;
    this.stores = new Map();
    this.platform = undefined;
    this.traceStore = undefined;
    for (const table of open.tables) {
      const runs = {
        cache: this.caches.sqliteRuns,
        prefix: `${ownerPrefix(this.owner)}${this.serial}.${this.generation}\u0000${table.name}\u0000`,
        wrote: (session: string) => this.caches.invalidate({ kind: 'store-write', owner: this.owner, session }),
      };
      const store = new AgnoSessionStore(open.handle, table, this.id, this.readOnly, clock, runs, () => {
        if (!open.file.isSameFile()) throw new FileReplacedError();
      });
      this.stores.set(table.name, store);
    }
  }

  /** Closes the connection, then the descriptor (in that order: see WatchedFile). */
  private release(): void {
    const open = this.open;
    this.open = null;
    // Everything built on this opening goes with it (a replaced or damaged file, a detach).
    this.caches.invalidate({ kind: this.closed ? 'closed' : 'outside-change', owner: this.owner });
    this.stores = new Map();
    this.platform = undefined;
    this.traceStore = undefined;
    if (!open) return;
    try {
      if (open.handle.open) open.handle.close();
    } finally {
      open.file.close();
    }
  }

  /** The idle check: lets go of a replaced or damaged file without waiting for a request. */
  private poll(): void {
    if (this.open === null) return;
    try {
      this.current();
    } catch {
      // Reported to the next request that uses the database.
    }
  }
}

/** The `-wal` at the path when it is the one the replaced opening used (same file), as it is now. */
function staleWalOf(open: OpenFile, file: string): WalFile | null {
  const now = walFileAt(file);
  if (now === null || open.wal === null || now.dev !== open.wal.dev || now.ino !== open.wal.ino) return null;
  return now;
}

/** Thrown inside a write transaction when the path no longer names the open file (rule 4). */
class FileReplacedError extends Error {
  constructor() {
    super('the file was replaced during the write');
  }
}

/** better-sqlite3's error for a statement whose table or column is gone, or a schema it must re-read. */
function isSchemaChange(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'SQLITE_SCHEMA') return true;
  return code === 'SQLITE_ERROR' && /no such (table|column)|has no column/.test((error as Error).message);
}

/** The driver's lock error behind a failed opening, rethrown raw so the guard answers 503 busy. */
function busyCause(error: unknown): unknown {
  const cause = error instanceof ConfigError ? error.cause : error;
  const code = (cause as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) ? cause : null;
}
