import { AccessScope } from '../../access/scope.js';
import { pythonJsonDumps } from '../../agno-format/python-json.js';
import { isPlainObject } from '../../agno-format/json-values.js';
import { deriveSessionName, explicitSessionName, fallbackSessionName, isNameCandidate, nameFromRun } from '../../agno-format/session-name.js';
import type { SqliteHandle } from '../connection.js';
import { ContentVersion, VersionedAnswer } from '../content-version.js';
import { ReadOnlyDatabaseError, SessionUnreadableError } from '../errors.js';
import { assertSessionAccepts, newSessionCreatedAt, prepareRun, runElsewhere } from '../ingest.js';
import { ConflictError } from '../../errors.js';
import { matchesNeedles, pageWindow, searchNeedle, summariseComponents } from '../listing.js';
import { epochSeconds, toListItem, toStoredSession } from '../session-rows.js';
import type { SessionRow } from '../session-rows.js';
import type {
  SessionPatch,
  ComponentSummary,
  ListSessionsQuery,
  Page,
  RowFilter,
  RunLookup,
  RunsPage,
  RunWindow,
  SessionListItem,
  SyncSessionStore,
  SessionType,
  StoredRun,
  StoredSession,
  UpsertRunInput,
  UpsertRunResult,
} from '../types.js';
import { decodeJsonColumn, decodeObjectColumn, decodeRunsColumn, encodeAgnoJson, innerRunsText, readRunsColumn, spliceRunsText, topLevelArraySpans } from '../../agno-format/codec.js';
import type { SessionTable } from './discover.js';
import { approxEntryBytes, decodedBytes, freezeDeep, indexedEntryBytes } from './run-cache.js';
import type { AgnoRunsCache, CachedRuns, DecodedRuns } from './run-cache.js';
import { indexRunsValue, readIndexedRun } from '../../agno-format/runs-index.js';
import { AgnoStatements } from './statements.js';
import type { RunsTableSql } from './runs-table.js';
import { mergeRuns, runRowColumns } from '../../agno-format/agno3-runs.js';
import type { SqliteStatement } from '../connection.js';
import { oneRowOf, ownRowOf } from '../one-row.js';
import { mergeSessionPatch } from '../session-patch.js';
import { immediately } from '../sqlite-write.js';
import type { CacheRow, CacheStatements, LightRow, SessionRowWithRuns } from './statements.js';
import { idsOfRuns, mergedRunsView, readMergedOrder } from './merged-runs.js';
import type { MergedOrder, RunsMemo, SessionRuns } from './merged-runs.js';

/** What one read transaction saw; decoding happens after it, so no lock is held meanwhile. */
type ReadState =
  | { kind: 'none' }
  | { kind: 'hit'; cached: CachedRuns }
  | { kind: 'row'; row: CacheRow; dataVersion: number; cached: CachedRuns | undefined }
  /** Non-unique session ids: the user's row is not the one the cache would hold. */
  | { kind: 'other-row' };

/** Runs read per step by `eachRun` on an Agno 3 table. */
const RUN_WINDOW = 256;

/** Listing, count and component answers kept per unchanged file (distinct queries: pages, filters, sorts). */
const MAX_KEPT_LISTINGS = 64;

/** Where a store keeps its sessions: the server's runs cache, its own key prefix there, and whom to tell of a write. */
export interface StoreRunsCache {
  readonly cache: AgnoRunsCache;
  /** Unique to the database, its opening and the table. */
  readonly prefix: string;
  /** Called after each write with the key of the session written (`Caches.invalidate`). */
  wrote(key: string): void;
}

/**
 * One agno session table read (and, when attached writable, written) in place: one row per
 * session, runs as a JSON array in the `runs` column (docs/databases.md, "Agno versions and layouts").
 *
 * A run lookup needs the session's whole array decoded, so decoded arrays are cached (see
 * run-cache.ts). An entry is served only while nothing in the file can have changed since it
 * was read: `PRAGMA data_version` is unchanged (another connection — the agent writing this
 * file — has not committed) and this store has not written. Otherwise the row is re-read and
 * its `runs` bytes compared with the entry's before it is reused, so a commit elsewhere in
 * the file costs a byte comparison, not a decode, and a changed row is never served stale.
 */
export class AgnoSessionStore implements SyncSessionStore {
  readonly tableName: string;
  private readonly sql: AgnoStatements;
  private readonly cache: AgnoRunsCache;
  private readonly cacheKeyPrefix: string;
  private readonly runsWritten: (key: string) => void;
  /** Bumped by our own writes, which `data_version` does not count. */
  private writeCount = 0;
  private readonly readState: ((sessionId: string, scope: AccessScope) => ReadState) | null;
  private readonly version: ContentVersion;
  /** Asked on every request without `db_id` (which database answers); re-asked only after a change. */
  private readonly holdsSessions: VersionedAnswer<boolean>;
  /** The session's cache entry when it is current (nothing in the file changed since it was read). */
  private readonly currentEntry: ((sessionId: string, scope: AccessScope) => CachedRuns | undefined) | null;
  /** `data_version` and own writes: unchanged means nothing in the file changed. */
  private readonly fileState: (() => string) | null;
  /**
   * Listing answers while the file is unchanged: a listing sorts by columns stored after `runs`,
   * so SQLite reads every listed row's overflow pages (the whole stored values) to answer it.
   */
  private listings: { state: string; answers: Map<string, unknown> } = { state: '', answers: new Map() };
  /** Listing facts per cache entry; an entry replaced or evicted takes its memo with it. */
  private readonly memos = new WeakMap<CachedRuns, RunsMemo>();

