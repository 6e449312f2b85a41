import { AccessScope, scopeCondition } from '../../access/scope.js';
import { quoteIdentifier } from '../connection.js';
import type { SqliteHandle, SqliteStatement } from '../connection.js';
import { SESSION_COLUMNS } from '../session-rows.js';
import type { SessionRow } from '../session-rows.js';
import type { SessionSortField, SessionType } from '../types.js';
import type { SessionTable } from './discover.js';
import { RunsTableSql } from './runs-table.js';

/**
 * Every SQL statement run against one agno session table, by name (STYLE habit 5). The table
 * name is a quoted identifier from `sqlite_master`; every value is a bound parameter.
 */

export interface SessionRowWithRuns extends SessionRow {
  runs: unknown;
  /** Names this row alone (see `RowKey`), for writes to it. */
  row_key: unknown;
}

/**
 * What names exactly one row of the table: its rowid, or a WITHOUT ROWID table's primary key.
 * Agno declares `session_id` the primary key, but a table made by hand or another tool may
 * repeat an id; the platform then reads the first row SQLite returns for it (the lowest rowid
 * among those its filter keeps), so rundesk reads that row, writes only that row by its key,
 * and never changes or deletes another row that shares the id.
 */
interface RowKey {
  /** The key as one SQL value of row `t` (a composite primary key as its quoted values). */
  readonly value: string;
  /** ORDER BY text putting the row the platform reads first. */
  readonly order: string;
}

export interface LightRow extends SessionRow {
  run_count: number;
  /** The first run agno's session-name derivation looks at, as JSON text. */
  name_run: string | null;
}

/** A session row as the run cache reads it: the runs column as stored bytes plus its type. */
export interface CacheRow extends SessionRow {
  row_key: string;
  runs_type: string;
  runs_raw: Buffer | null;
}

/** Statements behind the run cache; absent when a lookup cannot be tied to one row (see below). */
export interface CacheStatements {
  /** `PRAGMA data_version`: changes when another connection commits to the file. */
  readonly dataVersion: SqliteStatement;
  /** The first row of the id (as an unscoped read answers it), with its rowid and the runs column's bytes. */
  readonly rowForCache: SqliteStatement;
  /** The rowid of the row `sessionWithRuns` returns under a scope; reads no `runs` bytes. */
  rowKey(sessionId: string, scope: AccessScope): string | undefined;
}

export interface ListFilter {
  sessionId?: string | undefined;
  type?: SessionType | undefined;
  scope?: AccessScope | undefined;
  componentId?: string | undefined;
}

export class AgnoStatements {
  /** Agno 2's whole-array write; absent on an Agno 3 table, whose legacy value is never written. */
  readonly updateRuns: SqliteStatement | null;
  readonly touchSession: SqliteStatement | null;
  /** Agno 3's runs table, when this session table has one. */
  readonly runsTable: RunsTableSql | null;
  readonly counts: SqliteStatement;
  readonly anySession: SqliteStatement;
  readonly cache: CacheStatements | null;
  /** Whether any row still carries a session id (one sharing it may have been deleted). */
  readonly sessionIdExists: SqliteStatement;
  /** The session row a read of the id answers, its columns and the runs value's type: a write's read-back. */
  private readonly readBack: SqliteStatement;
  private readonly table: string;
  private readonly key: RowKey;
  private readonly select: string;
  /** The `runs` array as JSON text whichever way it was encoded; NULL when it is not JSON. */
  private readonly decodedRuns: string;
  private readonly legacyRuns: string;
  private readonly runCount: string;
  private readonly prepared = new Map<string, SqliteStatement>();

