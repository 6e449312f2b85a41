import type { AccessScope } from '../../access/scope.js';
import type { SqliteHandle, SqliteStatement } from '../connection.js';
import { quoteIdentifier } from '../connection.js';
import type { TraceColumn } from './filter.js';
import { listOrderSql, listWhere, scopeSql, SqlParams, statsWhere } from './filter-sql.js';
import { SPAN_COLUMNS_SQL, toSessionStatsRow, toSpanOutline, toSpanRow, toTraceListRow, toTraceRow, TRACE_COLUMNS_SQL } from './rows.js';
import { NEWEST_FIRST, type Counted, type Paging, type SessionTraceStatsRow, type SpanOutline, type SpanRow, type SyncTraceStore, type TraceListFilter, type TraceListRow, type TraceOrder, type TraceRow, type TraceStatsFilter } from './types.js';

/** Agno's default table names; other tables qualify when they have every column Agno writes. */
const DEFAULT_TRACES = 'agno_traces';
const DEFAULT_SPANS = 'agno_spans';

interface Tables {
  traces: string;
  spans: string | null;
  /** Whether the span table has a rowid, the order Agno reads spans in (an index scan on trace_id). */
  spansByRowid: boolean;
}

/**
 * The trace and span tables of one SQLite file (Agno's `SqliteDb` layout), read in place. The
 * tables are looked up again whenever the file's schema changes, so an agent that starts tracing
 * after the file was attached is seen at once.
 */
export class SqliteTraceStore implements SyncTraceStore {
  private readonly schemaVersion: SqliteStatement;
  private known: { version: unknown; tables: Tables | null; statements: Map<string, SqliteStatement> } | null = null;

  constructor(private readonly handle: SqliteHandle) {
    this.schemaVersion = handle.prepare('PRAGMA schema_version').pluck();
  }

  listTraces(filter: TraceListFilter, paging: Paging, order: TraceOrder = NEWEST_FIRST): Counted<TraceListRow> {
    const tables = this.tables();
    if (!tables) return { rows: [], total: 0 };
    const params = new SqlParams('sqlite');
    const where = listWhere(filter, column, params);
    const from = `FROM ${quoteIdentifier(tables.traces)} t WHERE ${where}`;
    const total = Number(this.statement(`SELECT count(*) ${from}`).pluck().get(...params.values));
    if (total === 0 || paging.offset >= total) return { rows: [], total };
    const raw = this.statement(`SELECT ${traceSelect(tables, true)} ${from} ORDER BY ${listOrderSql(order, column)} LIMIT ? OFFSET ?`).all(
      ...params.values,
      paging.limit,
      paging.offset,
    ) as Record<string, unknown>[];
    return { rows: raw.map(toTraceListRow), total };
  }

  getTrace(traceId: string, scope?: AccessScope): TraceRow | null {
    const tables = this.tables();
    if (!tables) return null;
    const params = new SqlParams('sqlite');
    const where = `t.trace_id = ${params.add(traceId)} AND ${scopeSql(scope, column, params)}`;
    const raw = this.statement(`SELECT ${traceSelect(tables, false)} FROM ${quoteIdentifier(tables.traces)} t WHERE ${where}`).get(...params.values) as
      | Record<string, unknown>
      | undefined;
    return raw ? toTraceRow(raw) : null;
  }

  getSpans(traceIds: readonly string[]): SpanRow[] {
    const tables = this.tables();
    if (!tables?.spans || traceIds.length === 0) return [];
    const match = traceIds.length === 1 ? 's.trace_id = ?' : `s.trace_id IN (${traceIds.map(() => '?').join(', ')})`;
    const order = tables.spansByRowid ? ' ORDER BY s.rowid' : '';
    const raw = this.statement(`SELECT ${spanSelect()} FROM ${quoteIdentifier(tables.spans)} s WHERE ${match}${order}`).all(...traceIds) as Record<string, unknown>[];
    return raw.map(toSpanRow);
  }

  getSpanOutline(traceId: string): SpanOutline[] {
    const tables = this.tables();
    if (!tables?.spans) return [];
    const order = tables.spansByRowid ? ' ORDER BY s.rowid' : '';
    const sql = `SELECT s.span_id, s.parent_span_id, s.start_time FROM ${quoteIdentifier(tables.spans)} s WHERE s.trace_id = ?${order}`;
    return (this.statement(sql).all(traceId) as Record<string, unknown>[]).map(toSpanOutline);
  }

  getSpansById(traceId: string, spanIds: readonly string[]): SpanRow[] {
    const tables = this.tables();
    if (!tables?.spans || spanIds.length === 0) return [];
    const order = tables.spansByRowid ? ' ORDER BY s.rowid' : '';
    // The ids as one JSON array: any number of them binds as one parameter.
    const sql = `SELECT ${spanSelect()} FROM ${quoteIdentifier(tables.spans)} s WHERE s.trace_id = ? AND s.span_id IN (SELECT value FROM json_each(?))${order}`;
    const raw = this.statement(sql).all(traceId, JSON.stringify(spanIds)) as Record<string, unknown>[];
    return raw.map(toSpanRow);
  }

