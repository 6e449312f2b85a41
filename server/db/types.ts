/**
 * The store interface the HTTP routes use. Routes never see SQL or better-sqlite3; only
 * `server/db/` imports it. Two implementations sit behind this interface:
 *  - the native layout of `<data-dir>/rundesk.db` (one row per run, so a run lookup is an
 *    index probe whatever the session's size), and
 *  - Agno `SqliteDb` session tables (one row per session, runs as a double-encoded JSON array),
 *    used for attached files and read in place.
 */

import type { AccessScope } from '../access/scope.js';
import type { SessionType, StoredRun } from '../agno-format/types.js';
import type { PlatformData } from './platform-data/types.js';
import type { TraceStore } from './traces/types.js';

export { SESSION_TYPES, type SessionType, type StoredRun } from '../agno-format/types.js';

/** A session row without its runs. JSON columns are decoded (`null` when absent). */
export interface StoredSession {
  session_id: string;
  session_type: SessionType;
  agent_id: string | null;
  team_id: string | null;
  workflow_id: string | null;
  user_id: string | null;
  session_data: Record<string, unknown> | null;
  agent_data: Record<string, unknown> | null;
  team_data: Record<string, unknown> | null;
  workflow_data: Record<string, unknown> | null;
  metadata: Record<string, unknown> | null;
  summary: Record<string, unknown> | null;
  /** Epoch seconds. */
  created_at: number;
  /** Epoch seconds. */
  updated_at: number | null;
}

/**
 * What a rename (`POST /sessions/{id}/rename`) or an update (`PATCH /sessions/{id}`) changes:
 * `session_name` and `session_state` go into `session_data`, `metadata` and `summary` replace
 * their columns; what is left out stays as stored. Each store applies it to the row it reads
 * inside the write's own transaction (`mergeSessionPatch`, ./session-patch.ts), so two patches sent at once both
 * land, whatever order they commit in.
 */
export interface SessionPatch {
  session_name?: string | undefined;
  session_state?: Record<string, unknown> | undefined;
  metadata?: Record<string, unknown> | undefined;
  summary?: Record<string, unknown> | undefined;
  /** Epoch seconds written to `updated_at`. */
  updated_at: number;
}

/** The columns AgentOS's session rename and update write (`mergeSessionPatch` builds them). */
export type SessionFields = Pick<StoredSession, 'session_data' | 'metadata' | 'summary'> & { updated_at: number };

/** What the sessions listing shows for one session. */
export interface SessionListItem extends StoredSession {
  /** `session_data.session_name`, else derived as Agno's `get_session_name` does. */
  session_name: string;
  run_count: number;
  /** `session_data.session_metrics.total_tokens` when present. */
  total_tokens: number | null;
}

/** Row filter shared by reads and writes. */
export interface RowFilter {
  type?: SessionType | undefined;
  /**
   * Whose rows (`server/access/scope.ts`), applied by each store in the query that reads the
   * row. The use cases always pass the request's; absent is every row, for the store's own
   * callers (sample data, internal lookups, tests).
   */
  scope?: AccessScope | undefined;
}

/** Outcome of looking up one run; each miss kind has its own 404 detail. */
export type RunLookup =
  | { kind: 'found'; session: StoredSession; run: StoredRun }
  | { kind: 'no-session' }
  /** A session with this id exists, but under another `session_type`. */
  | { kind: 'wrong-type'; actualType: SessionType }
  | { kind: 'no-runs' }
  | { kind: 'no-run' };

export interface ListSessionsQuery extends RowFilter {
  /** Exactly this session (used by the session detail route for its derived name and counts). */
  sessionId?: string | undefined;
  /** agent_id, team_id or workflow_id equal to this. */
  componentId?: string | undefined;
  /** Case-insensitive substring of session id or session name. */
  search?: string | undefined;
  /** Case-insensitive substring of the session name only (AgentOS's `session_name`). */
  sessionName?: string | undefined;
  /** rundesk: case-insensitive substring of the session's `user_id` (the exact filter is `userId`). */
  userSearch?: string | undefined;
  /** 1-based. */
  page: number;
  limit: number;
  /** Defaults to `created_at`. */
  sortBy?: SessionSortField | undefined;
  sortOrder: 'asc' | 'desc';
}