  constructor(
    private readonly handle: SqliteHandle,
    table: SessionTable,
    private readonly databaseId: string,
    readonly readOnly: boolean,
    private readonly now: () => number,
    runs: StoreRunsCache,
    /** Called first inside each write transaction: throws when the path names another file now. */
    private readonly assertSameFile: () => void = () => {},
  ) {
    this.tableName = table.name;
    this.cache = runs.cache;
    this.cacheKeyPrefix = runs.prefix;
    this.runsWritten = runs.wrote;
    this.sql = new AgnoStatements(handle, table);
    this.version = new ContentVersion(handle);
    this.holdsSessions = new VersionedAnswer(this.version, () => (this.sql.anySession.get() as { any: number }).any === 1);
    const statements = this.sql.cache;
    // One read transaction, so the version, the user check and the row are one snapshot.
    this.readState = statements ? handle.transaction(this.readStateIn.bind(this, statements)) : null;
    this.currentEntry = statements
      ? handle.transaction((sessionId: string, scope: AccessScope) => {
          const state = this.hitIn(statements, sessionId, scope);
          return state.kind === 'hit' ? state.cached : undefined;
        })
      : null;
    this.fileState = statements ? () => `${statements.dataVersion.get() as number}:${this.writeCount}` : null;
  }

  getSession(sessionId: string, filter: RowFilter): StoredSession | null {
    // SQLite walks a row's overflow pages to reach the columns stored after `runs` (tens of
    // milliseconds for a 10,000-run value): a cache entry known current answers without it.
    const current = this.currentEntry?.(sessionId, filter.scope ?? AccessScope.all());
    if (current && (filter.type === undefined || current.session.session_type === filter.type)) return current.session;
    // With a type, the row of that type: ids may repeat across types in a table without a key.
    const row = this.sql.sessionRow(sessionId, filter.scope, filter.type);
    if (!row) return null;
    const session = toStoredSession(row);
    return filter.type === undefined || session.session_type === filter.type ? session : null;
  }

  getRun(sessionId: string, runId: string, filter: RowFilter): RunLookup {
    if (this.sql.runsTable) return this.readRunRow(sessionId, runId, filter);
    const found = this.sessionRuns(sessionId, filter.scope);
    if (!found) return { kind: 'no-session' };
    const { session } = found;
    if (filter.type !== undefined && session.session_type !== filter.type) return { kind: 'wrong-type', actualType: session.session_type };
    if (found.runCount === 0) return { kind: 'no-runs' };
    const run = found.run(runId);
    return run ? { kind: 'found', session, run: freezeDeep(run) } : { kind: 'no-run' };
  }

  listRuns(sessionId: string, filter: RowFilter): StoredRun[] | null {
    // Every run is read anyway: an Agno 3 table reads them in one statement and decodes them
    // after its read transaction, so a rollback-journal file's lock is not held while decoding.
    if (this.sql.runsTable) {
      const found = this.mergedInMemory(sessionId, filter.scope);
      if (!found || (filter.type !== undefined && found.session.session_type !== filter.type)) return null;
      return found.all().map(freezeDeep);
    }
    return this.withRuns(sessionId, filter, (found) => found.all().map(freezeDeep));
  }

  eachRun(sessionId: string, filter: RowFilter): Iterable<StoredRun> | null {
    if (this.sql.runsTable) {
      // Agno 3: a window of run rows at a time (each read from its own row).
      const first = this.pageRuns(sessionId, filter, { offset: 0, limit: RUN_WINDOW });
      if (first === null) return null;
      const more = (offset: number) => this.pageRuns(sessionId, filter, { offset, limit: RUN_WINDOW });
      return (function* () {
        let page: RunsPage | null = first;
        for (let offset = 0; page !== null; offset += RUN_WINDOW) {
          yield* page.runs;
          if (page.runs.length < RUN_WINDOW || offset + RUN_WINDOW >= page.total) return;
          page = more(offset + RUN_WINDOW);
        }
      })();
    }
    // Agno 2: the value read (or found current in the cache) once, each run parsed from its
    // own bytes as reached.
    return this.withRuns(sessionId, filter, (found) => {
      const runs = found.each();
      return (function* () {
        for (const run of runs) yield freezeDeep(run);
      })();
    });
  }

  pageRuns(sessionId: string, filter: RowFilter, window: RunWindow): RunsPage | null {
    return this.withRuns(sessionId, filter, (found) => ({ runs: found.window(window.offset, window.limit).map(freezeDeep), total: found.objectCount }));
  }