  getSpan(spanId: string): SpanRow | null {
    const tables = this.tables();
    if (!tables?.spans) return null;
    const raw = this.statement(`SELECT ${spanSelect()} FROM ${quoteIdentifier(tables.spans)} s WHERE s.span_id = ?`).get(spanId) as Record<string, unknown> | undefined;
    return raw ? toSpanRow(raw) : null;
  }

  sessionStats(filter: TraceStatsFilter, paging: Paging): Counted<SessionTraceStatsRow> {
    const tables = this.tables();
    if (!tables) return { rows: [], total: 0 };
    const params = new SqlParams('sqlite');
    const from = `FROM ${quoteIdentifier(tables.traces)} t WHERE ${statsWhere(filter, column, params)} GROUP BY t.session_id`;
    const total = Number(this.statement(`SELECT count(*) FROM (SELECT 1 ${from})`).pluck().get(...params.values));
    if (total === 0 || paging.offset >= total) return { rows: [], total };
    const raw = this.statement(
      'SELECT t.session_id, max(t.user_id) AS user_id, max(t.agent_id) AS agent_id, max(t.team_id) AS team_id, ' +
        'max(t.workflow_id) AS workflow_id, count(t.trace_id) AS total_traces, min(t.created_at) AS first_trace_at, ' +
        `max(t.created_at) AS last_trace_at ${from} ORDER BY max(t.created_at) DESC LIMIT ? OFFSET ?`,
    ).all(...params.values, paging.limit, paging.offset) as Record<string, unknown>[];
    return { rows: raw.map(toSessionStatsRow), total };
  }

  /** The tables as of the file's current schema; statements prepared for an older schema are dropped. */
  private tables(): Tables | null {
    const version = this.schemaVersion.get();
    if (this.known !== null && this.known.version === version) return this.known.tables;
    const tables = discoverTraceTables(this.handle);
    this.known = { version, tables, statements: new Map() };
    return tables;
  }

  /** Statements are prepared once per schema and text (filters vary only in their bound values' count). */
  private statement(sql: string): SqliteStatement {
    const statements = (this.known as NonNullable<typeof this.known>).statements;
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size > 200) statements.clear();
      statement = this.handle.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  }
}

function column(name: TraceColumn): string {
  return `t.${quoteIdentifier(name)}`;
}

function traceSelect(tables: Tables, withRootInput: boolean): string {
  const columns = TRACE_COLUMNS_SQL.map((c) => `t.${quoteIdentifier(c)}`).join(', ');
  const kind = 'typeof(t.duration_ms) AS duration_kind';
  if (!tables.spans) return `${columns}, ${kind}, 0 AS total_spans, 0 AS error_count${withRootInput ? ', 0 AS root_found, NULL AS root_attributes' : ''}`;
  const spans = quoteIdentifier(tables.spans);
  const counts =
    `(SELECT count(*) FROM ${spans} s WHERE s.trace_id = t.trace_id) AS total_spans, ` +
    `(SELECT count(*) FROM ${spans} s WHERE s.trace_id = t.trace_id AND s.status_code = 'ERROR') AS error_count`;
  if (!withRootInput) return `${columns}, ${kind}, ${counts}`;
  const root = `FROM ${spans} s WHERE s.trace_id = t.trace_id AND (s.parent_span_id IS NULL OR s.parent_span_id = '')${tables.spansByRowid ? ' ORDER BY s.rowid' : ''} LIMIT 1`;
  return `${columns}, ${kind}, ${counts}, EXISTS (SELECT 1 ${root}) AS root_found, (SELECT s.attributes ${root}) AS root_attributes`;
}

function spanSelect(): string {
  return `${SPAN_COLUMNS_SQL.map((c) => `s.${quoteIdentifier(c)}`).join(', ')}, typeof(s.duration_ms) AS duration_kind`;
}

function columnsOf(handle: SqliteHandle, table: string): Set<string> {
  const rows = handle.prepare(`PRAGMA table_info(${quoteIdentifier(table)})`).all() as { name: string }[];
  return new Set(rows.map((r) => r.name));
}

/**
 * Agno's trace tables in this file: `agno_traces`/`agno_spans` when they have Agno's columns, else
 * the first tables that do (a `SqliteDb(traces_table=…)` renamed them). `null` without a trace table.
 */
export function discoverTraceTables(handle: SqliteHandle): Tables | null {
  const names = (handle.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[]).filter(
    (n) => !n.startsWith('sqlite_'),
  );
  const pick = (preferred: string, required: readonly string[]): string | null => {
    const qualifies = (name: string): boolean => {
      const columns = columnsOf(handle, name);
      return required.every((c) => columns.has(c));
    };
    if (names.includes(preferred) && qualifies(preferred)) return preferred;
    return names.find((n) => n !== preferred && qualifies(n)) ?? null;
  };
  const traces = pick(DEFAULT_TRACES, TRACE_COLUMNS_SQL);
  if (!traces) return null;
  const spans = pick(DEFAULT_SPANS, SPAN_COLUMNS_SQL);
  let spansByRowid = false;
  if (spans) {
    try {
      handle.prepare(`SELECT rowid FROM ${quoteIdentifier(spans)} LIMIT 0`);
      spansByRowid = true;
    } catch {
      spansByRowid = false;
    }
  }
  return { traces, spans, spansByRowid };
}