/**
 * Columns a session listing sorts by: the session table's plain columns, as AgentOS sorts by any
 * column of it (`updated_at` falls back to `created_at`, as there).
 */
export const SESSION_SORT_FIELDS = ['created_at', 'updated_at', 'session_id', 'session_type', 'user_id', 'agent_id', 'team_id', 'workflow_id'] as const;
export type SessionSortField = (typeof SESSION_SORT_FIELDS)[number];

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

/** Which runs of a session's stored order a page holds. */
export interface RunWindow {
  offset: number;
  limit: number;
}

export interface RunsPage {
  runs: StoredRun[];
  /** Every run `listRuns` would answer. */
  total: number;
}

export interface ComponentSummary {
  id: string;
  name: string | null;
  /** `*_data.description` of the newest session, when the agent wrote one. */
  description: string | null;
  /** `*_data.model` of the newest session (Agno's `Model.to_dict()`: id, provider, name). */
  model: { id: string | null; provider: string | null; name: string | null } | null;
  session_count: number;
  run_count: number;
  /** Epoch seconds of the newest session update. */
  last_active_at: number | null;
}

export interface UpsertRunInput {
  sessionId: string;
  type: SessionType;
  run: StoredRun;
  /**
   * The owner (decided by `ownerOf` from the writer's access scope): stamped on the run and on
   * a session created by this call (`prepareRun`), and checked against an existing session.
   */
  userId: string | null;
}

export interface UpsertRunResult {
  sessionCreated: boolean;
  runCreated: boolean;
}

/**
 * One SQLite session table (the default database's native layout, or an Agno table), answered
 * synchronously by better-sqlite3. Routes never see it: they get the `SessionStore` view.
 */
export interface SyncSessionStore {
  readonly tableName: string;
  readonly readOnly: boolean;
  getSession(sessionId: string, filter: RowFilter): StoredSession | null;
  getRun(sessionId: string, runId: string, filter: RowFilter): RunLookup;
  /** Runs in stored order; `null` when the session does not exist (under the filter). */
  listRuns(sessionId: string, filter: RowFilter): StoredRun[] | null;
  /**
   * A window of `listRuns` (rundesk's paged run list) and how many runs there are in all;
   * a store that can reads only the window's runs. `null` as `listRuns`.
   */
  pageRuns(sessionId: string, filter: RowFilter, window: RunWindow): RunsPage | null;
  /**
   * Every run in stored order, parsed one at a time as iterated, for a reader that visits each
   * run once (run search): the session's stored value is read once, and no store decodes a whole
   * session for it where it can avoid it. `null` as `listRuns`.
   */
  eachRun(sessionId: string, filter: RowFilter): Iterable<StoredRun> | null;
  listSessions(query: ListSessionsQuery): Page<SessionListItem>;
  listComponents(kind: SessionType, filter: RowFilter): ComponentSummary[];
  /**
   * Writes one run in one atomic step (the row re-read inside the write's transaction).
   * Throws `ConflictError` when the session exists under another type or another user, and
   * `AmbiguousSessionError` when the writer's owner leaves several rows of the id (`ownRowOf`).
   */
  upsertRun(input: UpsertRunInput): UpsertRunResult;
  /**
   * Deletes the one row the filter addresses (`oneRowOf`); `false` when nothing matched,
   * `AmbiguousSessionError` (nothing deleted) when several rows do.
   */
  deleteSession(sessionId: string, filter: RowFilter): boolean;
  /**
   * A new session row without runs (AgentOS's `POST /sessions`); `false`, writing nothing, when
   * the id is taken. Which rows take it: every row of the id when the table keeps ids unique;
   * on a table that does not, only the rows of the new session's owner.
   */
  addSession(session: StoredSession): boolean;
  /**
   * Merges the patch (`mergeSessionPatch`) into the one row the filter addresses, read and
   * written in one atomic step; `false` when no row matches, `AmbiguousSessionError` when
   * several do.
   */
  updateSession(sessionId: string, patch: SessionPatch, filter: RowFilter): boolean;
  counts(): { sessions: number; runs: number };
  /** Whether the table holds any session (cheap: answers which database a request without `db_id` reads). */
  hasSessions(): boolean;
}

/**
 * One session table as routes and use cases see it: every read and write is a Promise, so a
 * SQLite file and a PostgreSQL server sit behind the same interface.
 */
