import { isPlainObject } from '../../agno-format/json-values.js';
import { explicitSessionName, fallbackSessionName, isNameCandidate, nameFromRun } from '../../agno-format/session-name.js';
import type { SqliteHandle } from '../connection.js';
import { ContentVersion, VersionedAnswer } from '../content-version.js';
import { assertSessionAccepts, newSessionCreatedAt, prepareRun } from '../ingest.js';
import type { PreparedRun } from '../ingest.js';
import { pageWindow, searchNeedle, summariseComponents } from '../listing.js';
import { epochSeconds, toListItem, toStoredSession, totalTokensOf } from '../session-rows.js';
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
import { NativeStatements } from './statements.js';
import type { NativeSessionRow } from './statements.js';
import { jsonText } from '../../json-text.js';
import { oneRowOf } from '../one-row.js';
import { mergeSessionPatch } from '../session-patch.js';
import { immediately } from '../sqlite-write.js';

/** Runs read per statement by `eachRun`. */
const RUN_WINDOW = 256;

/** The one session table of the default database. */
export const NATIVE_TABLE = 'sessions';

/**
 * The native layout (`<data-dir>/rundesk.db`): a run is one row keyed (session_id, run_id),
 * so `getRun` is a primary-key probe whatever the session's size, and the listing columns
 * (name, run count, tokens) are maintained by `upsertRun` rather than computed from runs.
 */
export class NativeSessionStore implements SyncSessionStore {
  readonly tableName = NATIVE_TABLE;
  readonly readOnly = false;
  private readonly sql: NativeStatements;
  private readonly version: ContentVersion;
  /** Asked on every request without `db_id` (which database answers); re-asked only after a change. */
  private readonly holdsSessions: VersionedAnswer<boolean>;

  constructor(
    private readonly handle: SqliteHandle,
    private readonly now: () => number,
  ) {
    this.sql = new NativeStatements(handle);
    this.version = new ContentVersion(handle);
    this.holdsSessions = new VersionedAnswer(this.version, () => (this.sql.get('anySession').get() as { any: number }).any === 1);
  }

  getSession(sessionId: string, filter: RowFilter): StoredSession | null {
    const row = this.sql.sessionRow(sessionId, filter.scope);
    if (!row) return null;
    const session = toStoredSession(row);
    return filter.type === undefined || session.session_type === filter.type ? session : null;
  }

  getRun(sessionId: string, runId: string, filter: RowFilter): RunLookup {
    const row = this.sql.runLookup(sessionId, runId, filter.scope);
    if (!row) return { kind: 'no-session' };
    const session = toStoredSession(row);
    if (filter.type !== undefined && session.session_type !== filter.type) return { kind: 'wrong-type', actualType: session.session_type };
    if (row.run_count === 0) return { kind: 'no-runs' };
    if (row.run === null) return { kind: 'no-run' };
    return { kind: 'found', session, run: JSON.parse(row.run) as StoredRun };
  }

  listRuns(sessionId: string, filter: RowFilter): StoredRun[] | null {
    if (this.getSession(sessionId, filter) === null) return null;
    const rows = this.sql.get('runsOfSession').all(sessionId) as Array<{ run: string }>;
    return rows.map((r) => JSON.parse(r.run) as StoredRun);
  }

  pageRuns(sessionId: string, filter: RowFilter, window: RunWindow): RunsPage | null {
    const read = this.handle.transaction((): RunsPage | null => {
      if (this.getSession(sessionId, filter) === null) return null;
      const rows = this.sql.get('runsOfSessionWindow').all(sessionId, window.limit, window.offset) as Array<{ run: string }>;
      const { n } = this.sql.get('runCountOfSession').get(sessionId) as { n: number };
      return { runs: rows.map((r) => JSON.parse(r.run) as StoredRun), total: n };
    });
    return read();
  }

  eachRun(sessionId: string, filter: RowFilter): Iterable<StoredRun> | null {
    if (this.getSession(sessionId, filter) === null) return null;
    const window = this.sql.get('runsOfSessionWindow');
    // A window of rows per statement: no statement is left open between the caller's steps.
    return (function* () {
      for (let offset = 0; ; offset += RUN_WINDOW) {
        const rows = window.all(sessionId, RUN_WINDOW, offset) as Array<{ run: string }>;
        for (const row of rows) yield JSON.parse(row.run) as StoredRun;
        if (rows.length < RUN_WINDOW) return;
      }
    })();
  }

  listSessions(query: ListSessionsQuery): Page<SessionListItem> {
    const { page, limit, offset } = pageWindow(query);
    const filter = {
      sessionId: query.sessionId,
      type: query.type,
      scope: query.scope,
      componentId: query.componentId,
      needle: searchNeedle(query.search),
      nameNeedle: searchNeedle(query.sessionName),
      userNeedle: searchNeedle(query.userSearch),
    };
    const rows = this.sql.listSessions(filter, query.sortBy ?? 'created_at', query.sortOrder, limit, offset);
    return { items: rows.map(toNativeListItem), total: this.sql.countSessions(filter), page, limit };
  }

