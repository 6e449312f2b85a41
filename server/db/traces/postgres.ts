import type { AccessScope } from '../../access/scope.js';
import type pg from 'pg';
import type { TraceColumn } from './filter.js';
import { listOrderSql, listWhere, scopeSql, SqlParams, statsWhere } from './filter-sql.js';
import { outlineOf, SPAN_COLUMNS_SQL, toSessionStatsRow, toSpanRow, toTraceListRow, toTraceRow, TRACE_COLUMNS_SQL } from './rows.js';
import { NEWEST_FIRST, type Counted, type Paging, type SessionTraceStatsRow, type SpanOutline, type SpanRow, type TraceListFilter, type TraceListRow, type TraceOrder, type TraceRow, type TraceStatsFilter, type TraceStore } from './types.js';

/** How long "does the schema have trace tables?" is remembered; an agent may start tracing any time. */
const TABLES_TTL_MS = 1000;

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

type Raw = Record<string, unknown>;

/**
 * The trace and span tables of an Agno `PostgresDb` (`<schema>.agno_traces`, `<schema>.agno_spans`,
 * `attributes` as JSONB), read in PostgreSQL: counts and the root span's input are selected there,
 * only the page's rows cross the network. A schema without the tables answers nothing, as the
 * platform does.
 */
export class PostgresTraceStore implements TraceStore {
  private known: { at: number; tables: { traces: string; spans: string | null } | null } | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly schema: string,
    private readonly now: () => number = Date.now,
  ) {}

  async listTraces(filter: TraceListFilter, paging: Paging, order: TraceOrder = NEWEST_FIRST): Promise<Counted<TraceListRow>> {
    const tables = await this.tables();
    if (!tables) return { rows: [], total: 0 };
    const params = new SqlParams('postgres');
    const from = `FROM ${tables.traces} t WHERE ${listWhere(filter, column, params)}`;
    const counted = await this.pool.query<{ n: string }>(`SELECT count(*) AS n ${from}`, params.values);
    const total = Number(counted.rows[0]?.n ?? 0);
    if (total === 0 || paging.offset >= total) return { rows: [], total };
    const limit = params.add(paging.limit);
    const offset = params.add(paging.offset);
    const { rows } = await this.pool.query<Raw>(`SELECT ${traceSelect(tables.spans, true)} ${from} ORDER BY ${listOrderSql(order, column)} LIMIT ${limit} OFFSET ${offset}`, params.values);
    return { rows: rows.map(toTraceListRow), total };
  }

  async getTrace(traceId: string, scope?: AccessScope): Promise<TraceRow | null> {
    const tables = await this.tables();
    if (!tables) return null;
    const params = new SqlParams('postgres');
    const where = `t.trace_id = ${params.add(traceId)} AND ${scopeSql(scope, column, params)}`;
    const { rows } = await this.pool.query<Raw>(`SELECT ${traceSelect(tables.spans, false)} FROM ${tables.traces} t WHERE ${where}`, params.values);
    return rows[0] ? toTraceRow(rows[0]) : null;
  }

  async getSpans(traceIds: readonly string[]): Promise<SpanRow[]> {
    const tables = await this.tables();
    if (!tables?.spans || traceIds.length === 0) return [];
    const { rows } = await this.pool.query<Raw>(`SELECT ${spanSelect()} FROM ${tables.spans} s WHERE s.trace_id = ANY($1::text[])`, [traceIds]);
    return rows.map(toSpanRow);
  }

  // Attributes are JSONB, decoded by the driver either way: the outline is read from whole rows.
  async getSpanOutline(traceId: string): Promise<SpanOutline[]> {
    return (await this.getSpans([traceId])).map(outlineOf);
  }

  async getSpansById(traceId: string, spanIds: readonly string[]): Promise<SpanRow[]> {
    const tables = await this.tables();
    if (!tables?.spans || spanIds.length === 0) return [];
    const { rows } = await this.pool.query<Raw>(`SELECT ${spanSelect()} FROM ${tables.spans} s WHERE s.trace_id = $1 AND s.span_id = ANY($2::text[])`, [traceId, spanIds]);
    return rows.map(toSpanRow);
  }

  async getSpan(spanId: string): Promise<SpanRow | null> {
    const tables = await this.tables();
    if (!tables?.spans) return null;
    const { rows } = await this.pool.query<Raw>(`SELECT ${spanSelect()} FROM ${tables.spans} s WHERE s.span_id = $1`, [spanId]);
    return rows[0] ? toSpanRow(rows[0]) : null;
  }

  async sessionStats(filter: TraceStatsFilter, paging: Paging): Promise<Counted<SessionTraceStatsRow>> {
    const tables = await this.tables();
    if (!tables) return { rows: [], total: 0 };
    const params = new SqlParams('postgres');
    const from = `FROM ${tables.traces} t WHERE ${statsWhere(filter, column, params)} GROUP BY t.session_id`;
    const counted = await this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM (SELECT 1 ${from}) g`, params.values);
    const total = Number(counted.rows[0]?.n ?? 0);
    if (total === 0 || paging.offset >= total) return { rows: [], total };
    const limit = params.add(paging.limit);
    const offset = params.add(paging.offset);
    const { rows } = await this.pool.query<Raw>(
      'SELECT t.session_id, max(t.user_id) AS user_id, max(t.agent_id) AS agent_id, max(t.team_id) AS team_id, ' +
        'max(t.workflow_id) AS workflow_id, count(t.trace_id) AS total_traces, min(t.created_at) AS first_trace_at, ' +
        `max(t.created_at) AS last_trace_at ${from} ORDER BY max(t.created_at) DESC LIMIT ${limit} OFFSET ${offset}`,
      params.values,
    );
    return { rows: rows.map(toSessionStatsRow), total };
  }

  /** The qualified table names, or `null` when the schema has no trace table. */
  private async tables(): Promise<{ traces: string; spans: string | null } | null> {
    if (this.known && this.now() - this.known.at < TABLES_TTL_MS) return this.known.tables;
    const qualified = (table: string): string => `${quoteIdent(this.schema)}.${quoteIdent(table)}`;
    const { rows } = await this.pool.query<{ traces: string | null; spans: string | null }>(
      'SELECT to_regclass($1)::text AS traces, to_regclass($2)::text AS spans',
      [qualified('agno_traces'), qualified('agno_spans')],
    );
    const found = rows[0];
    const tables = found?.traces ? { traces: qualified('agno_traces'), spans: found.spans ? qualified('agno_spans') : null } : null;
    this.known = { at: this.now(), tables };
    return tables;
  }
}

function column(name: TraceColumn): string {
  return `t.${quoteIdent(name)}`;
}

function traceSelect(spans: string | null, withRootInput: boolean): string {
  const columns = TRACE_COLUMNS_SQL.map((c) => `t.${quoteIdent(c)}`).join(', ');
  if (!spans) return `${columns}, 0 AS total_spans, 0 AS error_count${withRootInput ? ', false AS root_found, NULL AS root_attributes' : ''}`;
  const counts =
    `(SELECT count(*) FROM ${spans} s WHERE s.trace_id = t.trace_id) AS total_spans, ` +
    `(SELECT count(*) FROM ${spans} s WHERE s.trace_id = t.trace_id AND s.status_code = 'ERROR') AS error_count`;
  if (!withRootInput) return `${columns}, ${counts}`;
  const root = `FROM ${spans} s WHERE s.trace_id = t.trace_id AND (s.parent_span_id IS NULL OR s.parent_span_id = '') LIMIT 1`;
  return `${columns}, ${counts}, EXISTS (SELECT 1 ${root}) AS root_found, (SELECT s.attributes ${root}) AS root_attributes`;
}

function spanSelect(): string {
  return SPAN_COLUMNS_SQL.map((c) => `s.${quoteIdent(c)}`).join(', ');
}