  constructor(
    private readonly handle: SqliteHandle,
    private readonly shape: SessionTable,
  ) {
    this.table = quoteIdentifier(shape.name);
    this.select = SESSION_COLUMNS.map((c) => `${this.column(c)} AS ${c}`).join(', ');
    // Agno 3 session tables have no `runs` column: the legacy value reads as NULL there.
    const legacy = this.column('runs');
    this.legacyRuns = legacy;
    // json_valid(…, 2) accepts JSON5, which holds the NaN/Infinity Python's json.dumps writes.
    this.decodedRuns =
      `(CASE WHEN json_valid(${legacy}, 2) THEN CASE json_type(${legacy}) ` +
      `WHEN 'text' THEN (CASE WHEN json_valid(${legacy} ->> '$', 2) THEN ${legacy} ->> '$' END) ` +
      `WHEN 'array' THEN ${legacy} END END)`;
    this.runsTable = shape.runsTable ? new RunsTableSql(handle, shape.runsTable, this.decodedRuns) : null;
    this.runCount = this.runsTable
      ? this.runsTable.mergedCount()
      : `coalesce(json_array_length(${this.decodedRuns}), 0)`;

    const from = `FROM ${this.table} AS t`;
    this.key = this.rowKey();
    const byKey = `${this.key.value} = @row_key`;
    const touched = shape.columns.has('updated_at') ? ', updated_at = @updated_at' : '';
    this.updateRuns = shape.columns.has('runs') ? handle.prepare(`UPDATE ${this.table} AS t SET runs = @runs${touched} WHERE ${byKey}`) : null;
    this.touchSession = shape.columns.has('updated_at')
      ? handle.prepare(`UPDATE ${this.table} AS t SET updated_at = @updated_at WHERE ${byKey}`)
      : null;
    this.sessionIdExists = handle.prepare(`SELECT EXISTS (SELECT 1 ${from} WHERE t.session_id = ?) AS any`).pluck();
    this.readBack = handle.prepare(`SELECT ${this.select}, typeof(${legacy}) AS runs_type ${from} WHERE t.session_id = ?${this.firstRow()}`);
    this.counts = handle.prepare(`SELECT count(*) AS sessions, coalesce(sum(${this.runCount}), 0) AS runs ${from}`);
    this.anySession = handle.prepare(`SELECT EXISTS (SELECT 1 ${from}) AS any`);
    this.cache = this.cacheStatements(from);
  }

  /**
   * Reads the session row back inside the write's transaction, the way a reader finds it (the id's
   * index, then the table). SQLite's insert can walk past a page damaged from outside that the
   * reader's lookup then stops at; reading back makes such a write fail (and roll back) instead
   * of being acknowledged while nobody can read it.
   */
  assertReadable(sessionId: string): void {
    this.readBack.get(sessionId);
  }

  private rowKey(): RowKey {
    const taken = new Set([...this.shape.columns].map((c) => c.toLowerCase()));
    const alias = ['rowid', '_rowid_', 'oid'].find((a) => !taken.has(a));
    if (alias !== undefined) {
      try {
        this.handle.prepare(`SELECT t.${alias} FROM ${this.table} AS t LIMIT 0`);
        return { value: `t.${alias}`, order: `t.${alias}` };
      } catch {
        // A WITHOUT ROWID table: its primary key names the row.
      }
    }
    const primary = this.handle
      .prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk')
      .all(this.shape.name)
      .map((c) => `t.${quoteIdentifier(c.name)}`);
    if (primary.length === 1) return { value: primary[0] as string, order: primary[0] as string };
    // quote() writes each value as an SQL literal, so the joined text is one key per row.
    return { value: primary.map((c) => `quote(${c})`).join(` || ',' || `), order: primary.join(', ') };
  }

  /** Puts first the row the platform reads when ids repeat (see `RowKey`). */
  private firstRow(): string {
    return ` ORDER BY ${this.key.order} LIMIT 1`;
  }