  /**
   * `answer` of the session's runs under the filter; `null` when none matches. An Agno 3
   * table's runs are read from their rows as reached, so the whole answer is one read
   * transaction (one snapshot of the file).
   */
  private withRuns<T>(sessionId: string, filter: RowFilter, answer: (found: SessionRuns) => T): T | null {
    const read = () => {
      const found = this.sql.runsTable ? this.mergedSessionRuns(sessionId, filter.scope) : this.sessionRuns(sessionId, filter.scope);
      if (!found) return null;
      if (filter.type !== undefined && found.session.session_type !== filter.type) return null;
      return answer(found);
    };
    return this.sql.runsTable ? this.handle.transaction(read)() : read();
  }

  listSessions(query: ListSessionsQuery): Page<SessionListItem> {
    const answer = this.whileUnchanged(`sessions\u0000${JSON.stringify(query)}`, () => this.listSessionsNow(query));
    return { ...answer, items: [...answer.items] };
  }

  /**
   * `compute()`'s answer, kept while the file is unchanged (`data_version` and our own writes):
   * listings, counts and component summaries sort by or sum over columns stored after `runs`,
   * so SQLite reads every row's whole stored value to answer them.
   */
  private whileUnchanged<T>(key: string, compute: () => T): T {
    const state = this.fileState?.();
    if (state === undefined) return compute();
    if (this.listings.state !== state) this.listings = { state, answers: new Map() };
    let answer = this.listings.answers.get(key) as T | undefined;
    if (answer === undefined) {
      answer = compute();
      if (this.listings.answers.size >= MAX_KEPT_LISTINGS) this.listings.answers.clear();
      if (this.listings.state === state) this.listings.answers.set(key, answer);
    }
    return answer;
  }

  private listSessionsNow(query: ListSessionsQuery): Page<SessionListItem> {
    const { page, limit, offset } = pageWindow(query);
    const filter = { sessionId: query.sessionId, type: query.type, scope: query.scope, componentId: query.componentId };
    const needle = searchNeedle(query.search);
    const nameNeedle = searchNeedle(query.sessionName);
    const userNeedle = searchNeedle(query.userSearch);
    const sortBy = query.sortBy ?? 'created_at';
    // Agno 2 tables answer counts and names from the runs index of each listed row (one pass
    // per row version, kept with the cache entry); SQL would parse every row's whole value.
    const fromIndex = this.readState !== null;
    const item = (row: LightRow): SessionListItem => (fromIndex ? this.indexedItem(row, query.scope) : this.toItem(row));
    // Not one transaction: a first index of a large value must not hold the agent's writes back.
    const list = (window?: { limit: number; offset: number }) => this.sql.listLight(filter, sortBy, query.sortOrder, window, fromIndex).map(item);
    if (needle === undefined && nameNeedle === undefined && userNeedle === undefined) {
      return { items: list({ limit, offset }), total: this.sql.countSessions(filter), page, limit };
    }
    // Names are derived from run contents, so a search filters the (lighter) rows in JS.
    const matching = list().filter((item) => matchesNeedles(item, { needle, nameNeedle, userNeedle }));
    return { items: matching.slice(offset, offset + limit), total: matching.length, page, limit };
  }

  listComponents(kind: SessionType, filter: RowFilter): ComponentSummary[] {
    const compute = () => {
      const rows = this.sql.componentRows(kind, filter.scope);
      return summariseComponents(
        rows.map((r) => ({ id: String(r.id), data: decodeObjectColumn(r.data), active: r.active, runCount: r.run_count })),
      );
    };
    return [...this.whileUnchanged(`components\u0000${kind}\u0000${JSON.stringify(filter)}`, compute)];
  }

  upsertRun(input: UpsertRunInput): UpsertRunResult {
    if (this.readOnly) throw new ReadOnlyDatabaseError(this.databaseId);
    const prepared = prepareRun(input);
    const runJson = pythonJsonDumps(prepared.run);
    if (this.sql.runsTable) return this.upsertRunRow(this.sql.runsTable, input, prepared, runJson);
    const write = this.handle.transaction((): UpsertRunResult => {
      // The write lock is held now: the file cannot change until commit, except by a rename.
      this.assertSameFile();
      const now = epochSeconds(this.now());
      const row = this.writeRow(input.sessionId, prepared.userId, input.type);
      if (!row) {
        this.insertSession(input, prepared, pythonJsonDumps(`[${runJson}]`), now);
        this.sql.assertReadable(input.sessionId);
        return { sessionCreated: true, runCreated: true };
      }
      assertSessionAccepts(toStoredSession(row), input.type, prepared.userId);
      // Read before anything is written: a value that cannot be read is refused, never rebuilt.
      const runs = this.readRuns(input.sessionId, row.runs);
      if (prepared.componentId !== null) {
        this.sql.fillComponent(input.type, row.row_key, prepared.componentId, encodeAgnoJson(prepared.componentData));
      }
      const index = runs.findIndex((r) => isPlainObject(r) && r['run_id'] === prepared.runId);
      (this.sql.updateRuns as SqliteStatement).run({
        runs: pythonJsonDumps(this.nextRunsText(row.runs, runs, index, runJson, prepared.run)),
        updated_at: now,
        row_key: row.row_key,
      });
      this.sql.assertReadable(input.sessionId);
      return { sessionCreated: false, runCreated: index < 0 };
    });
    // IMMEDIATE takes the write lock before reading, so an agent saving the same session
    // concurrently cannot slip in between our read and our write.
    try {
      return write.immediate();
    } finally {
      this.wrote(input.sessionId);
    }
  }

