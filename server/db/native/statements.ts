import { AccessScope, scopeCondition } from '../../access/scope.js';
import type { SqliteHandle, SqliteStatement } from '../connection.js';
import { SESSION_COLUMNS } from '../session-rows.js';
import type { SessionRow } from '../session-rows.js';
import type { SessionSortField, SessionType } from '../types.js';

/**
 * Every SQL statement of the native layout, by name (STYLE habit 5). Prepared once per
 * connection; the few whose text depends on a filter combination are built from fixed
 * fragments and cached.
 */

const SESSION_SELECT = SESSION_COLUMNS.map((c) => `s.${c}`).join(', ');
const LISTING_SELECT = `${SESSION_SELECT}, s.session_name, s.run_count, s.run_tokens, s.name_position, s.next_position`;

export const NATIVE_SQL = {
  sessionById: `SELECT ${LISTING_SELECT} FROM sessions AS s WHERE s.session_id = ?`,
  // One statement: the session row and, through the (session_id, run_id) primary key, the run.
  runLookup:
    `SELECT ${LISTING_SELECT}, r.run AS run FROM sessions AS s ` +
    'LEFT JOIN runs AS r ON r.session_id = s.session_id AND r.run_id = ? WHERE s.session_id = ?',
  runsOfSession: 'SELECT run FROM runs WHERE session_id = ? ORDER BY position',
  runsOfSessionWindow: 'SELECT run FROM runs WHERE session_id = ? ORDER BY position LIMIT ? OFFSET ?',
  runCountOfSession: 'SELECT count(*) AS n FROM runs WHERE session_id = ?',
  runsAfterPosition: 'SELECT position, run FROM runs WHERE session_id = ? AND position > ? ORDER BY position',
  runSlot: 'SELECT position, total_tokens FROM runs WHERE session_id = ? AND run_id = ?',
  insertSession:
    'INSERT INTO sessions (session_id, session_type, agent_id, team_id, workflow_id, user_id, session_data, ' +
    'agent_data, team_data, workflow_data, metadata, summary, created_at, updated_at) VALUES (@session_id, ' +
    '@session_type, @agent_id, @team_id, @workflow_id, @user_id, @session_data, @agent_data, @team_data, ' +
    '@workflow_data, @metadata, @summary, @created_at, @updated_at)',
  insertRun:
    'INSERT INTO runs (session_id, run_id, position, parent_run_id, agent_id, team_id, workflow_id, user_id, ' +
    'status, created_at, total_tokens, run) VALUES (@session_id, @run_id, @position, @parent_run_id, @agent_id, ' +
    '@team_id, @workflow_id, @user_id, @status, @created_at, @total_tokens, @run)',
  replaceRun:
    'UPDATE runs SET parent_run_id = @parent_run_id, agent_id = @agent_id, team_id = @team_id, ' +
    'workflow_id = @workflow_id, user_id = @user_id, status = @status, created_at = @created_at, ' +
    'total_tokens = @total_tokens, run = @run WHERE session_id = @session_id AND run_id = @run_id',
  updateSessionAfterWrite:
    'UPDATE sessions SET run_count = @run_count, next_position = @next_position, run_tokens = @run_tokens, ' +
    'session_name = @session_name, name_position = @name_position, updated_at = @updated_at WHERE session_id = @session_id',
  // A session first written by a run that did not name its component (e.g. a team member run).
  fillAgent:
    'UPDATE sessions SET agent_id = @id, agent_data = coalesce(agent_data, @data) WHERE session_id = @session_id AND agent_id IS NULL',
  fillTeam:
    'UPDATE sessions SET team_id = @id, team_data = coalesce(team_data, @data) WHERE session_id = @session_id AND team_id IS NULL',
  fillWorkflow:
    'UPDATE sessions SET workflow_id = @id, workflow_data = coalesce(workflow_data, @data) WHERE session_id = @session_id AND workflow_id IS NULL',
  deleteRunsOfSession: 'DELETE FROM runs WHERE session_id = ?',
  deleteSession: 'DELETE FROM sessions WHERE session_id = ?',
  setSessionName: 'UPDATE sessions SET session_name = ? WHERE session_id = ?',
  updateSessionFields:
    'UPDATE sessions SET session_data = @session_data, metadata = @metadata, summary = @summary, updated_at = @updated_at ' +
    'WHERE session_id = @session_id',
  counts: 'SELECT (SELECT count(*) FROM sessions) AS sessions, (SELECT count(*) FROM runs) AS runs',
  anySession: 'SELECT EXISTS (SELECT 1 FROM sessions) AS any',
} as const;

export type NativeStatementName = keyof typeof NATIVE_SQL;

/** A session row with the listing columns the native layout keeps. */
export interface NativeSessionRow extends SessionRow {
  session_name: string;
  run_count: number;
  run_tokens: number | null;
  name_position: number | null;
  next_position: number;
}

export interface ListFilter {
  sessionId?: string | undefined;
  type?: SessionType | undefined;
  scope?: AccessScope | undefined;
  componentId?: string | undefined;
  /** Lowercased; matched with `rundesk_casefold` against the session id and name. */
  needle?: string | undefined;
  /** Lowercased; matched against the session name only. */
  nameNeedle?: string | undefined;
  /** Lowercased; matched against the session's user id. */
  userNeedle?: string | undefined;
}

