import type pg from 'pg';
import { AccessScope, scopeCondition } from '../../access/scope.js';
import { isPlainObject } from '../../agno-format/json-values.js';
import { explicitSessionName, fallbackSessionName, nameFromRun } from '../../agno-format/session-name.js';
import { ReadOnlyDatabaseError, SessionUnreadableError } from '../errors.js';
import { jsonNestingDepth, PYTHON_JSON_MAX_DEPTH, tooDeepReason } from '../../agno-format/json-depth.js';
import { assertSessionAccepts, newSessionCreatedAt, prepareRun, runElsewhere } from '../ingest.js';
import { ConflictError } from '../../errors.js';
import { matchesNeedles, pageWindow, searchNeedle, summariseComponents } from '../listing.js';
import { epochSeconds, sessionTypeOf, toListItem, toStoredSession, type SessionRow } from '../session-rows.js';
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
  SessionSortField,
  SessionStore,
  SessionType,
  StoredRun,
  StoredSession,
  UpsertRunInput,
  UpsertRunResult,
} from '../types.js';
import { mergeRuns, runRowColumns } from '../../agno-format/agno3-runs.js';
import { LayoutSql, readLayout, rowsVersion, RUN_ORDER } from './layout.js';
import type { PgRunIndexCache, IndexedValue, RowSummary } from './run-cache.js';
import { indexRunsValue, readIndexedRun } from '../../agno-format/runs-index.js';
import { oneRowOf, ownRowOf } from '../one-row.js';
import { mergeSessionPatch } from '../session-patch.js';

/**
 * One Agno `PostgresDb` session table (`ai.agno_sessions`: one row per session, `runs` and the
 * other JSON columns as JSONB). Reads never bring the whole `runs` array into Node: a run is
 * picked inside PostgreSQL (`jsonb_array_elements … WHERE elem->>'run_id' = $n`), listings
 * select counts and the one run a name is derived from.
 */

const SESSION_SELECT =
  't.session_id, t.session_type, t.agent_id, t.team_id, t.workflow_id, t.user_id, t.session_data, t.agent_data, ' +
  't.team_data, t.workflow_data, t.metadata, t.summary, t.created_at, t.updated_at';

const SORT_COLUMNS: Record<SessionSortField, string> = {
  created_at: 't.created_at',
  updated_at: 'coalesce(t.updated_at, t.created_at)',
  session_id: 't.session_id',
  session_type: 't.session_type',
  user_id: 't.user_id',
  agent_id: 't.agent_id',
  team_id: 't.team_id',
  workflow_id: 't.workflow_id',
};

type Row = SessionRow & { run_count?: number | string; name_run?: unknown; run?: unknown; has_runs?: boolean; unreadable?: string | null; version?: string; row_ref?: string; runs_version?: string };

export interface PostgresStoreOptions {
  databaseId: string;
  /** `"schema"."table"`, quoted. */
  qualifiedTable: string;
  schema: string;
  tableName: string;
  readOnly: boolean;
  clock: () => number;
  /** The server's row-version index cache, and this database's key in it. */
  runIndex: PgRunIndexCache;
  owner: string;
}