  addSession(session: StoredSession): boolean {
    if (this.readOnly) throw new ReadOnlyDatabaseError(this.databaseId);
    const add = this.handle.transaction((): boolean => {
      if (this.getSession(session.session_id, {}) !== null) return false;
      // The encodings agno's `upsert_session` writes (§2.3): every JSON column JSON-encoded, None as 'null'.
      this.sql.insertSession({
        session_id: session.session_id,
        session_type: session.session_type,
        agent_id: session.agent_id,
        team_id: session.team_id,
        workflow_id: session.workflow_id,
        user_id: session.user_id,
        session_data: encodeAgnoJson(session.session_data),
        agent_data: encodeAgnoJson(session.agent_data),
        team_data: encodeAgnoJson(session.team_data),
        workflow_data: encodeAgnoJson(session.workflow_data),
        metadata: encodeAgnoJson(session.metadata),
        runs: encodeAgnoJson(null),
        summary: encodeAgnoJson(session.summary),
        created_at: session.created_at,
        updated_at: session.updated_at,
      });
      return true;
    });
    try {
      return add.immediate();
    } finally {
      this.wrote(session.session_id);
    }
  }

  updateSession(sessionId: string, patch: SessionPatch, filter: RowFilter): boolean {
    if (this.readOnly) throw new ReadOnlyDatabaseError(this.databaseId);
    try {
      return immediately(this.handle, () => {
        // The write lock is held now: the row merged into is the row written over.
        this.assertSameFile();
        const row = oneRowOf(sessionId, this.sql.rowsOfId(sessionId, filter.scope), filter.type);
        if (!row) return false;
        const fields = mergeSessionPatch(toStoredSession(row), patch);
        this.sql.updateSessionFields(row.row_key, {
          session_data: encodeAgnoJson(fields.session_data),
          metadata: encodeAgnoJson(fields.metadata),
          summary: encodeAgnoJson(fields.summary),
          updated_at: fields.updated_at,
        });
        return true;
      });
    } finally {
      this.wrote(sessionId);
    }
  }

  deleteSession(sessionId: string, filter: RowFilter): boolean {
    if (this.readOnly) throw new ReadOnlyDatabaseError(this.databaseId);
    const runsTable = this.sql.runsTable;
    try {
      return immediately(this.handle, () => {
        // The write lock is held now: the file cannot change until commit, except by a rename.
        this.assertSameFile();
        const row = oneRowOf(sessionId, this.sql.rowsOfId(sessionId, filter.scope), filter.type);
        if (!row) return false;
        this.sql.deleteRow(row.row_key);
        // Agno 3 deletes the session's run rows with it (its foreign key cascades the same way),
        // unless another row shares the id and answers them now.
        if (runsTable && this.sql.sessionIdExists.get(sessionId) === 0) runsTable.deleteOfSession.run(sessionId);
        return true;
      });
    } finally {
      this.wrote(sessionId);
    }
  }

  /**
   * Inside a write transaction: the row a run of `owner` goes to, with its runs (`ownRowOf`);
   * `undefined` when the id is free. A row of another user refuses the run.
   */
  private writeRow(sessionId: string, owner: string | null, type: SessionType): SessionRowWithRuns | undefined {
    const { row, foreign } = ownRowOf(sessionId, this.sql.rowsOfId(sessionId, undefined), owner, type);
    if (foreign) assertSessionAccepts(toStoredSession(foreign), type, owner);
    return row ? this.sql.rowWithRuns(row.row_key) : undefined;
  }

  hasSessions(): boolean {
    return this.holdsSessions.get();
  }

  counts(): { sessions: number; runs: number } {
    return {
      ...this.whileUnchanged('counts', () => {
        const row = this.sql.counts.get() as { sessions: number; runs: number };
        return { sessions: row.sessions, runs: row.runs };
      }),
    };
  }

  /**
   * Our writes do not change our connection's `data_version`. Besides dropping the entry
   * written, every other entry of this table is re-checked once (by bytes): a session id may
   * reach the same row under another spelling (a NOCASE column), so the key alone is not proof.
   */
  private wrote(sessionId: string): void {
    this.writeCount += 1;
    this.runsWritten(this.cacheKeyPrefix + sessionId);
  }