  /**
   * Cached entries are compared by the runs column's bytes and decoded from them, which
   * matches what better-sqlite3 reads as text only in a UTF-8 file; and a user-filtered
   * lookup is tied to the cached row by rowid, which a WITHOUT ROWID table lacks. Either way
   * the store falls back to decoding per lookup.
   */
  private cacheStatements(from: string): CacheStatements | null {
    if (this.handle.pragma('encoding', { simple: true }) !== 'UTF-8') return null;
    const taken = new Set([...this.shape.columns].map((c) => c.toLowerCase()));
    const rowid = ['rowid', '_rowid_', 'oid'].find((alias) => !taken.has(alias));
    if (rowid === undefined) return null;
    const rowKey = `SELECT CAST(t.${rowid} AS TEXT) ${from} WHERE t.session_id = ?`;
    const first = ` ORDER BY t.${rowid} LIMIT 1`;
    try {
      // Prepared once here, so a WITHOUT ROWID table is found out now rather than per lookup.
      this.cached(rowKey);
      return {
        dataVersion: this.handle.prepare('PRAGMA data_version').pluck(),
        rowForCache: this.handle.prepare(
          `SELECT ${this.select}, CAST(t.${rowid} AS TEXT) AS row_key, typeof(${this.legacyRuns}) AS runs_type, ` +
            `CAST(${this.legacyRuns} AS BLOB) AS runs_raw ${from} WHERE t.session_id = ?${first}`,
        ),
        rowKey: (sessionId, scope) => {
          const scoped = this.scopeWhere(scope);
          return this.cached(`${rowKey} AND ${scoped.condition}${first}`).pluck().get(sessionId, ...scoped.params) as string | undefined;
        },
      };
    } catch {
      // A WITHOUT ROWID table: no rowid to select.
      return null;
    }
  }

  /**
   * The session row under the scope; with `type`, the first row of that type (a table whose
   * ids repeat may hold an agent and a team row of one id), else the first row.
   */
  sessionRow(sessionId: string, scope: AccessScope | undefined, type?: SessionType): SessionRow | undefined {
    const scoped = this.scopeWhere(scope);
    const typed = type === undefined ? '' : ' AND t.session_type = ?';
    return this.cached(`SELECT ${this.select} FROM ${this.table} AS t WHERE t.session_id = ? AND ${scoped.condition}${typed}${this.firstRow()}`).get(
      sessionId,
      ...scoped.params,
      ...(type === undefined ? [] : [type]),
    ) as SessionRow | undefined;
  }

  /** The session row under the scope, with its legacy `runs` value. */
  sessionWithRuns(sessionId: string, scope: AccessScope | undefined): SessionRowWithRuns | undefined {
    const scoped = this.scopeWhere(scope);
    const sql = `SELECT ${this.select}, ${this.legacyRuns} AS runs, ${this.key.value} AS row_key FROM ${this.table} AS t WHERE t.session_id = ? AND ${scoped.condition}${this.firstRow()}`;
    return this.cached(sql).get(sessionId, ...scoped.params) as SessionRowWithRuns | undefined;
  }

  /**
   * Every row of the id under the scope (all of them when `scope` is absent), without `runs`,
   * each with its key: the candidates a write chooses its one row from (`oneRowOf`).
   */
  rowsOfId(sessionId: string, scope: AccessScope | undefined): Array<SessionRow & { row_key: unknown }> {
    const scoped = this.scopeWhere(scope);
    const sql = `SELECT ${this.select}, ${this.key.value} AS row_key FROM ${this.table} AS t WHERE t.session_id = ? AND ${scoped.condition} ORDER BY ${this.key.order}`;
    return this.cached(sql).all(sessionId, ...scoped.params) as Array<SessionRow & { row_key: unknown }>;
  }

  /** One row by its key, with its legacy `runs` value. */
  rowWithRuns(rowKey: unknown): SessionRowWithRuns | undefined {
    const sql = `SELECT ${this.select}, ${this.legacyRuns} AS runs, ${this.key.value} AS row_key FROM ${this.table} AS t WHERE ${this.key.value} = ?`;
    return this.cached(sql).get(rowKey) as SessionRowWithRuns | undefined;
  }

  /** `INSERT` of a new session with the columns this table has. */
  insertSession(values: Record<string, unknown>): void {
    const names = Object.keys(values).filter((c) => this.shape.columns.has(c));
    const sql =
      `INSERT INTO ${this.table} (${names.map(quoteIdentifier).join(', ')}) ` +
      `VALUES (${names.map(() => '?').join(', ')})`;
    this.cached(sql).run(...names.map((c) => values[c]));
  }