/** Sort columns by name: fixed text, never spliced from input. */
const SORT_COLUMNS: Record<SessionSortField, string> = {
  created_at: 's.created_at',
  updated_at: 'coalesce(s.updated_at, s.created_at)',
  session_id: 's.session_id',
  session_type: 's.session_type',
  user_id: 's.user_id',
  agent_id: 's.agent_id',
  team_id: 's.team_id',
  workflow_id: 's.workflow_id',
};

export class NativeStatements {
  private readonly prepared = new Map<string, SqliteStatement>();

  constructor(private readonly handle: SqliteHandle) {
    for (const sql of Object.values(NATIVE_SQL)) this.statement(sql);
  }

  get(name: NativeStatementName): SqliteStatement {
    return this.statement(NATIVE_SQL[name]);
  }

  /** The session row under the scope. */
  sessionRow(sessionId: string, scope: AccessScope | undefined): NativeSessionRow | undefined {
    const scoped = scopeWhere(scope);
    return this.statement(`${NATIVE_SQL.sessionById} AND ${scoped.condition}`).get(sessionId, ...scoped.params) as NativeSessionRow | undefined;
  }

  /** The session row under the scope and, through the (session_id, run_id) primary key, the run. */
  runLookup(sessionId: string, runId: string, scope: AccessScope | undefined): (NativeSessionRow & { run: string | null }) | undefined {
    const scoped = scopeWhere(scope);
    return this.statement(`${NATIVE_SQL.runLookup} AND ${scoped.condition}`).get(runId, sessionId, ...scoped.params) as
      | (NativeSessionRow & { run: string | null })
      | undefined;
  }

  listSessions(filter: ListFilter, sortBy: SessionSortField, order: 'asc' | 'desc', limit: number, offset: number): NativeSessionRow[] {
    const { where, params } = whereOf(filter);
    const dir = order === 'asc' ? 'ASC' : 'DESC';
    const sql =
      `SELECT ${LISTING_SELECT} FROM sessions AS s ${where} ` +
      `ORDER BY ${SORT_COLUMNS[sortBy]} ${dir}, s.session_id ${dir} LIMIT ? OFFSET ?`;
    return this.statement(sql).all(...params, limit, offset) as NativeSessionRow[];
  }

  countSessions(filter: ListFilter): number {
    const { where, params } = whereOf(filter);
    return (this.statement(`SELECT count(*) AS n FROM sessions AS s ${where}`).get(...params) as { n: number }).n;
  }

  componentRows(kind: SessionType, scope: AccessScope | undefined): Array<{ id: string; data: unknown; active: number | null; run_count: number }> {
    // `kind` is one of three literals, so the column names below are fixed text.
    const scoped = scopeWhere(scope);
    const sql =
      `SELECT s.${kind}_id AS id, s.${kind}_data AS data, coalesce(s.updated_at, s.created_at) AS active, ` +
      `s.run_count AS run_count FROM sessions AS s WHERE s.session_type = ? AND s.${kind}_id IS NOT NULL AND ${scoped.condition}`;
    return this.statement(sql).all(kind, ...scoped.params) as Array<{ id: string; data: unknown; active: number | null; run_count: number }>;
  }

  private statement(sql: string): SqliteStatement {
    let statement = this.prepared.get(sql);
    if (!statement) {
      statement = this.handle.prepare(sql);
      this.prepared.set(sql, statement);
    }
    return statement;
  }
}

function whereOf(filter: ListFilter): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, ...values: unknown[]): void => {
    clauses.push(clause);
    params.push(...values);
  };
  if (filter.sessionId !== undefined) add('s.session_id = ?', filter.sessionId);
  if (filter.type !== undefined) add('s.session_type = ?', filter.type);
  const scoped = scopeWhere(filter.scope);
  add(scoped.condition, ...scoped.params);
  if (filter.componentId !== undefined) {
    const kinds: SessionType[] = filter.type ? [filter.type] : ['agent', 'team', 'workflow'];
    add(`(${kinds.map((k) => `s.${k}_id = ?`).join(' OR ')})`, ...kinds.map(() => filter.componentId));
  }
  if (filter.needle !== undefined) {
    add(
      '(instr(rundesk_casefold(s.session_id), ?) > 0 OR instr(rundesk_casefold(s.session_name), ?) > 0)',
      filter.needle,
      filter.needle,
    );
  }
  if (filter.nameNeedle !== undefined) add('instr(rundesk_casefold(s.session_name), ?) > 0', filter.nameNeedle);
  if (filter.userNeedle !== undefined) add("instr(rundesk_casefold(coalesce(s.user_id, '')), ?) > 0", filter.userNeedle);
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/**
 * The one place the native layout applies an access scope (`server/access/scope.ts`): a
 * condition on the session's `user_id` and its values. Absent is every row.
 */
function scopeWhere(scope: AccessScope | undefined): { condition: string; params: string[] } {
  const params: string[] = [];
  const condition = scopeCondition(scope ?? AccessScope.all(), 's.user_id', (value) => {
    params.push(value);
    return '?';
  });
  return { condition, params };
}