export type SessionStore = {
  readonly [K in keyof SyncSessionStore]: SyncSessionStore[K] extends (...args: infer A) => infer R
    ? (...args: A) => Promise<R>
    : SyncSessionStore[K];
};

/** How an attached Agno table keeps its runs, beside what `agno_schema_versions` records for it. */
export interface TableLayoutInfo {
  table: string;
  /** From the table's columns: `2.x` a runs column, `3.x` a runs table, `3.x-upgraded` both (merged by run_id). */
  layout: '2.x' | '3.x' | '3.x-upgraded';
  runsTable: string | null;
  schemaVersion: string | null;
  runsTableSchemaVersion: string | null;
  versionAgrees: boolean;
  note: string | null;
}

export interface DatabaseInfo {
  id: string;
  path: string;
  readOnly: boolean;
  /** Session tables found in the file (a fixed set read from `sqlite_master`). */
  sessionTables: string[];
  /** Table used when the request names none. */
  defaultTable: string;
  sessions: number;
  runs: number;
  /** Per session table of an attached Agno SQLite file; absent for the other kinds. */
  layouts?: TableLayoutInfo[];
}

/** An open SQLite file. */
export interface Database {
  readonly id: string;
  readonly path: string;
  readonly readOnly: boolean;
  /** Discovered at open time; `table` query values are looked up here, never spliced into SQL. */
  sessionTables(): readonly string[];
  /** `undefined` → the default table. Throws `NotFoundError` for a table not in `sessionTables()`. */
  sessions(table?: string): SessionStore;
  /** Memories, eval runs, metrics and knowledge contents kept in the same database, read and written as AgentOS does. */
  platformData(): PlatformData;
  /** Agno's traces and spans in this database (`agno_traces`, `agno_spans`); a database without them answers nothing. */
  traces(): TraceStore;
  /**
   * Changes whenever anything in the database may have changed (SQLite: another process
   * committed, rundesk wrote, or the file was reopened; see `ContentVersion`). Absent when the
   * engine cannot tell cheaply (PostgreSQL): then no answer built from it is reused.
   */
  changeStamp?(): string;
  /**
   * A fingerprint of one session table's rows (and of its Agno 3 run rows) that any insert,
   * update or delete changes (PostgreSQL: their count and a sum of a hash of each row's `ctid`
   * and `xmin`), read without reading the runs. For an engine without `changeStamp`: answers
   * built from the table are reused while it is unchanged.
   */
  tableVersion?(table?: string): Promise<string>;
  /** A synchronous "does the default table hold any session?" when the driver can answer at once (SQLite). */
  holdsSessionsNow?(): boolean;
  info(): Promise<DatabaseInfo>;
  /**
   * How long a statement may wait for another process's lock (SQLite's busy timeout). The
   * wait is synchronous, so the failure guard lowers it to 0 while the file is contended.
   */
  setLockWait?(ms: number): void;
  close(): void;
}

/** A database to attach: an SQLite file (`path`) or a PostgreSQL database (`url`, or the env var `urlEnv`). */
export interface AttachEntry {
  id: string;
  path?: string | undefined;
  url?: string | undefined;
  urlEnv?: string | undefined;
  /** PostgreSQL schema (default `ai`). */
  schema?: string | undefined;
  readOnly: boolean;
  sessionTable?: string | undefined;
}

/** A SQLite database, which can also be read synchronously (its tests and internals do). */
export interface SqliteDatabase extends Database {
  store(table?: string): SyncSessionStore;
  infoSync(): DatabaseInfo;
  holdsSessionsNow(): boolean;
}

/** Settings' `databases` entries plus the built-in `default`, by id. */
export interface DatabaseRegistry {
  /** Throws `NotFoundError` (`Database with ID x not found`) for an unknown id. */
  get(id: string): Database;
  /** The built-in `<data-dir>/rundesk.db`. */
  default(): Database;
  /**
   * What `attach` checks, without attaching: the file is opened read-only and closed again.
   * Throws the same one-line `ConfigError`.
   */
  check(entry: AttachEntry): void;
  /** Opens and validates the file; throws `ConfigError` (one line) when it is not usable. */
  attach(entry: AttachEntry): Database;
  /** Throws `NotFoundError` for an unknown id and `BadRequestError` for `default`. */
  detach(id: string): void;
  list(): Database[];
  closeAll(): void;
}
