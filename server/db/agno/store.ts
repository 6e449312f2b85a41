import { pythonJsonDumps } from '../../runs/python-json.js';
import { isPlainObject } from '../../runs/run-input.js';
import { deriveSessionName, explicitSessionName, fallbackSessionName, isNameCandidate, nameFromRun } from '../../runs/session-name.js';
import type { SqliteHandle } from '../connection.js';
import { ReadOnlyDatabaseError } from '../errors.js';
import { assertSessionAccepts, newSessionCreatedAt, prepareRun } from '../ingest.js';
import { matchesSearch, pageWindow, searchNeedle, summariseComponents } from '../listing.js';
import { epochSeconds, toListItem, toStoredSession } from '../session-rows.js';
import type { SessionRow } from '../session-rows.js';
import type {
  ComponentSummary,
  ListSessionsQuery,
  Page,
  RowFilter,
  RunLookup,
  SessionListItem,
  SessionStore,
  SessionType,
  StoredRun,
  StoredSession,
  UpsertRunInput,
  UpsertRunResult,
} from '../types.js';
import { decodeJsonColumn, decodeObjectColumn, decodeRunsColumn, encodeAgnoJson, innerRunsText, spliceRunsText, topLevelArraySpans } from './codec.js';
import type { SessionTable } from './discover.js';
import { AgnoStatements } from './statements.js';
import type { LightRow, SessionRowWithRuns } from './statements.js';

/**
 * One agno session table read (and, when attached writable, written) in place: one row per
 * session, runs as a JSON array in the `runs` column (agno-format.md §1–3). A run lookup
 * decodes the session's array, which is fine for attached files; the native layout is the
 * one built for large sessions.
 */
export class AgnoSessionStore implements SessionStore {
  readonly tableName: string;
  private readonly sql: AgnoStatements;

  constructor(
    private readonly handle: SqliteHandle,
    table: SessionTable,
    private readonly databaseId: string,
    readonly readOnly: boolean,
    private readonly now: () => number,
  ) {
    this.tableName = table.name;
    this.sql = new AgnoStatements(handle, table);
  }

  getSession(sessionId: string, filter: RowFilter): StoredSession | null {
    if (filter.userId === null) return null;
    const row = (filter.userId === undefined
      ? this.sql.sessionById.get(sessionId)
      : this.sql.sessionByIdForUser.get(sessionId, filter.userId)) as SessionRow | undefined;
    if (!row) return null;
    const session = toStoredSession(row);
    return filter.type === undefined || session.session_type === filter.type ? session : null;
  }

  getRun(sessionId: string, runId: string, filter: RowFilter & { type: SessionType }): RunLookup {
    const row = this.rowWithRuns(sessionId, filter.userId);
    if (!row) return { kind: 'no-session' };
    const session = toStoredSession(row);
    if (session.session_type !== filter.type) return { kind: 'wrong-type', actualType: session.session_type };
    const runs = decodeRunsColumn(row.runs);
    if (runs.length === 0) return { kind: 'no-runs' };
    const run = runs.find((r): r is StoredRun => isPlainObject(r) && r['run_id'] === runId);
    return run ? { kind: 'found', session, run } : { kind: 'no-run' };
  }

  listRuns(sessionId: string, filter: RowFilter): StoredRun[] | null {
    const row = this.rowWithRuns(sessionId, filter.userId);
    if (!row) return null;
    if (filter.type !== undefined && toStoredSession(row).session_type !== filter.type) return null;
    return decodeRunsColumn(row.runs).filter(isPlainObject);
  }