  /** The session's row under the scope, with its runs decoded; `null` when none matches. */
  private sessionRuns(sessionId: string, scope: AccessScope = AccessScope.all()): SessionRuns | null {
    if (this.readState === null) return this.uncachedSessionRuns(sessionId, scope);
    const key = this.cacheKeyPrefix + sessionId;
    const state = this.readState(sessionId, scope);
    switch (state.kind) {
      case 'none':
        // Only an unscoped miss proves the session gone.
        if (scope.kind === 'all') this.cache.delete(key);
        return null;
      case 'other-row':
        return this.uncachedSessionRuns(sessionId, scope);
      case 'hit':
        this.cache.touch(key, state.cached, 'hit');
        return this.viewOf(key, state.cached);
      case 'row': {
        const { row, cached } = state;
        if (cached && cached.rowKey === row.row_key && cached.runsType === row.runs_type && sameBytes(cached.raw, row.runs_raw)) {
          // Only the light columns can differ; they are cheap to decode again.
          cached.session = freezeDeep(toStoredSession(row));
          cached.dataVersion = state.dataVersion;
          cached.writeCount = this.writeCount;
          this.cache.touch(key, cached, 'revalidated');
          return this.viewOf(key, cached);
        }
        // A number is cast to its text, which reads as "not a list", as Agno would fail on it.
        const readable = row.runs_type === 'null' ? null : row.runs_raw;
        const index = readable === null ? null : indexRunsValue(readable);
        const decoded = index === null ? this.decodeSessionRuns(row, readable) : null;
        const stored = row.runs_raw?.length ?? 0;
        const entry: CachedRuns = {
          rowKey: row.row_key,
          runsType: row.runs_type,
          raw: row.runs_raw,
          session: decoded?.session ?? freezeDeep(toStoredSession(row)),
          runCount: index?.count ?? decoded?.runCount ?? 0,
          index,
          decoded: decoded ? { runs: decoded.runs, byId: decoded.byId } : null,
          dataVersion: state.dataVersion,
          writeCount: this.writeCount,
          bytes: index === null ? approxEntryBytes(stored) : indexedEntryBytes(stored, index.bytes),
        };
        this.cache.set(key, entry);
        return this.viewOf(key, entry);
      }
    }
  }

  /**
   * A cached entry as `SessionRuns`: one run is parsed from its own bytes; a listing decodes
   * every run once and keeps them while the entry fits the cache's bound.
   */
  private viewOf(key: string, entry: CachedRuns): SessionRuns {
    const decodeAll = (): DecodedRuns => {
      if (entry.decoded) return entry.decoded;
      const decoded = byFirstId(this.readRuns(entry.session.session_id, entry.runsType === 'null' ? null : entry.raw));
      if (this.cache.grow(key, entry, decodedBytes(entry.raw?.length ?? 0))) entry.decoded = decoded;
      return decoded;
    };
    /** The run at `slot` of the index from its own bytes; `undefined` when they do not parse to an object. */
    const readSlot = (slot: number): StoredRun | undefined => {
      if (entry.index === null || entry.raw === null) return undefined;
      let run: unknown;
      try {
        run = readIndexedRun(entry.raw, entry.index, slot);
      } catch {
        return undefined;
      }
      return isPlainObject(run) ? run : undefined;
    };
    const index = entry.decoded ? null : entry.index;
    const objectCount = entry.decoded ? entry.decoded.runs.length : (entry.index?.spans.length ?? 0) / 2;
    let memo = this.memos.get(entry);
    if (memo === undefined) {
      memo = {};
      this.memos.set(entry, memo);
    }
    return {
      session: entry.session,
      runCount: entry.runCount,
      objectCount,
      memo,
      run: (runId) => {
        if (entry.decoded) return entry.decoded.byId.get(runId);
        const slot = entry.index?.byId.get(runId);
        if (slot === undefined) return undefined;
        // Bytes the pass accepted but JSON does not: the whole value decides, as before.
        return readSlot(slot) ?? decodeAll().byId.get(runId);
      },
      all: () => decodeAll().runs,
      window: (offset, limit) => {
        if (index === null || entry.decoded) return decodeAll().runs.slice(offset, offset + limit);
        const out: StoredRun[] = [];
        for (let i = Math.max(0, offset); i < Math.min(objectCount, offset + limit); i++) {
          const run = readSlot(i * 2);
          if (run === undefined) return decodeAll().runs.slice(offset, offset + limit);
          out.push(run);
        }
        return out;
      },
      each: () => (index === null || entry.decoded ? decodeAll().runs : eachIndexed(objectCount, readSlot, () => decodeAll().runs)),
      ids: () => {
        if (entry.decoded || entry.index === null) return idsOfRuns(decodeAll().runs);
        return entry.index.otherIds ? null : entry.index.ids;
      },
      merged: {
        get: () => entry.merged,
        set: (order) => {
          const before = entry.merged?.bytes ?? 0;
          if (this.cache.grow(key, entry, order.bytes - before)) entry.merged = order;
          else if (entry.merged !== undefined && this.cache.grow(key, entry, -before)) entry.merged = undefined;
        },
      },
    };
  }

  /** Whether the cache entry of the session (the user's row) is current, without reading the row. */
  private hitIn(
    statements: CacheStatements,
    sessionId: string,
    scope: AccessScope,
  ): { kind: 'hit'; cached: CachedRuns } | { kind: 'none' } | { kind: 'miss'; dataVersion: number; cached: CachedRuns | undefined; userRowKey: string | undefined } {
    // A scoped lookup ties the cached row to the one its scope finds (by rowid).
    let userRowKey: string | undefined;
    if (scope.kind !== 'all') {
      userRowKey = statements.rowKey(sessionId, scope);
      if (userRowKey === undefined) return { kind: 'none' };
    }
    const dataVersion = statements.dataVersion.get() as number;
    const cached = this.cache.peek(this.cacheKeyPrefix + sessionId);
    if (
      cached !== undefined &&
      cached.dataVersion === dataVersion &&
      cached.writeCount === this.writeCount &&
      (userRowKey === undefined || userRowKey === cached.rowKey)
    ) {
      return { kind: 'hit', cached };
    }
    return { kind: 'miss', dataVersion, cached, userRowKey };
  }