  /** Replaces the session-level JSON columns this table has (encoded by the caller) and `updated_at` of the row `rowKey`. */
  updateSessionFields(rowKey: unknown, values: Record<string, unknown>): number {
    const names = Object.keys(values).filter((c) => this.shape.columns.has(c));
    if (names.length === 0) return 0;
    const sql = `UPDATE ${this.table} AS t SET ${names.map((c) => `${quoteIdentifier(c)} = ?`).join(', ')} WHERE ${this.key.value} = ?`;
    return this.cached(sql).run(...names.map((c) => values[c]), rowKey).changes;
  }

  /** Names the component of a session first written without one (e.g. by a team member run). */
  fillComponent(kind: SessionType, rowKey: unknown, id: string, data: string | null): void {
    const idColumn = `${kind}_id`;
    const dataColumn = `${kind}_data`;
    if (!this.shape.columns.has(idColumn)) return;
    const setData = this.shape.columns.has(dataColumn)
      ? `, ${quoteIdentifier(dataColumn)} = CASE WHEN ${quoteIdentifier(dataColumn)} IS NULL OR ${quoteIdentifier(dataColumn)} = 'null' THEN @data ELSE ${quoteIdentifier(dataColumn)} END`
      : '';
    this.cached(
      `UPDATE ${this.table} AS t SET ${quoteIdentifier(idColumn)} = @id${setData} WHERE ${this.key.value} = @row_key AND ${quoteIdentifier(idColumn)} IS NULL`,
    ).run(setData ? { row_key: rowKey, id, data } : { row_key: rowKey, id });
  }

  /** Deletes the row `rowKey` alone. */
  deleteRow(rowKey: unknown): number {
    return this.cached(`DELETE FROM ${this.table} AS t WHERE ${this.key.value} = ?`).run(rowKey).changes;
  }

  /**
   * Session rows without their runs, plus run count and the run that names the session — or,
   * with `runsFromIndex`, the rows alone (the store reads both from its runs index instead, as
   * SQLite would parse every listed row's whole `runs` value for them, page or not).
   */
  listLight(
    filter: ListFilter,
    sortBy: SessionSortField,
    order: 'asc' | 'desc',
    page?: { limit: number; offset: number },
    runsFromIndex = false,
  ): LightRow[] {
    const { where, params } = this.where(filter);
    if (runsFromIndex) {
      const dir = order === 'asc' ? 'ASC' : 'DESC';
      let sql = `SELECT ${this.select} FROM ${this.table} AS t ${where} ORDER BY ${this.sortColumn(sortBy)} ${dir}, ${this.tieOrder(where, params, sortBy, dir)}`;
      if (page) {
        sql += ' LIMIT ? OFFSET ?';
        params.push(page.limit, page.offset);
      }
      return this.cached(sql).all(...params) as LightRow[];
    }
    // Agno 3 drops legacy entries without a run_id when it merges them with the runs table.
    const mergedOnly = this.runsTable ? " AND j.value ->> '$.run_id' IS NOT NULL" : '';
    const legacyNameRun =
      `(SELECT j.value FROM json_each(${this.decodedRuns}) AS j WHERE CASE WHEN j.type = 'object' ` +
      `THEN (t.session_type IS NOT 'team' OR coalesce(j.value ->> '$.agent_id', '') = '')${mergedOnly} ELSE 0 END LIMIT 1)`;
    const nameRun = this.runsTable ? `coalesce(${legacyNameRun}, ${this.runsTable.firstNameRun()})` : legacyNameRun;
    const dir = order === 'asc' ? 'ASC' : 'DESC';
    let sql =
      `SELECT ${this.select}, ${this.runCount} AS run_count, ${nameRun} AS name_run ` +
      `FROM ${this.table} AS t ${where} ORDER BY ${this.sortColumn(sortBy)} ${dir}, ${this.tieOrder(where, params, sortBy, dir)}`;
    if (page) {
      sql += ' LIMIT ? OFFSET ?';
      params.push(page.limit, page.offset);
    }
    return this.cached(sql).all(...params) as LightRow[];
  }