  listComponents(kind: SessionType, filter: RowFilter): ComponentSummary[] {
    return summariseComponents(
      this.sql.componentRows(kind, filter.scope).map((r) => ({
        id: r.id,
        data: parseObject(r.data),
        active: r.active,
        runCount: r.run_count,
      })),
    );
  }

  upsertRun(input: UpsertRunInput): UpsertRunResult {
    const prepared = prepareRun(input);
    const write = this.handle.transaction((): UpsertRunResult => {
      const now = epochSeconds(this.now());
      let row = this.sql.sessionRow(input.sessionId, undefined);
      const sessionCreated = row === undefined;
      if (!row) row = this.createSession(input, prepared, now);
      else {
        assertSessionAccepts(toStoredSession(row), input.type, prepared.userId);
        this.fillComponent(input.sessionId, input.type, prepared);
      }

      const slot = this.sql.get('runSlot').get(input.sessionId, prepared.runId) as
        | { position: number; total_tokens: number | null }
        | undefined;
      const runTokens = totalTokensOfRun(prepared.run);
      const values = runColumns(input.sessionId, prepared, runTokens);
      const position = slot ? slot.position : row.next_position;
      if (slot) this.sql.get('replaceRun').run(values);
      else this.sql.get('insertRun').run({ ...values, position });

      const name = this.nextName(toStoredSession(row), row, position, prepared.run);
      this.sql.get('updateSessionAfterWrite').run({
        session_id: input.sessionId,
        run_count: row.run_count + (slot ? 0 : 1),
        next_position: slot ? row.next_position : row.next_position + 1,
        run_tokens: addTokens(row.run_tokens, slot?.total_tokens ?? null, runTokens),
        session_name: name.name,
        name_position: name.position,
        updated_at: sessionCreated ? (row.updated_at as number) : now,
      });
      return { sessionCreated, runCreated: !slot };
    });
    return write.immediate();
  }

  addSession(session: StoredSession): boolean {
    const json = (value: unknown): string | null => (value === null || value === undefined ? null : jsonText(value));
    const add = this.handle.transaction((): boolean => {
      if (this.getSession(session.session_id, {}) !== null) return false;
      this.sql.get('insertSession').run({
        ...session,
        session_data: json(session.session_data),
        agent_data: json(session.agent_data),
        team_data: json(session.team_data),
        workflow_data: json(session.workflow_data),
        metadata: json(session.metadata),
        summary: json(session.summary),
      });
      this.sql.get('setSessionName').run(explicitSessionName(session.session_data) ?? fallbackSessionName(session, false), session.session_id);
      return true;
    });
    return add.immediate();
  }

  updateSession(sessionId: string, patch: SessionPatch, filter: RowFilter): boolean {
    return immediately(this.handle, () => {
      // Read inside the write lock: a patch sent at the same time merges into this one's result.
      const row = this.writeTarget(sessionId, filter);
      if (!row) return false;
      const fields = mergeSessionPatch(toStoredSession(row), patch);
      const json = (value: unknown): string | null => (value === null || value === undefined ? null : jsonText(value));
      this.sql.get('updateSessionFields').run({
        session_id: sessionId,
        session_data: json(fields.session_data),
        metadata: json(fields.metadata),
        summary: json(fields.summary),
        updated_at: fields.updated_at,
      });
      // The listing's name column follows an explicit name; without one it stays the runs' name.
      const explicit = explicitSessionName(fields.session_data);
      if (explicit !== undefined) this.sql.get('setSessionName').run(explicit, sessionId);
      return true;
    });
  }

  deleteSession(sessionId: string, filter: RowFilter): boolean {
    return immediately(this.handle, () => {
      if (!this.writeTarget(sessionId, filter)) return false;
      this.sql.get('deleteRunsOfSession').run(sessionId);
      this.sql.get('deleteSession').run(sessionId);
      return true;
    });
  }

  /** The row a write addresses (`oneRowOf`; `session_id` is this table's primary key). */
  private writeTarget(sessionId: string, filter: RowFilter): NativeSessionRow | undefined {
    const row = this.sql.sessionRow(sessionId, filter.scope);
    return oneRowOf(sessionId, row ? [row] : [], filter.type);
  }

  hasSessions(): boolean {
    return this.holdsSessions.get();
  }

  counts(): { sessions: number; runs: number } {
    return this.sql.get('counts').get() as { sessions: number; runs: number };
  }