  private readStateIn(statements: CacheStatements, sessionId: string, scope: AccessScope): ReadState {
    const state = this.hitIn(statements, sessionId, scope);
    if (state.kind !== 'miss') return state;
    const { dataVersion, cached, userRowKey } = state;
    const row = statements.rowForCache.get(sessionId) as CacheRow | undefined;
    if (!row) return { kind: 'none' };
    if (userRowKey !== undefined && row.row_key !== userRowKey) return { kind: 'other-row' };
    return { kind: 'row', row, dataVersion, cached };
  }

  private uncachedSessionRuns(sessionId: string, scope: AccessScope): SessionRuns | null {
    const row = this.sql.sessionWithRuns(sessionId, scope);
    return row ? this.decodeSessionRuns(row, row.runs) : null;
  }

  /** A listing row whose run count and name come from the session's cached runs index. */
  private indexedItem(row: SessionRow, scope: AccessScope | undefined): SessionListItem {
    const session = toStoredSession(row);
    const item = (): SessionListItem => {
      let runs: SessionRuns | null;
      try {
        runs = this.sql.runsTable ? this.mergedSessionRuns(session.session_id, scope) : this.sessionRuns(session.session_id, scope);
      } catch (error) {
        // A value that cannot be read lists as SQL's JSON functions list it: no runs.
        if (error instanceof SessionUnreadableError) runs = null;
        else throw error;
      }
      if (runs === null || runs.runCount === 0) return toListItem(session, explicitSessionName(session.session_data) ?? fallbackSessionName(session, false), 0);
      return toListItem(session, this.nameFromRuns(session, runs), runs.runCount);
    };
    // An Agno 3 table's runs are read from their rows as the name derivation reaches them.
    return this.sql.runsTable ? this.handle.transaction(item)() : item();
  }

  /** `deriveSessionName` over runs parsed one at a time; the runs' part is kept with their cache entry. */
  private nameFromRuns(session: StoredSession, runs: SessionRuns): string {
    const explicit = explicitSessionName(session.session_data);
    if (explicit !== undefined) return explicit;
    const memo = runs.memo;
    let derived: string | undefined;
    if (memo !== null && memo.nameFor === session.session_type) derived = memo.name;
    else {
      derived = firstRunName(session.session_type, runs.each());
      if (memo !== null) Object.assign(memo, { nameFor: session.session_type, name: derived });
    }
    return derived ?? fallbackSessionName(session, true);
  }

  private toItem(row: LightRow): SessionListItem {
    const session = toStoredSession(row);
    return toListItem(session, this.sessionName(session, row), row.run_count);
  }

  /** The name from the first candidate run SQL picked; the full array only when that run has none. */
  private sessionName(session: StoredSession, row: LightRow): string {
    const explicit = explicitSessionName(session.session_data);
    if (explicit !== undefined) return explicit;
    if (row.run_count === 0) return fallbackSessionName(session, false);
    // Agno 3 answers the table's copy of a legacy run, which SQL's first legacy run is not.
    if (this.sql.runsTable) return deriveSessionName(session, this.mergedInMemory(session.session_id, undefined)?.all() ?? []);
    const first = row.name_run === null ? undefined : decodeJsonColumn(row.name_run);
    if (first !== undefined && isNameCandidate(session.session_type, first)) {
      const name = nameFromRun(session.session_type, first);
      if (name !== undefined) return name;
      if (session.session_type === 'workflow') return fallbackSessionName(session, true);
    }
    const full = this.sql.sessionWithRuns(session.session_id, undefined);
    return deriveSessionName(session, full ? decodeRunsColumn(full.runs) : []);
  }

  /**
   * One run of an Agno 3 table: the run's own row answers when it has one (Agno 3's merge puts
   * the table's copy wherever that id appears); only a run the table lacks needs the session's
   * other runs (the legacy value, or proof the session has none).
   */
  private readRunRow(sessionId: string, runId: string, filter: RowFilter): RunLookup {
    const runsTable = this.sql.runsTable as RunsTableSql;
    const read = this.handle.transaction((): RunLookup | null => {
      const session = this.getSession(sessionId, { scope: filter.scope });
      if (!session) return { kind: 'no-session' };
      if (filter.type !== undefined && session.session_type !== filter.type) return { kind: 'wrong-type', actualType: session.session_type };
      const row = runsTable.runById.get(sessionId, runId) as { run_data: unknown } | undefined;
      const run = row === undefined ? undefined : decodeJsonColumn(row.run_data);
      return isPlainObject(run) && run['run_id'] === runId ? { kind: 'found', session, run: freezeDeep(run) } : null;
    });
    const direct = read();
    if (direct) return direct;
    const merged = this.handle.transaction((): RunLookup => {
      const found = this.mergedSessionRuns(sessionId, filter.scope);
      if (!found) return { kind: 'no-session' };
      if (filter.type !== undefined && found.session.session_type !== filter.type) return { kind: 'wrong-type', actualType: found.session.session_type };
      if (found.runCount === 0) return { kind: 'no-runs' };
      const run = found.run(runId);
      return run ? { kind: 'found', session: found.session, run: freezeDeep(run) } : { kind: 'no-run' };
    });
    return merged();
  }