export class PostgresSessionStore implements SessionStore {
  readonly tableName: string;
  readonly readOnly: boolean;
  private readonly table: string;
  /** Read from the catalog on first use; forgotten when a statement finds a column or table gone. */
  private layout: Promise<LayoutSql> | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: PostgresStoreOptions,
  ) {
    this.tableName = options.tableName;
    this.readOnly = options.readOnly;
    this.table = options.qualifiedTable;
  }

  private sql(): Promise<LayoutSql> {
    if (this.layout === null) {
      const reading = readLayout(this.pool, this.options.schema, this.tableName).then((l) => new LayoutSql(l));
      this.layout = reading;
      reading.catch(() => {
        if (this.layout === reading) this.layout = null;
      });
    }
    return this.layout;
  }

  /** Runs `query` with the layout; a table migrated or replaced meanwhile is read again next time. */
  private async withLayout<T>(query: (sql: LayoutSql) => Promise<T>): Promise<T> {
    const sql = await this.sql();
    try {
      return await query(sql);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (code === '42703' || code === '42P01') this.layout = null;
      throw error;
    }
  }

  async getSession(sessionId: string, filter: RowFilter): Promise<StoredSession | null> {
    const { where, params } = whereOf({ sessionId, type: filter.type, scope: filter.scope });
    const { rows } = await this.pool.query<Row>(`SELECT ${SESSION_SELECT} FROM ${this.table} AS t ${where}`, params);
    return rows[0] ? toStoredSession(rows[0]) : null;
  }

  /**
   * The session row without `runs`, and its row version (`ctid` and `xmin`). The first read of
   * a version fetches the `runs` value once and indexes where each run lies (run-cache.ts);
   * every read of that version then parses only its run's bytes, so a first read costs in
   * proportion to the run, not its session. A value that cannot be indexed is searched inside
   * PostgreSQL. Both read that same row under the same access scope — a table whose
   * `session_id` is not unique (any table the user names may be) must never answer one user's
   * run to another.
   */
  async getRun(sessionId: string, runId: string, filter: RowFilter): Promise<RunLookup> {
    const sql = await this.sql();
    if (sql.layout.runsTable !== null) return this.withLayout((l) => this.readRunRow(l, sessionId, runId, filter));
    const { where, params } = whereOf({ sessionId, scope: filter.scope });
    // A row changed between the queries has a new ctid or xmin: read it again (twice at most).
    for (let attempt = 0; ; attempt++) {
      const head = await this.pool.query<Row>(
        `SELECT ${SESSION_SELECT}, t.ctid::text AS row_ref, t.xmin::text AS version FROM ${this.table} AS t ${where} ` +
          `ORDER BY (t.session_type = $${params.length + 1}) DESC LIMIT 1`,
        [...params, filter.type],
      );
      const row = head.rows[0];
      if (!row) return { kind: 'no-session' };
      const session = toStoredSession(row);
      if (filter.type !== undefined && session.session_type !== filter.type) return { kind: 'wrong-type', actualType: session.session_type };
      const rowRef = String(row.row_ref);
      const version = `${rowRef}/${String(row.version)}`;
      const indexed = await this.options.runIndex.get(this.options.owner, rowRef, version, () => this.loadIndexed(rowRef, sessionId, filter.scope));
      if ((indexed === null || indexed.version !== version) && attempt < 2) continue;
      if (indexed !== null && indexed.version === version && (indexed.index !== null || indexed.text.length === 0)) {
        if (indexed.index === null || indexed.index.count === 0) return { kind: 'no-runs' };
        const slot = indexed.index.byId.get(runId);
        if (slot === undefined) return { kind: 'no-run' };
        const run = readIndexedRun(indexed.text, indexed.index, slot);
        if (isPlainObject(run)) return { kind: 'found', session, run: run as StoredRun };
      }
      const found = await this.extractRun(sql, rowRef, sessionId, runId, filter.scope);
      if (found === null) {
        if (attempt < 2) continue;
        return { kind: 'no-session' };
      }
      if (found.run !== null) return { kind: 'found', session, run: found.run };
      return found.hasRuns ? { kind: 'no-run' } : { kind: 'no-runs' };
    }
  }

  /**
   * The row's `runs` value as text at its current version, indexed when it is an array; an empty
   * text for no value (SQL NULL or JSON `null`). A value that is not an array keeps its text and no
   * index, so the reads fall back to PostgreSQL, which says it cannot be read.
   */
  private async loadIndexed(rowRef: string, sessionId: string, access: AccessScope | undefined): Promise<IndexedValue | null> {
    const scope = whereOf({ sessionId, scope: access });
    const n = scope.params.length;
    const { rows } = await this.pool.query<{ row_ref: string; version: string; text: string | null; is_array: boolean }>(
      `SELECT t.ctid::text AS row_ref, t.xmin::text AS version, jsonb_typeof(t.runs) = 'array' AS is_array, ` +
        `CASE WHEN jsonb_typeof(t.runs) <> 'null' THEN t.runs::text END AS text ` +
        `FROM ${this.table} AS t ${scope.where} AND t.ctid = $${n + 1}::tid`,
      [...scope.params, rowRef],
    );
    const row = rows[0];
    if (!row) return null;
    const text = Buffer.from(row.text ?? '', 'utf8');
    const index = row.is_array === true ? indexRunsValue(text) : null;
    return { version: `${row.row_ref}/${row.version}`, text, index, bytes: text.length + (index?.bytes ?? 0) + 1024 };
  }

  /**
   * Agno 3: the run's own row answers (its copy wins wherever the id appears); only a run the
   * table lacks is looked for in the legacy value, inside PostgreSQL. Nothing is cached: a run
   * row changes without its session row's version changing.
   */
  private async readRunRow(sql: LayoutSql, sessionId: string, runId: string, filter: RowFilter): Promise<RunLookup> {
    const runs = sql.layout.runsTable as string;
    const { where, params } = whereOf({ sessionId, scope: filter.scope });
    const n = params.length;
    const { rows } = await this.pool.query<Row & { direct: unknown; legacy_run: unknown; merged_any: boolean }>(
      `SELECT ${SESSION_SELECT}, ` +
        `(SELECT r.run_data FROM ${runs} AS r WHERE r.session_id = t.session_id AND r.run_id = $${n + 1}) AS direct, ` +
        `(SELECT e FROM jsonb_array_elements(${sql.legacy}) AS e WHERE jsonb_typeof(e) = 'object' AND e->>'run_id' = $${n + 1} LIMIT 1) AS legacy_run, ` +
        `(${sql.runCount}) > 0 AS merged_any, ${sql.unreadable} AS unreadable, t.ctid::text AS row_ref ` +
        `FROM ${this.table} AS t ${where}`,
      [...params, runId],
    );
    const row = rows[0];
    if (!row) return { kind: 'no-session' };
    if (typeof row.unreadable === 'string') throw await this.unreadableError(row.unreadable, sessionId, String(row.row_ref));
    const session = toStoredSession(row);
    if (filter.type !== undefined && session.session_type !== filter.type) return { kind: 'wrong-type', actualType: session.session_type };
    if (isPlainObject(row.direct) && row.direct['run_id'] === runId) return { kind: 'found', session, run: row.direct as StoredRun };
    if (isPlainObject(row.direct)) {
      // A row whose run_data names another id: only the merged list says where this id is.
      const merged = await this.mergedRuns(sql, sessionId, filter.scope);
      const run = merged?.find((r) => r['run_id'] === runId);
      if (run) return { kind: 'found', session, run };
    }
    if (isPlainObject(row.legacy_run)) return { kind: 'found', session, run: row.legacy_run as StoredRun };
    return row.merged_any ? { kind: 'no-run' } : { kind: 'no-runs' };
  }

  /** The session's runs as Agno 3 answers them (mergeRuns); null when no row matches. */
  private async mergedRuns(sql: LayoutSql, sessionId: string, scope: AccessScope | undefined, type?: SessionType): Promise<StoredRun[] | null> {
    const { where, params } = whereOf({ sessionId, type, scope });
    const runs = sql.layout.runsTable;
    const tableRuns = runs === null ? "'[]'::jsonb" : `coalesce((SELECT jsonb_agg(r.run_data ORDER BY ${RUN_ORDER}) FROM ${runs} AS r WHERE r.session_id = t.session_id), '[]'::jsonb)`;
    const { rows } = await this.pool.query<{ legacy: unknown; table_runs: unknown; unreadable: string | null; row_ref: string }>(
      `SELECT ${sql.legacy} AS legacy, ${tableRuns} AS table_runs, ${sql.unreadable} AS unreadable, t.ctid::text AS row_ref FROM ${this.table} AS t ${where}`,
      params,
    );
    const row = rows[0];
    if (!row) return null;
    if (typeof row.unreadable === 'string') throw await this.unreadableError(row.unreadable, sessionId, row.row_ref);
    const legacy = Array.isArray(row.legacy) ? row.legacy : [];
    if (runs === null) return legacy.filter(isPlainObject) as StoredRun[];
    const tableList = Array.isArray(row.table_runs) ? row.table_runs : [];
    return mergeRuns(tableList, legacy.length > 0 ? legacy : null).filter(isPlainObject) as StoredRun[];
  }

  /** The run of the row at `rowRef`, read under the same scope as the head; null when that row has changed. */
  private async extractRun(
    sql: LayoutSql,
    rowRef: string,
    sessionId: string,
    runId: string,
    access: AccessScope | undefined,
  ): Promise<{ run: StoredRun | null; hasRuns: boolean } | null> {
    const scope = whereOf({ sessionId, scope: access });
    const n = scope.params.length;
    const { rows } = await this.pool.query<Row>(
      `SELECT ${sql.runCount} > 0 AS has_runs, ${sql.unreadable} AS unreadable, ` +
        `(SELECT e FROM jsonb_array_elements(${sql.legacy}) AS e WHERE e->>'run_id' = $${n + 1} LIMIT 1) AS run ` +
        `FROM ${this.table} AS t ${scope.where} AND t.ctid = $${n + 2}::tid`,
      [...scope.params, runId, rowRef],
    );
    const row = rows[0];
    if (!row) return null;
    if (typeof row.unreadable === 'string') throw await this.unreadableError(row.unreadable, sessionId, rowRef);
    return { run: isPlainObject(row.run) ? (row.run as StoredRun) : null, hasRuns: row.has_runs === true };
  }

  /** Every run, read as the run list is (PostgreSQL hands over the decoded rows). */
  async eachRun(sessionId: string, filter: RowFilter): Promise<Iterable<StoredRun> | null> {
    return this.listRuns(sessionId, filter);
  }

  async listRuns(sessionId: string, filter: RowFilter): Promise<StoredRun[] | null> {
    return this.withLayout((sql) => this.mergedRuns(sql, sessionId, filter.scope, filter.type));
  }

  /**
   * A window of the run list. In the Agno 2 layout it is read from the row version's index (as a
   * run GET is), parsing only the window's runs; otherwise the merged list is built and sliced.
   */
  async pageRuns(sessionId: string, filter: RowFilter, window: RunWindow): Promise<RunsPage | null> {
    const sql = await this.sql();
    if (sql.layout.runsTable === null) {
      const indexed = await this.indexedRunsPage(sessionId, filter.scope, filter.type, window);
      if (indexed !== undefined) return indexed;
      const runs = await this.listRuns(sessionId, filter);
      return runs === null ? null : { runs: runs.slice(window.offset, window.offset + window.limit), total: runs.length };
    }
    return this.withLayout((l) => this.runRowsPage(l, sessionId, filter, window));
  }

  /**
   * Agno 3: a page of the merged list read in SQL, in one snapshot. Without legacy runs the
   * page is the run rows in `run_index` order (LIMIT/OFFSET on the runs table's index); with
   * them only the ids are merged (mergeRuns, Agno 3's rule) and the page's bodies fetched.
   */
  private async runRowsPage(sql: LayoutSql, sessionId: string, filter: RowFilter, window: RunWindow): Promise<RunsPage | null> {
    const runs = sql.layout.runsTable as string;
    const { where, params } = whereOf({ sessionId, type: filter.type, scope: filter.scope });
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const head = await client.query<{ row_ref: string; has_legacy: boolean; unreadable: string | null }>(
        `SELECT t.ctid::text AS row_ref, jsonb_array_length(${sql.legacy}) > 0 AS has_legacy, ${sql.unreadable} AS unreadable FROM ${this.table} AS t ${where} LIMIT 1`,
        params,
      );
      const row = head.rows[0];
      if (!row) return null;
      if (typeof row.unreadable === 'string') throw await this.unreadableError(row.unreadable, sessionId, row.row_ref);
      const objects = `r.session_id = $1 AND jsonb_typeof(r.run_data) = 'object'`;
      if (!row.has_legacy) {
        const [page, count] = await Promise.all([
          client.query<{ run_data: StoredRun }>(`SELECT r.run_data FROM ${runs} AS r WHERE ${objects} ORDER BY ${RUN_ORDER} LIMIT $2 OFFSET $3`, [
            sessionId,
            window.limit,
            Math.max(0, window.offset),
          ]),
          client.query<{ n: string }>(`SELECT count(*) AS n FROM ${runs} AS r WHERE ${objects}`, [sessionId]),
        ]);
        return { runs: page.rows.map((r) => r.run_data), total: Number(count.rows[0]?.n ?? 0) };
      }
      const ids = await client.query<{ legacy: unknown[]; table_ids: unknown[] }>(
        `SELECT (SELECT coalesce(jsonb_agg(jsonb_build_object('run_id', x.e->'run_id', 'at', x.i - 1) ORDER BY x.i), '[]'::jsonb) ` +
          `FROM jsonb_array_elements(${sql.legacy}) WITH ORDINALITY AS x(e, i) WHERE jsonb_typeof(x.e) = 'object') AS legacy, ` +
          `(SELECT coalesce(jsonb_agg(jsonb_build_object('run_id', r.run_data->'run_id', 'row', r.ctid::text) ORDER BY ${RUN_ORDER}), '[]'::jsonb) ` +
          `FROM ${runs} AS r WHERE r.session_id = t.session_id AND jsonb_typeof(r.run_data) = 'object') AS table_ids ` +
          `FROM ${this.table} AS t WHERE t.ctid = $1::tid`,
        [row.row_ref],
      );
      const found = ids.rows[0];
      if (!found) return null;
      const merged = mergeRuns(found.table_ids, found.legacy) as Array<{ run_id: unknown; at?: number; row?: string }>;
      const slice = merged.slice(Math.max(0, window.offset), Math.max(0, window.offset) + window.limit);
      const rowRefs = slice.flatMap((m) => (m.row === undefined ? [] : [m.row]));
      const positions = slice.flatMap((m) => (m.at === undefined ? [] : [m.at]));
      const [fromRows, fromLegacy] = await Promise.all([
        rowRefs.length === 0
          ? null
          : client.query<{ ref: string; run_data: StoredRun }>(`SELECT r.ctid::text AS ref, r.run_data FROM ${runs} AS r WHERE r.ctid = ANY($1::tid[])`, [rowRefs]),
        positions.length === 0
          ? null
          : client.query<{ at: number; e: StoredRun }>(
              `SELECT (x.i - 1)::int AS at, x.e FROM ${this.table} AS t, jsonb_array_elements(${sql.legacy}) WITH ORDINALITY AS x(e, i) ` +
                'WHERE t.ctid = $1::tid AND (x.i - 1) = ANY($2::bigint[])',
              [row.row_ref, positions],
            ),
      ]);
      const byRef = new Map(fromRows?.rows.map((r) => [r.ref, r.run_data]) ?? []);
      const byAt = new Map(fromLegacy?.rows.map((r) => [Number(r.at), r.e]) ?? []);
      const page = slice.map((m) => (m.row !== undefined ? byRef.get(m.row) : byAt.get(m.at as number)));
      return { runs: page.filter(isPlainObject) as StoredRun[], total: merged.length };
    } finally {
      await client.query('COMMIT').catch(() => undefined);
      client.release();
    }
  }

  /** `undefined` when the index cannot answer (a value that is not one well-formed array, or a row changing under us). */
  private async indexedRunsPage(sessionId: string, scope: AccessScope | undefined, type: SessionType | undefined, window: RunWindow): Promise<RunsPage | null | undefined> {
    const { where, params } = whereOf({ sessionId, type, scope });
    const head = await this.pool.query<Row>(`SELECT t.ctid::text AS row_ref, t.xmin::text AS version FROM ${this.table} AS t ${where} LIMIT 1`, params);
    const row = head.rows[0];
    if (!row) return null;
    const rowRef = String(row.row_ref);
    const version = `${rowRef}/${String(row.version)}`;
    const indexed = await this.options.runIndex.get(this.options.owner, rowRef, version, () => this.loadIndexed(rowRef, sessionId, scope));
    if (indexed === null || indexed.version !== version) return undefined;
    if (indexed.index === null) return indexed.text.length === 0 ? { runs: [], total: 0 } : undefined;
    const total = indexed.index.spans.length / 2;
    const runs: StoredRun[] = [];
    for (let i = Math.max(0, window.offset); i < Math.min(total, window.offset + window.limit); i++) {
      let run: unknown;
      try {
        run = readIndexedRun(indexed.text, indexed.index, i * 2);
      } catch {
        return undefined;
      }
      if (!isPlainObject(run)) return undefined;
      runs.push(run as StoredRun);
    }
    return { runs, total };
  }

  /**
   * The 422 for a legacy `runs` value AgentOS cannot read (`LayoutSql.unreadable` said why), with
   * the SQLite reader's reasons: the type of a value that is not a list, or the depth, read from
   * the value's text only here.
   */
  private async unreadableError(why: string, sessionId: string, rowRef: string, client: pg.Pool | pg.PoolClient = this.pool): Promise<SessionUnreadableError> {
    if (why !== 'deep') return new SessionUnreadableError(this.options.databaseId, sessionId, `the runs value is JSON but not a list (${why})`);
    const { rows } = await client.query<{ text: string | null }>(`SELECT t.runs::text AS text FROM ${this.table} AS t WHERE t.ctid = $1::tid`, [rowRef]);
    const depth = Math.max(jsonNestingDepth(rows[0]?.text ?? ''), PYTHON_JSON_MAX_DEPTH + 1);
    return new SessionUnreadableError(this.options.databaseId, sessionId, tooDeepReason(depth));
  }

  async listSessions(query: ListSessionsQuery): Promise<Page<SessionListItem>> {
    const { page, limit, offset } = pageWindow(query);
    return this.withLayout((sql) => this.listSessionsIn(sql, query, page, limit, offset));
  }

  /**
   * Listings take each row's run count and name from its row summary (run-cache.ts), kept per
   * row version: the listing query itself never reads `runs`. A row that changed between the
   * listing and its summary is listed again (twice at most), then by SQL alone.
   */
  private async listSessionsIn(sql: LayoutSql, query: ListSessionsQuery, page: number, limit: number, offset: number): Promise<Page<SessionListItem>> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const listed = await this.listFromSummaries(sql, query, page, limit, offset);
      if (listed !== null) return listed;
    }
    return this.listBySql(sql, query, page, limit, offset);
  }

  /**
   * The listing's SELECT. Paged (`limit` and `offset` given), its rows are the platform's page in the
   * platform's order: sessions with equal sort keys come as PostgreSQL gives them for AgentOS's own
   * statement (`PostgresDb.get_sessions`: every column, `ORDER BY <column> <dir>` with no second key,
   * `LIMIT … OFFSET …`), which depends on the plan (a top-N heap sort, a full sort, an index scan)
   * and the rows' places in the table, so no second sort key can give it. That statement is run as
   * it is, in a materialized CTE (planned on its own, every column kept, as AgentOS's is), and its
   * rows are numbered in the order it gave them (`row_number() OVER ()` reads the CTE in order);
   * the listing joins the session rows back by `ctid` (same snapshot) and orders by that number.
   * Unpaged (a search, which filters the rows here), ties are ordered by `session_id`.
   */
  private listQuery(
    sql: LayoutSql,
    query: ListSessionsQuery,
    columns: string,
    window?: { limit: number; offset: number },
  ): { select: string; where: string; params: unknown[] } {
    const { where, params } = whereOf({ sessionId: query.sessionId, type: query.type, scope: query.scope, componentId: query.componentId });
    const dir = query.sortOrder === 'asc' ? 'ASC' : 'DESC';
    const sortColumn = SORT_COLUMNS[query.sortBy ?? 'created_at'];
    if (window === undefined) {
      return { select: `SELECT ${SESSION_SELECT}, ${columns} FROM ${this.table} AS t ${where} ORDER BY ${sortColumn} ${dir}, t.session_id ${dir}`, where, params };
    }
    const n = params.length;
    const select =
      `WITH platform AS MATERIALIZED (SELECT t.*, t.ctid AS rundesk_row FROM ${this.table} AS t ${where} ` +
      `ORDER BY ${sortColumn} ${dir} LIMIT $${n + 1} OFFSET $${n + 2}), ` +
      'ranked AS MATERIALIZED (SELECT p.rundesk_row, row_number() OVER () AS rundesk_rank FROM platform AS p) ' +
      `SELECT ${SESSION_SELECT}, ${columns} FROM ranked AS k JOIN ${this.table} AS t ON t.ctid = k.rundesk_row ORDER BY k.rundesk_rank`;
    return { select, where, params: [...params, window.limit, window.offset] };
  }

  private async listFromSummaries(sql: LayoutSql, query: ListSessionsQuery, page: number, limit: number, offset: number): Promise<Page<SessionListItem> | null> {
    const needles = { needle: searchNeedle(query.search), nameNeedle: searchNeedle(query.sessionName), userNeedle: searchNeedle(query.userSearch) };
    const searching = needles.needle !== undefined || needles.nameNeedle !== undefined || needles.userNeedle !== undefined;
    const { select, where, params } = this.listQuery(sql, query, versionColumns(sql), searching ? undefined : { limit, offset });
    const countParams = searching ? params : params.slice(0, -2);
    const [rows, count] = await Promise.all([
      this.pool.query<Row>(select, params),
      searching ? null : this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${this.table} AS t ${where}`, countParams),
    ]);
    const summaries = await this.rowSummaries(sql, rows.rows);
    if (summaries === null) return null;
    const items = rows.rows.map((row) => summarisedItem(row, summaries.get(String(row.row_ref)) as RowSummary));
    if (!searching) return { items, total: Number(count?.rows[0]?.n ?? 0), page, limit };
    // Names are derived from run contents, so a search filters the listed rows here.
    const matching = items.filter((item) => matchesNeedles(item, needles));
    return { items: matching.slice(offset, offset + limit), total: matching.length, page, limit };
  }

  /** The listing computed by SQL alone (every row's `runs` read): rows changing faster than they can be summarised. */
  private async listBySql(sql: LayoutSql, query: ListSessionsQuery, page: number, limit: number, offset: number): Promise<Page<SessionListItem>> {
    const columns = `${sql.runCount} AS run_count, ${sql.nameRun} AS name_run`;
    const needle = searchNeedle(query.search);
    const nameNeedle = searchNeedle(query.sessionName);
    const userNeedle = searchNeedle(query.userSearch);
    if (needle === undefined && nameNeedle === undefined && userNeedle === undefined) {
      const { select, where, params } = this.listQuery(sql, query, columns, { limit, offset });
      const [rows, count] = await Promise.all([
        this.pool.query<Row>(select, params),
        this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${this.table} AS t ${where}`, params.slice(0, -2)),
      ]);
      return { items: rows.rows.map(toItem), total: Number(count.rows[0]?.n ?? 0), page, limit };
    }
    const { select, params } = this.listQuery(sql, query, columns);
    const matching = (await this.pool.query<Row>(select, params)).rows
      .map(toItem)
      .filter((item) => matchesNeedles(item, { needle, nameNeedle, userNeedle }));
    return { items: matching.slice(offset, offset + limit), total: matching.length, page, limit };
  }

  /**
   * The summary of each listed row at the version the listing saw (`row_ref`, `version`,
   * `runs_version` from `versionColumns`): kept ones reused, the others computed by one query
   * over those rows (by `ctid`) and kept. `null` when a row changed or went meanwhile.
   */
  private async rowSummaries(sql: LayoutSql, rows: readonly Row[]): Promise<Map<string, RowSummary> | null> {
    const found = new Map<string, RowSummary>();
    const missing: Row[] = [];
    for (const row of rows) {
      const kept = this.options.runIndex.summary(this.options.owner, String(row.row_ref), summaryVersion(row));
      if (kept) found.set(String(row.row_ref), kept);
      else missing.push(row);
    }
    if (missing.length === 0) return found;
    const { rows: computed } = await this.pool.query<Row>(
      `SELECT t.session_type, t.agent_id, t.team_id, t.workflow_id, ${versionColumns(sql)}, ${sql.runCount} AS run_count, ${sql.nameRun} AS name_run ` +
        `FROM ${this.table} AS t WHERE t.ctid = ANY($1::tid[])`,
      [missing.map((row) => String(row.row_ref))],
    );
    for (const row of computed) {
      const runName = row.name_run !== null && row.name_run !== undefined ? nameFromRun(sessionTypeOf(row), row.name_run) : undefined;
      const summary: RowSummary = { version: summaryVersion(row), runCount: Number(row.run_count ?? 0), runName, bytes: 256 + 2 * (runName?.length ?? 0) };
      this.options.runIndex.keepSummary(this.options.owner, String(row.row_ref), summary);
      found.set(String(row.row_ref), summary);
    }
    for (const row of missing) if (found.get(String(row.row_ref))?.version !== summaryVersion(row)) return null;
    return found;
  }

  async listComponents(kind: SessionType, filter: RowFilter): Promise<ComponentSummary[]> {
    return this.withLayout(async (sql) => {
      // `kind` is one of three literals: the column names are fixed text.
      const { where, params } = whereOf({ type: kind, scope: filter.scope });
      const select = (columns: string) =>
        `SELECT t.${kind}_id AS id, t.${kind}_data AS data, coalesce(t.updated_at, t.created_at) AS active, ${columns} ` +
        `FROM ${this.table} AS t ${where} AND t.${kind}_id IS NOT NULL`;
      type ComponentRow = Row & { id: string; data: unknown; active: string | number | null };
      let rows: ComponentRow[] | null = null;
      let runCounts: (row: ComponentRow) => number = (row) => Number(row.run_count);
      for (let attempt = 0; attempt < 3 && rows === null; attempt++) {
        const listed = (await this.pool.query<ComponentRow>(select(versionColumns(sql)), params)).rows;
        const summaries = await this.rowSummaries(sql, listed);
        if (summaries === null) continue;
        rows = listed;
        runCounts = (row) => (summaries.get(String(row.row_ref)) as RowSummary).runCount;
      }
      rows ??= (await this.pool.query<ComponentRow>(select(`${sql.runCount} AS run_count`), params)).rows;
      const counted = rows;
      return summariseComponents(
        counted.map((r) => ({
          id: String(r.id),
          data: isPlainObject(r.data) ? r.data : null,
          active: r.active === null ? null : Number(r.active),
          runCount: runCounts(r),
        })),
      );
    });
  }

  /** Agno's layout, in one transaction: a new row with `[run]`, or the run replaced in place or appended. */
  async upsertRun(input: UpsertRunInput): Promise<UpsertRunResult> {
    if (this.readOnly) throw new ReadOnlyDatabaseError(this.options.databaseId);
    const prepared = prepareRun(input);
    const sql = await this.sql();
    if (sql.layout.runsTable !== null) return this.withLayout((l) => this.upsertRunRow(l, input, prepared));
    const runsArray = sql.legacy;
    return this.writing(input.sessionId, async (client) => {
      const now = epochSeconds(this.options.clock());
      // The writer's own row, else a row of nobody (a session_id need not be unique in a table
      // the user names); every later statement targets that one row by its ctid.
      const target = await this.writeRow(client, input.sessionId, prepared.userId, input.type);
      const runJson = JSON.stringify(prepared.run);
      if (!target) {
        await this.insertSession(client, input, prepared, `jsonb_build_array($12::jsonb)`, [runJson], now);
        return { sessionCreated: true, runCreated: true };
      }
      const slot = await client.query<{ i: string | null; unreadable: string | null }>(
        `SELECT (SELECT x.i - 1 FROM jsonb_array_elements(${runsArray}) WITH ORDINALITY AS x(e, i) WHERE x.e->>'run_id' = $2 LIMIT 1) AS i, ${sql.unreadable} AS unreadable ` +
          `FROM ${this.table} AS t WHERE t.session_id = $1 AND t.ctid = $3::tid`,
        [input.sessionId, prepared.runId, target.row_ref],
      );
      // A value its owner cannot load is never rebuilt around a new run: nothing is written.
      if (typeof slot.rows[0]?.unreadable === 'string') throw await this.unreadableError(slot.rows[0]?.unreadable, input.sessionId, target.row_ref, client);
      const index = slot.rows[0]?.i ?? null;
      const component = `${input.type}_id`;
      await client.query(
        `UPDATE ${this.table} AS t SET runs = ` +
          (index === null ? `${runsArray} || jsonb_build_array($2::jsonb)` : `jsonb_set(${runsArray}, ARRAY[$5::text], $2::jsonb)`) +
          `, updated_at = $3, ${component} = coalesce(t.${component}, $4::varchar) WHERE t.session_id = $1 AND t.ctid = $${index === null ? 5 : 6}::tid`,
        [input.sessionId, runJson, now, prepared.componentId, ...(index === null ? [] : [String(index)]), target.row_ref],
      );
      return { sessionCreated: false, runCreated: index === null };
    });
  }

  /**
   * Runs `write` in one transaction that first takes a transaction-scoped advisory lock on
   * (table, session id): rundesk's writes of one session id run one after another — a create
   * and an ingest of the same new id, which no row lock can order (there is no row yet, and
   * the table need not have a unique key) — and each then locks the rows it reads
   * (`FOR UPDATE`), so an agent's own `UPDATE` of the row waits for it and is not overwritten.
   */
  private async writing<T>(sessionId: string, write: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${this.table}/${sessionId}`]);
      const result = await write(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** The rows of the id under the scope (every row without one), locked until the transaction ends. */
  private async lockedRows(client: pg.PoolClient, sessionId: string, scope: AccessScope | undefined): Promise<Array<Row & { row_ref: string }>> {
    const { where, params } = whereOf({ sessionId, scope });
    const { rows } = await client.query<Row & { row_ref: string }>(`SELECT ${SESSION_SELECT}, t.ctid::text AS row_ref FROM ${this.table} AS t ${where} FOR UPDATE`, params);
    return rows;
  }

  /** The row a run of `owner` goes to (`ownRowOf`), locked; `undefined` when the id is free. A row of another user refuses the run. */
  private async writeRow(client: pg.PoolClient, sessionId: string, owner: string | null, type: SessionType): Promise<(Row & { row_ref: string }) | undefined> {
    const { row, foreign } = ownRowOf(sessionId, await this.lockedRows(client, sessionId, undefined), owner, type);
    if (foreign) assertSessionAccepts(toStoredSession(foreign), type, owner);
    if (row) assertSessionAccepts(toStoredSession(row), type, owner);
    return row;
  }

  /**
   * Agno 3's write: the run's row (updated in place keeping its index, or inserted at the merged
   * list's end) and the session row created or touched; the legacy value is never written.
   */
  private async upsertRunRow(sql: LayoutSql, input: UpsertRunInput, prepared: ReturnType<typeof prepareRun>): Promise<UpsertRunResult> {
    const runs = sql.layout.runsTable as string;
    return this.writing(input.sessionId, async (client) => {
      const now = epochSeconds(this.options.clock());
      const session = await this.writeRow(client, input.sessionId, prepared.userId, input.type);
      let position = 0;
      let runCreated = true;
      let userId = prepared.userId;
      if (!session) {
        await this.insertSession(client, input, prepared, null, [], now);
      } else {
        const stored = toStoredSession(session);
        userId ??= stored.user_id;
        const component = `${input.type}_id`;
        const ids = await client.query<{ legacy: unknown; table_ids: unknown; unreadable: string | null }>(
          `SELECT ${sql.unreadable} AS unreadable, (SELECT coalesce(jsonb_agg(jsonb_build_object('run_id', e->'run_id')), '[]'::jsonb) FROM jsonb_array_elements(${sql.legacy}) AS e ` +
            `WHERE jsonb_typeof(e) = 'object') AS legacy, ` +
            `(SELECT coalesce(jsonb_agg(jsonb_build_object('run_id', r.run_data->'run_id') ORDER BY ${RUN_ORDER}), '[]'::jsonb) FROM ${runs} AS r ` +
            `WHERE r.session_id = t.session_id) AS table_ids FROM ${this.table} AS t WHERE t.session_id = $1 AND t.ctid = $2::tid`,
          [input.sessionId, session.row_ref],
        );
        if (typeof ids.rows[0]?.unreadable === 'string') throw await this.unreadableError(ids.rows[0]?.unreadable, input.sessionId, session.row_ref, client);
        // After the read: the update gives the row a new ctid.
        await client.query(`UPDATE ${this.table} AS t SET updated_at = $2, ${component} = coalesce(t.${component}, $3::varchar) WHERE t.session_id = $1 AND t.ctid = $4::tid`, [
          input.sessionId,
          now,
          prepared.componentId,
          session.row_ref,
        ]);

        const legacy = (ids.rows[0]?.legacy as unknown[] | undefined) ?? [];
        const merged = mergeRuns((ids.rows[0]?.table_ids as unknown[] | undefined) ?? [], legacy.length > 0 ? legacy : null);
        const index = merged.findIndex((r) => isPlainObject(r) && r['run_id'] === prepared.runId);
        runCreated = index < 0;
        position = index < 0 ? merged.length : index;
      }
      const columns = runRowColumns(prepared.run, now);
      const runJson = JSON.stringify(prepared.run);
      // run_id is the runs table's primary key: a row of another session is not this write's to change.
      const owner = await client.query<{ session_id: string }>(`SELECT session_id FROM ${runs} WHERE run_id = $1 FOR UPDATE`, [prepared.runId]);
      if (owner.rows[0] !== undefined && owner.rows[0].session_id !== input.sessionId) throw new ConflictError(runElsewhere(prepared.runId));
      const updated = await client.query(
        `UPDATE ${runs} SET status = $2, run_data = $3::jsonb, user_id = $4, parent_run_id = $5, updated_at = $6, ` +
          'run_index = coalesce(run_index, $7) WHERE run_id = $1 AND session_id = $8',
        [prepared.runId, columns['status'], runJson, userId, columns['parent_run_id'], now, position, input.sessionId],
      );
      if ((updated.rowCount ?? 0) === 0) {
        await client.query(
          `INSERT INTO ${runs} (run_id, session_id, run_type, agent_id, team_id, workflow_id, user_id, parent_run_id, status, run_index, run_data, created_at, updated_at) ` +
            'VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13)',
          [
            prepared.runId,
            input.sessionId,
            columns['run_type'],
            columns['agent_id'],
            columns['team_id'],
            columns['workflow_id'],
            userId,
            columns['parent_run_id'],
            columns['status'],
            position,
            runJson,
            columns['created_at'],
            now,
          ],
        );
      }
      return { sessionCreated: !session, runCreated };
    });
  }

  /**
   * A new session row in the layout the table has: the legacy `runs` column only where it
   * exists (`runs` is the SQL for its value, `$12` the run; null leaves it NULL).
   */
  private async insertSession(
    client: pg.PoolClient,
    input: UpsertRunInput,
    prepared: ReturnType<typeof prepareRun>,
    runs: string | null,
    runParams: unknown[],
    now: number,
  ): Promise<void> {
    const type = input.type;
    const createdAt = newSessionCreatedAt(prepared, now);
    const state = prepared.run['session_state'];
    const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
    const { layout } = await this.sql();
    const withRuns = runs !== null && layout.legacyColumn;
    const runsColumn = withRuns ? 'runs, ' : '';
    const runsValue = withRuns ? `${runs}, ` : '';
    await client.query(
      `INSERT INTO ${this.table} (session_id, session_type, agent_id, team_id, workflow_id, user_id, session_data, agent_data, team_data, ` +
        `workflow_data, metadata, ${runsColumn}summary, created_at, updated_at) ` +
        `VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9::jsonb, $10::jsonb, $11::jsonb, ${runsValue}NULL, $${withRuns ? 13 : 12}, $${withRuns ? 13 : 12})`,
      [
        input.sessionId,
        type,
        type === 'agent' ? prepared.componentId : null,
        type === 'team' ? prepared.componentId : null,
        type === 'workflow' ? prepared.componentId : null,
        prepared.userId,
        json(isPlainObject(state) ? { session_state: state } : {}),
        type === 'agent' ? json(prepared.componentData) : null,
        type === 'team' ? json(prepared.componentData) : null,
        type === 'workflow' ? json(prepared.componentData ?? {}) : null,
        type === 'workflow' ? '{}' : null,
        ...(withRuns ? runParams : []),
        createdAt,
      ],
    );
  }

  /**
   * AgentOS's create, in the layout the table has (Agno 2 with `runs`, Agno 3 without it) and
   * whether or not `session_id` is unique there: under the id's advisory lock, any row of the
   * id takes it; no `ON CONFLICT`, which needs a unique constraint to match.
   */
  async addSession(session: StoredSession): Promise<boolean> {
    if (this.readOnly) throw new ReadOnlyDatabaseError(this.options.databaseId);
    const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
    const { layout } = await this.sql();
    try {
      return await this.writing(session.session_id, async (client) => {
        if ((await this.lockedRows(client, session.session_id, undefined)).length > 0) return false;
        const runs = layout.legacyColumn ? 'runs, ' : '';
        const runsValue = layout.legacyColumn ? 'NULL, ' : '';
        await client.query(
          `INSERT INTO ${this.table} (session_id, session_type, agent_id, team_id, workflow_id, user_id, session_data, agent_data, team_data, ` +
            `workflow_data, metadata, ${runs}summary, created_at, updated_at) ` +
            `VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9::jsonb, $10::jsonb, $11::jsonb, ${runsValue}$12::jsonb, $13, $14)`,
          [
            session.session_id,
            session.session_type,
            session.agent_id,
            session.team_id,
            session.workflow_id,
            session.user_id,
            json(session.session_data),
            json(session.agent_data),
            json(session.team_data),
            json(session.workflow_data),
            json(session.metadata),
            json(session.summary),
            session.created_at,
            session.updated_at,
          ],
        );
        return true;
      });
    } catch (error) {
      // An agent inserted the id between our check and our insert (a unique key caught it).
      if ((error as { code?: unknown } | null)?.code === '23505') return false;
      throw error;
    }
  }

  async updateSession(sessionId: string, patch: SessionPatch, filter: RowFilter): Promise<boolean> {
    if (this.readOnly) throw new ReadOnlyDatabaseError(this.options.databaseId);
    return this.writing(sessionId, async (client) => {
      // Locked as read: an agent's UPDATE of the row waits, and is not lost under ours.
      const row = oneRowOf(sessionId, await this.lockedRows(client, sessionId, filter.scope), filter.type);
      if (!row) return false;
      const fields = mergeSessionPatch(toStoredSession(row), patch);
      const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
      await client.query(
        `UPDATE ${this.table} AS t SET session_data = $3::jsonb, metadata = $4::jsonb, summary = $5::jsonb, updated_at = $6 WHERE t.session_id = $1 AND t.ctid = $2::tid`,
        [sessionId, row.row_ref, json(fields.session_data), json(fields.metadata), json(fields.summary), fields.updated_at],
      );
      return true;
    });
  }

  async deleteSession(sessionId: string, filter: RowFilter): Promise<boolean> {
    if (this.readOnly) throw new ReadOnlyDatabaseError(this.options.databaseId);
    const { layout } = await this.sql();
    return this.writing(sessionId, async (client) => {
      const row = oneRowOf(sessionId, await this.lockedRows(client, sessionId, filter.scope), filter.type);
      if (!row) return false;
      await client.query(`DELETE FROM ${this.table} AS t WHERE t.session_id = $1 AND t.ctid = $2::tid`, [sessionId, row.row_ref]);
      // Agno 3 deletes the session's run rows with it (its foreign key cascades the same way),
      // unless another row shares the id and answers them now.
      if (layout.runsTable !== null) {
        await client.query(`DELETE FROM ${layout.runsTable} WHERE session_id = $1 AND NOT EXISTS (SELECT 1 FROM ${this.table} AS t WHERE t.session_id = $1)`, [sessionId]);
      }
      return true;
    });
  }

  async counts(): Promise<{ sessions: number; runs: number }> {
    return this.withLayout(async (sql) => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const { rows } = await this.pool.query<Row>(`SELECT ${versionColumns(sql)} FROM ${this.table} AS t`);
        const summaries = await this.rowSummaries(sql, rows);
        if (summaries === null) continue;
        let runs = 0;
        for (const summary of summaries.values()) runs += summary.runCount;
        return { sessions: rows.length, runs };
      }
      const { rows } = await this.pool.query<{ sessions: string; runs: string | null }>(
        `SELECT count(*) AS sessions, coalesce(sum(${sql.runCount}), 0) AS runs FROM ${this.table} AS t`,
      );
      return { sessions: Number(rows[0]?.sessions ?? 0), runs: Number(rows[0]?.runs ?? 0) };
    });
  }

  /** Database.tableVersion: the session rows' versions, and the run rows' in Agno 3. */
  async tableVersion(): Promise<string> {
    return this.withLayout(async (sql) => {
      const runs = sql.layout.runsTable;
      const { rows } = await this.pool.query<{ v: string }>(
        `SELECT ${rowsVersion(this.table, 't')}${runs === null ? '' : ` || ':' || ${rowsVersion(runs, 'r')}`} AS v`,
      );
      return String(rows[0]?.v ?? '');
    });
  }

  async hasSessions(): Promise<boolean> {
    const { rows } = await this.pool.query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${this.table}) AS any`);
    return rows[0]?.any === true;
  }
}

