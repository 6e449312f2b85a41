import { AccessScope, scopeCondition } from '../../access/scope.js';
import type { FilterScalar, TraceColumn, TraceFilter } from './filter.js';
import type { TraceListFilter, TraceOrder, TraceStatsFilter } from './types.js';

/**
 * WHERE clauses over a traces table, the same for SQLite and PostgreSQL but for how a bound
 * value is written (`?` or `$n`). Column names come from the filter's fixed column set; every
 * value is bound.
 */
export class SqlParams {
  readonly values: unknown[] = [];

  constructor(private readonly dialect: 'sqlite' | 'postgres') {}

  /** A column as text for LIKE: PostgreSQL has no `lower()` of a number. */
  text(column: string): string {
    return this.dialect === 'sqlite' ? column : `CAST(${column} AS TEXT)`;
  }

  /** A bound value; `numeric` when compared with a number column (PostgreSQL would read `1.5` as that column's bigint). */
  add(value: FilterScalar | null, numeric = false): string {
    // better-sqlite3 binds no booleans; SQLAlchemy binds them as 1/0 on SQLite.
    this.values.push(this.dialect === 'sqlite' && typeof value === 'boolean' ? (value ? 1 : 0) : value);
    if (this.dialect === 'sqlite') return '?';
    return numeric ? `$${this.values.length}::double precision` : `$${this.values.length}`;
  }
}

const COMPARE_SQL = { EQ: '=', NEQ: '!=', GT: '>', GTE: '>=', LT: '<', LTE: '<=' } as const;

/** `%`, `_` and the escape character itself escaped for LIKE … ESCAPE '/'. */
function escapeLike(text: string): string {
  return text.replace(/[/%_]/g, (c) => `/${c}`);
}

export function filterSql(filter: TraceFilter, column: (name: TraceColumn) => string, params: SqlParams): string {
  switch (filter.op) {
    case 'EQ':
    case 'NEQ':
    case 'GT':
    case 'GTE':
    case 'LT':
    case 'LTE':
      return `${column(filter.column)} ${COMPARE_SQL[filter.op]} ${params.add(filter.value, filter.column === 'duration_ms')}`;
    case 'CONTAINS':
      return `lower(${params.text(column(filter.column))}) LIKE ${params.add(`%${escapeLike(filter.text)}%`)} ESCAPE '/'`;
    case 'STARTSWITH':
      return `lower(${params.text(column(filter.column))}) LIKE ${params.add(`${escapeLike(filter.text)}%`)} ESCAPE '/'`;
    case 'IN':
      if (filter.values.length === 0) return '1 = 0';
      return `${column(filter.column)} IN (${filter.values.map((v) => params.add(v, filter.column === 'duration_ms')).join(', ')})`;
    case 'AND':
    case 'OR':
      return `(${filter.conditions.map((c) => filterSql(c, column, params)).join(` ${filter.op} `)})`;
    case 'NOT':
      return `NOT (${filterSql(filter.condition, column, params)})`;
  }
}

/**
 * The one place the trace stores (SQLite and PostgreSQL) apply an access scope: a condition on
 * the trace's `user_id`. Absent is every trace.
 */
export function scopeSql(scope: AccessScope | undefined, column: (name: TraceColumn) => string, params: SqlParams): string {
  return scopeCondition(scope ?? AccessScope.all(), column('user_id'), (value) => params.add(value));
}

/** The listing's conditions (`GET /traces` query and search expression), AND-ed; `1 = 1` when none. */
export function listWhere(filter: TraceListFilter, column: (name: TraceColumn) => string, params: SqlParams): string {
  const parts: string[] = [];
  const equal = (name: TraceColumn, value: string | undefined): void => {
    if (value !== undefined) parts.push(`${column(name)} = ${params.add(value)}`);
  };
  equal('run_id', filter.runId);
  equal('session_id', filter.sessionId);
  parts.push(scopeSql(filter.scope, column, params));
  equal('agent_id', filter.agentId);
  equal('team_id', filter.teamId);
  equal('workflow_id', filter.workflowId);
  equal('status', filter.status);
  if (filter.startTimeFrom !== undefined) parts.push(`${column('start_time')} >= ${params.add(filter.startTimeFrom)}`);
  if (filter.endTimeTo !== undefined) parts.push(`${column('end_time')} <= ${params.add(filter.endTimeTo)}`);
  if (filter.durationFrom !== undefined) parts.push(`${column('duration_ms')} >= ${params.add(filter.durationFrom, true)}`);
  if (filter.durationTo !== undefined) parts.push(`${column('duration_ms')} <= ${params.add(filter.durationTo, true)}`);
  if (filter.expression) parts.push(filterSql(filter.expression, column, params));
  return parts.length === 0 ? '1 = 1' : parts.join(' AND ');
}

/** The per-session statistics' conditions: the creation window instead of start/end times. */
export function statsWhere(filter: TraceStatsFilter, column: (name: TraceColumn) => string, params: SqlParams): string {
  const parts: string[] = [`${column('session_id')} IS NOT NULL`];
  const equal = (name: TraceColumn, value: string | undefined): void => {
    if (value !== undefined) parts.push(`${column(name)} = ${params.add(value)}`);
  };
  parts.push(scopeSql(filter.scope, column, params));
  equal('workflow_id', filter.workflowId);
  equal('team_id', filter.teamId);
  equal('agent_id', filter.agentId);
  if (filter.createdFrom !== undefined) parts.push(`${column('created_at')} >= ${params.add(filter.createdFrom)}`);
  if (filter.createdTo !== undefined) parts.push(`${column('created_at')} <= ${params.add(filter.createdTo)}`);
  if (filter.expression) parts.push(filterSql(filter.expression, column, params));
  return parts.join(' AND ');
}

/**
 * ORDER BY for a listing. The span counts are the select's own output columns (both dialects
 * order by an output name); a missing duration sorts last either way; ties newest first, then by id.
 */
export function listOrderSql(order: TraceOrder, column: (name: TraceColumn) => string): string {
  const direction = order.descending ? 'DESC' : 'ASC';
  const key = order.by === 'total_spans' || order.by === 'error_count' ? order.by : column(order.by);
  const tieBreak = `${column('start_time')} DESC, ${column('trace_id')} ASC`;
  return order.by === 'start_time' ? `${key} ${direction}, ${column('trace_id')} ASC` : `${key} ${direction} NULLS LAST, ${tieBreak}`;
}