  /**
   * The session's runs as Agno 3 answers them (mergeRuns), each read from its row or the legacy
   * value when reached: where each lies is found from the (session_id, run_index) index and the
   * legacy value's runs index, and kept with the session's cache entry while the file is
   * unchanged. Call inside a read transaction. Tables that cannot be read so merge in memory.
   */
  private mergedSessionRuns(sessionId: string, scope: AccessScope | undefined): SessionRuns | null {
    const positions = this.sql.runsTable?.positions ?? null;
    if (positions === null || this.fileState === null) return this.mergedInMemory(sessionId, scope);
    const legacy = this.sessionRuns(sessionId, scope);
    if (!legacy) return null;
    // Read after the session row, so the state names the snapshot this transaction reads.
    const state = this.fileState();
    let order = legacy.merged?.get();
    if (order === undefined || order.state !== state) {
      const read = readMergedOrder(positions, sessionId, legacy, state);
      if (read === null) return this.mergedInMemory(sessionId, scope);
      order = read;
      legacy.merged?.set(order);
    }
    const runsTable = this.sql.runsTable as RunsTableSql;
    const runById = (runId: string): StoredRun | undefined => {
      const row = runsTable.runById.get(sessionId, runId) as { run_data: unknown } | undefined;
      const run = row === undefined ? undefined : decodeJsonColumn(row.run_data);
      return isPlainObject(run) ? run : undefined;
    };
    return mergedRunsView(positions, sessionId, legacy, order, runById, () => this.mergedInMemory(sessionId, scope) ?? legacy);
  }

  /** `mergeRuns` over every run of the session, decoded. */
  private mergedInMemory(sessionId: string, scope: AccessScope | undefined): SessionRuns | null {
    const runsTable = this.sql.runsTable as RunsTableSql;
    const read = this.handle.transaction(() => {
      const legacy = this.sessionRuns(sessionId, scope);
      if (!legacy) return null;
      const rows = runsTable.runsOfSession.all(sessionId) as Array<{ run_data: unknown }>;
      return { legacy, tableRuns: rows.map((r) => decodeJsonColumn(r.run_data)) };
    });
    const found = read();
    if (!found) return null;
    const { legacy, tableRuns } = found;
    const merged = mergeRuns(tableRuns, legacy.runCount > 0 ? legacy.all() : null);
    const { runs, byId } = byFirstId(merged);
    return { session: legacy.session, runCount: merged.length, run: (id) => byId.get(id), ...listsOf(runs), merged: null };
  }

  /**
   * Agno 3's write of one run: its own row in the runs table (updated in place when the id has
   * one, keeping its index), the session row created or touched, the legacy value never written.
   */
  private upsertRunRow(runsTable: RunsTableSql, input: UpsertRunInput, prepared: ReturnType<typeof prepareRun>, runJson: string): UpsertRunResult {
    const write = this.handle.transaction((): UpsertRunResult => {
      // The write lock is held now: the file cannot change until commit, except by a rename.
      this.assertSameFile();
      const now = epochSeconds(this.now());
      const row = this.writeRow(input.sessionId, prepared.userId, input.type);
      let position = 0;
      let runCreated = true;
      let userId = prepared.userId;
      if (!row) {
        this.insertSession(input, prepared, undefined, now);
      } else {
        const session = toStoredSession(row);
        assertSessionAccepts(session, input.type, prepared.userId);
        userId ??= session.user_id;
        // Read before anything is written: the run's position must not come from a misreading.
        const legacy = this.readRuns(input.sessionId, row.runs);
        if (prepared.componentId !== null) {
          this.sql.fillComponent(input.type, row.row_key, prepared.componentId, encodeAgnoJson(prepared.componentData));
        }
        this.sql.touchSession?.run({ updated_at: now, row_key: row.row_key });
        const tableRuns = (runsTable.runsOfSession.all(input.sessionId) as Array<{ run_data: unknown }>).map((r) => decodeJsonColumn(r.run_data));
        const merged = mergeRuns(tableRuns, legacy.length > 0 ? legacy : null);
        const index = merged.findIndex((r) => isPlainObject(r) && r['run_id'] === prepared.runId);
        runCreated = index < 0;
        position = index < 0 ? merged.length : index;
      }
      const columns = runRowColumns(prepared.run, now);
      const existing = runsTable.rowOfRun.get(prepared.runId) as { session_id: unknown } | undefined;
      // run_id is the runs table's primary key: a row of another session is not this write's to change.
      if (existing && String(existing.session_id) !== input.sessionId) throw new ConflictError(runElsewhere(prepared.runId));
      if (existing) {
        runsTable.update(prepared.runId, {
          status: columns['status'],
          run_data: runJson,
          user_id: userId,
          parent_run_id: columns['parent_run_id'],
          updated_at: now,
          run_index: position,
        });
      } else {
        runsTable.insert({ run_id: prepared.runId, session_id: input.sessionId, ...columns, user_id: userId, run_index: position, run_data: runJson, updated_at: now });
      }
      this.sql.assertReadable(input.sessionId);
      runsTable.rowOfRun.get(prepared.runId);
      return { sessionCreated: !row, runCreated };
    });
    try {
      return write.immediate();
    } finally {
      this.wrote(input.sessionId);
    }
  }