/**
 * A session query's WHERE clause and its values. The access scope (absent: every row) is always
 * one of its conditions: this is the one place the PostgreSQL store applies it.
 */
function whereOf(filter: { sessionId?: string | undefined; type?: SessionType | undefined; scope?: AccessScope | undefined; componentId?: string | undefined }): {
  where: string;
  params: unknown[];
} {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (clause: (n: number) => string, value: unknown): void => {
    params.push(value);
    clauses.push(clause(params.length));
  };
  if (filter.sessionId !== undefined) add((n) => `t.session_id = $${n}`, filter.sessionId);
  if (filter.type !== undefined) add((n) => `t.session_type = $${n}`, filter.type);
  clauses.push(
    scopeCondition(filter.scope ?? AccessScope.all(), 't.user_id', (value) => {
      params.push(value);
      return `$${params.length}`;
    }),
  );
  if (filter.componentId !== undefined) {
    const kinds: SessionType[] = filter.type ? [filter.type] : ['agent', 'team', 'workflow'];
    add((n) => `(${kinds.map((k) => `t.${k}_id = $${n}`).join(' OR ')})`, filter.componentId);
  }
  return { where: `WHERE ${clauses.join(' AND ')}`, params };
}

/** The columns that say which version of a row (and of its run rows) a listing saw. */
function versionColumns(sql: LayoutSql): string {
  return `t.ctid::text AS row_ref, t.xmin::text AS version, ${sql.runsVersion} AS runs_version`;
}

function summaryVersion(row: Row): string {
  return `${String(row.row_ref)}/${String(row.version)}/${String(row.runs_version ?? '')}`;
}

function summarisedItem(row: Row, summary: RowSummary): SessionListItem {
  const session = toStoredSession(row);
  const name = explicitSessionName(session.session_data) ?? summary.runName ?? fallbackSessionName(session, summary.runCount > 0);
  return toListItem(session, name, summary.runCount);
}

function toItem(row: Row): SessionListItem {
  const session = toStoredSession(row);
  const runCount = Number(row.run_count ?? 0);
  const name =
    explicitSessionName(session.session_data) ??
    (row.name_run !== null && row.name_run !== undefined ? nameFromRun(session.session_type, row.name_run) : undefined) ??
    fallbackSessionName(session, runCount > 0);
  return toListItem(session, name, runCount);
}