  listSessions(query: ListSessionsQuery): Page<SessionListItem> {
    const { page, limit, offset } = pageWindow(query);
    if (query.userId === null) return { items: [], total: 0, page, limit };
    const filter = { sessionId: query.sessionId, type: query.type, userId: query.userId, componentId: query.componentId };
    const needle = searchNeedle(query.search);
    if (needle === undefined) {
      const rows = this.sql.listLight(filter, query.sortOrder, { limit, offset });
      return { items: rows.map((r) => this.toItem(r)), total: this.sql.countSessions(filter), page, limit };
    }
    // Names are derived from run contents, so a search filters the (lighter) rows in JS.
    const matching = this.sql
      .listLight(filter, query.sortOrder)
      .map((r) => this.toItem(r))
      .filter((item) => matchesSearch(needle, item.session_id, item.session_name));
    return { items: matching.slice(offset, offset + limit), total: matching.length, page, limit };
  }

  listComponents(kind: SessionType, filter: RowFilter): ComponentSummary[] {
    if (filter.userId === null) return [];
    const rows = this.sql.componentRows(kind, filter.userId);
    return summariseComponents(
      rows.map((r) => ({ id: String(r.id), data: decodeObjectColumn(r.data), active: r.active, runCount: r.run_count })),
    );
  }

  upsertRun(input: UpsertRunInput): UpsertRunResult {
    if (this.readOnly) throw new ReadOnlyDatabaseError(this.databaseId);
    const prepared = prepareRun(input);
    const runJson = pythonJsonDumps(prepared.run);
    const write = this.handle.transaction((): UpsertRunResult => {
      const now = epochSeconds(this.now());
      const row = this.sql.sessionWithRunsById.get(input.sessionId) as SessionRowWithRuns | undefined;
      if (!row) {
        this.insertSession(input, prepared, runJson, now);
        return { sessionCreated: true, runCreated: true };
      }
      assertSessionAccepts(toStoredSession(row), input.type, prepared.userId);
      if (prepared.componentId !== null) {
        this.sql.fillComponent(input.type, input.sessionId, prepared.componentId, encodeAgnoJson(prepared.componentData));
      }
      const runs = decodeRunsColumn(row.runs);
      const index = runs.findIndex((r) => isPlainObject(r) && r['run_id'] === prepared.runId);
      this.sql.updateRuns.run({
        runs: pythonJsonDumps(this.nextRunsText(row.runs, runs, index, runJson, prepared.run)),
        updated_at: now,
        session_id: input.sessionId,
      });
      return { sessionCreated: false, runCreated: index < 0 };
    });
    // IMMEDIATE takes the write lock before reading, so an agent saving the same session
    // concurrently cannot slip in between our read and our write.
    return write.immediate();
  }

  deleteSession(sessionId: string, filter: RowFilter): boolean {
    if (this.readOnly) throw new ReadOnlyDatabaseError(this.databaseId);
    if (filter.userId === null) return false;
    return this.sql.deleteSession(sessionId, filter.userId, filter.type) > 0;
  }

  counts(): { sessions: number; runs: number } {
    const row = this.sql.counts.get() as { sessions: number; runs: number };
    return { sessions: row.sessions, runs: row.runs };
  }

  private rowWithRuns(sessionId: string, userId: string | null | undefined): SessionRowWithRuns | undefined {
    // `null` is a caller with no user id under isolation: it matches nothing (fail closed).
    if (userId === null) return undefined;
    return (userId === undefined
      ? this.sql.sessionWithRunsById.get(sessionId)
      : this.sql.sessionWithRunsByIdForUser.get(sessionId, userId)) as SessionRowWithRuns | undefined;
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
    const first = row.name_run === null ? undefined : decodeJsonColumn(row.name_run);
    if (first !== undefined && isNameCandidate(session.session_type, first)) {
      const name = nameFromRun(session.session_type, first);
      if (name !== undefined) return name;
      if (session.session_type === 'workflow') return fallbackSessionName(session, true);
    }
    const full = this.rowWithRuns(session.session_id, undefined);
    return deriveSessionName(session, full ? decodeRunsColumn(full.runs) : []);
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
  private insertSession(input: UpsertRunInput, prepared: ReturnType<typeof prepareRun>, runJson: string, now: number): void {
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
      runs: pythonJsonDumps(`[${runJson}]`),
      summary: encodeAgnoJson(null),
      created_at: createdAt,
      updated_at: createdAt,
    });
  }
}