  /** Splices the run into the stored array text, so the other runs keep their exact bytes. */
  private nextRunsText(raw: unknown, runs: unknown[], index: number, runJson: string, run: StoredRun): string {
    const inner = innerRunsText(raw);
    const spans = inner === null ? null : topLevelArraySpans(inner);
    if (inner !== null && spans !== null && spans.length === runs.length) {
      return spliceRunsText(inner, index, runJson);
    }
    const next = [...runs];
    if (index >= 0) next[index] = run;
    else next.push(run);
    return pythonJsonDumps(next);
  }

  /** A new session row in the encodings agno's `upsert_session` uses for this type (§2.3). */
  private insertSession(input: UpsertRunInput, prepared: ReturnType<typeof prepareRun>, runs: string | undefined, now: number): void {
    const type = input.type;
    const createdAt = newSessionCreatedAt(prepared, now);
    const sessionState = prepared.run['session_state'];
    this.sql.insertSession({
      session_id: input.sessionId,
      session_type: type,
      agent_id: type === 'agent' ? prepared.componentId : null,
      team_id: type === 'team' ? prepared.componentId : null,
      workflow_id: type === 'workflow' ? prepared.componentId : null,
      user_id: prepared.userId,
      session_data: encodeAgnoJson(isPlainObject(sessionState) ? { session_state: sessionState } : {}),
      agent_data: type === 'agent' ? encodeAgnoJson(prepared.componentData) : null,
      team_data: type === 'team' ? encodeAgnoJson(prepared.componentData) : null,
      workflow_data: type === 'workflow' ? encodeAgnoJson(prepared.componentData ?? {}) : null,
      metadata: type === 'workflow' ? encodeAgnoJson({}) : encodeAgnoJson(null),
      ...(runs === undefined ? {} : { runs }),
      summary: encodeAgnoJson(null),
      created_at: createdAt,
      updated_at: createdAt,
    });
  }

  /** The session's runs, or `SessionUnreadableError` naming it: never "no runs" for a value not read. */
  private readRuns(sessionId: string, runsColumn: unknown): unknown[] {
    const read = readRunsColumn(runsColumn);
    if (!read.ok) throw new SessionUnreadableError(this.databaseId, sessionId, read.reason);
    return read.runs;
  }

  private decodeSessionRuns(row: SessionRow, runsColumn: unknown): SessionRuns & DecodedRuns {
    return sessionRunsOf(row, this.readRuns(String(row.session_id), runsColumn));
  }
}

function sessionRunsOf(row: SessionRow, decoded: readonly unknown[]): SessionRuns & DecodedRuns {
  const { runs, byId } = byFirstId(decoded);
  return { session: freezeDeep(toStoredSession(row)), runCount: decoded.length, run: (id) => byId.get(id), ...listsOf(runs), runs, byId, merged: null };
}

/** The list views of runs already decoded. */
function listsOf(runs: readonly StoredRun[]): Pick<SessionRuns, 'all' | 'objectCount' | 'window' | 'each' | 'memo' | 'ids'> {
  return { all: () => runs, objectCount: runs.length, window: (offset, limit) => runs.slice(offset, offset + limit), each: () => runs, memo: null, ids: () => idsOfRuns(runs) };
}

/** The name the first candidate run gives, as `deriveSessionName` walks the runs; `undefined` when none does. */
function firstRunName(type: SessionType, runs: Iterable<StoredRun>): string | undefined {
  for (const run of runs) {
    if (!isNameCandidate(type, run)) continue;
    const name = nameFromRun(type, run);
    if (name !== undefined || type === 'workflow') return name;
  }
  return undefined;
}

/**
 * The indexed runs in order, each parsed when reached; should one not parse on its own, the
 * rest come from the whole decode (which decides what such a value means), from that position.
 */
function* eachIndexed(count: number, readSlot: (slot: number) => StoredRun | undefined, decodeAll: () => readonly StoredRun[]): Generator<StoredRun> {
  for (let i = 0; i < count; i++) {
    const run = readSlot(i * 2);
    if (run === undefined) {
      yield* decodeAll().slice(i);
      return;
    }
    yield run;
  }
}

/** The plain-object runs and the first of each string `run_id`. */
function byFirstId(decoded: readonly unknown[]): DecodedRuns {
  const runs = decoded.filter(isPlainObject);
  const byId = new Map<string, StoredRun>();
  for (const run of runs) {
    const id = run['run_id'];
    if (typeof id === 'string' && !byId.has(id)) byId.set(id, run);
  }
  return { runs, byId };
}

function sameBytes(a: Buffer | null, b: Buffer | null): boolean {
  return a === null || b === null ? a === b : a.equals(b);
}