  private fillComponent(sessionId: string, type: SessionType, prepared: PreparedRun): void {
    if (prepared.componentId === null) return;
    const name = type === 'agent' ? 'fillAgent' : type === 'team' ? 'fillTeam' : 'fillWorkflow';
    const data = prepared.componentData === null ? null : jsonText(prepared.componentData);
    this.sql.get(name).run({ session_id: sessionId, id: prepared.componentId, data });
  }

  private createSession(input: UpsertRunInput, prepared: PreparedRun, now: number): NativeSessionRow {
    const type = input.type;
    const createdAt = newSessionCreatedAt(prepared, now);
    const sessionState = prepared.run['session_state'];
    const json = (value: unknown): string | null => (value === null || value === undefined ? null : jsonText(value));
    this.sql.get('insertSession').run({
      session_id: input.sessionId,
      session_type: type,
      agent_id: type === 'agent' ? prepared.componentId : null,
      team_id: type === 'team' ? prepared.componentId : null,
      workflow_id: type === 'workflow' ? prepared.componentId : null,
      user_id: prepared.userId,
      session_data: json(isPlainObject(sessionState) ? { session_state: sessionState } : {}),
      agent_data: type === 'agent' ? json(prepared.componentData) : null,
      team_data: type === 'team' ? json(prepared.componentData) : null,
      workflow_data: type === 'workflow' ? json(prepared.componentData ?? {}) : null,
      metadata: null,
      summary: null,
      created_at: createdAt,
      updated_at: createdAt,
    });
    return this.sql.sessionRow(input.sessionId, undefined) as NativeSessionRow;
  }

  /**
   * The session name after writing `run` at `position`, without reading other runs unless the
   * run that named the session stopped naming it. Mirrors `deriveSessionName` over all runs.
   */
  private nextName(session: StoredSession, row: NativeSessionRow, position: number, run: StoredRun): { name: string; position: number | null } {
    const explicit = explicitSessionName(session.session_data);
    if (explicit !== undefined) return { name: explicit, position: row.name_position };
    const type = session.session_type;
    if (type === 'workflow') {
      // Only the first run names a workflow session; positions start at 0 and never move.
      if (position !== 0) return { name: row.session_name, position: row.name_position };
      return { name: nameFromRun(type, run) ?? fallbackSessionName(session, true), position: 0 };
    }
    const own = isNameCandidate(type, run) ? nameFromRun(type, run) : undefined;
    const current = row.name_position;
    if (current === null || position < current) {
      return own !== undefined ? { name: own, position } : { name: row.session_name, position: current };
    }
    if (position > current) return { name: row.session_name, position: current };
    if (own !== undefined) return { name: own, position };
    // The naming run was replaced by one that names nothing: look further along.
    for (const later of this.sql.get('runsAfterPosition').iterate(session.session_id, position) as Iterable<{ position: number; run: string }>) {
      const candidate = JSON.parse(later.run) as unknown;
      const name = isNameCandidate(type, candidate) ? nameFromRun(type, candidate) : undefined;
      if (name !== undefined) return { name, position: later.position };
    }
    return { name: '', position: null };
  }
}

function toNativeListItem(row: NativeSessionRow): SessionListItem {
  const session = toStoredSession(row);
  const item = toListItem(session, row.session_name, row.run_count);
  return { ...item, total_tokens: totalTokensOf(session) ?? row.run_tokens };
}

function runColumns(sessionId: string, prepared: PreparedRun, totalTokens: number | null): Record<string, unknown> {
  const run = prepared.run;
  const text = (key: string): string | null => (typeof run[key] === 'string' ? (run[key] as string) : null);
  const createdAt = run['created_at'];
  return {
    session_id: sessionId,
    run_id: prepared.runId,
    parent_run_id: text('parent_run_id'),
    agent_id: text('agent_id'),
    team_id: text('team_id'),
    workflow_id: text('workflow_id'),
    user_id: text('user_id'),
    status: text('status'),
    created_at: typeof createdAt === 'number' && Number.isFinite(createdAt) ? createdAt : null,
    total_tokens: totalTokens,
    run: jsonText(run),
  };
}

function totalTokensOfRun(run: StoredRun): number | null {
  const metrics = run['metrics'];
  const total = isPlainObject(metrics) ? metrics['total_tokens'] : undefined;
  return typeof total === 'number' && Number.isFinite(total) ? total : null;
}

/** The session's token sum after swapping one run's contribution for another's. */
function addTokens(sum: number | null, removed: number | null, added: number | null): number | null {
  const next = (sum ?? 0) - (removed ?? 0) + (added ?? 0);
  return sum === null && added === null ? null : next;
}

function parseObject(raw: unknown): Record<string, unknown> | null {
  if (typeof raw !== 'string') return null;
  try {
    const value = JSON.parse(raw) as unknown;
    return isPlainObject(value) ? value : null;
  } catch {
    return null;
  }
}