  /**
   * How rows with equal sort keys follow each other: as SQLite orders them for the platform's own
   * listing query on this file (`SELECT * … ORDER BY <column> <dir> LIMIT … OFFSET …`, no second
   * key), so a page holds the sessions AgentOS's page holds. Read along an index on the column
   * (Agno indexes `created_at`), ties come in the index's row order, in the direction asked; sorted
   * in a temporary B-tree (a `session_type` filter reads by its own index), they keep the order they
   * were read in: the row order, ascending. The plan is asked of SQLite for the same FROM and WHERE.
   */
  private tieOrder(where: string, params: unknown[], sortBy: SessionSortField, dir: 'ASC' | 'DESC'): string {
    const plan = this.cached(`EXPLAIN QUERY PLAN SELECT * FROM ${this.table} AS t ${where} ORDER BY ${this.sortColumn(sortBy)} ${dir}`).all(...params) as Array<{ detail: string }>;
    const sorted = plan.some((step) => /TEMP B-TREE FOR (RIGHT PART OF )?ORDER BY/.test(step.detail));
    return `${this.key.order} ${sorted ? 'ASC' : dir}`;
  }

  /** Column text for a sort field: fixed names, each only when the table has it (else NULL). */
  private sortColumn(sortBy: SessionSortField): string {
    if (sortBy === 'session_id' || sortBy === 'created_at') return `t.${sortBy}`;
    if (sortBy === 'updated_at') return `coalesce(${this.column('updated_at')}, t.created_at)`;
    return this.column(sortBy);
  }

  countSessions(filter: ListFilter): number {
    const { where, params } = this.where(filter);
    const row = this.cached(`SELECT count(*) AS n FROM ${this.table} AS t ${where}`).get(...params) as { n: number };
    return row.n;
  }

  /** One row per session of `kind` that names a component: id, its data, activity, runs. */
  componentRows(kind: SessionType, scope: AccessScope | undefined): Array<{ id: string; data: unknown; active: number | null; run_count: number }> {
    const idColumn = this.column(`${kind}_id`);
    const dataColumn = this.column(`${kind}_data`);
    const scoped = this.scopeWhere(scope);
    const sql =
      `SELECT ${idColumn} AS id, ${dataColumn} AS data, coalesce(${this.column('updated_at')}, t.created_at) AS active, ` +
      `${this.runCount} AS run_count FROM ${this.table} AS t WHERE t.session_type = ? AND ${idColumn} IS NOT NULL AND ${scoped.condition}`;
    return this.cached(sql).all(kind, ...scoped.params) as Array<{ id: string; data: unknown; active: number | null; run_count: number }>;
  }

  private where(filter: ListFilter): { where: string; params: unknown[] } {
    const clauses: string[] = [];
    const params: unknown[] = [];
    if (filter.sessionId !== undefined) {
      clauses.push('t.session_id = ?');
      params.push(filter.sessionId);
    }
    if (filter.type !== undefined) {
      clauses.push('t.session_type = ?');
      params.push(filter.type);
    }
    const scoped = this.scopeWhere(filter.scope);
    clauses.push(scoped.condition);
    params.push(...scoped.params);
    if (filter.componentId !== undefined) {
      const kinds: SessionType[] = filter.type ? [filter.type] : ['agent', 'team', 'workflow'];
      clauses.push(`(${kinds.map((k) => `${this.column(`${k}_id`)} = ?`).join(' OR ')})`);
      params.push(...kinds.map(() => filter.componentId));
    }
    return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
  }

  /**
   * The one place this table applies an access scope (`server/access/scope.ts`): a condition on
   * its `user_id` and the values to bind. Absent is every row.
   */
  private scopeWhere(scope: AccessScope | undefined, column = 't.user_id'): { condition: string; params: string[] } {
    const params: string[] = [];
    const condition = scopeCondition(scope ?? AccessScope.all(), column, (value) => {
      params.push(value);
      return '?';
    });
    return { condition, params };
  }

  /** A column of `t`, or NULL when this table lacks it (older or hand-made tables). */
  private column(name: string): string {
    return this.shape.columns.has(name) ? `t.${quoteIdentifier(name)}` : 'NULL';
  }

  /** Statements whose text depends on the filter combination, prepared once each. */
  private cached(sql: string): SqliteStatement {
    let statement = this.prepared.get(sql);
    if (!statement) {
      statement = this.handle.prepare(sql);
      this.prepared.set(sql, statement);
    }
    return statement;
  }
}
