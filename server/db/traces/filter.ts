/**
 * The typed filter tree a trace store compiles to SQL with bound values. It is parsed from the
 * platform's filter-expression DSL in `server/api/traces/filter-expression.ts`; it lives here, beside
 * the stores, so the stores need nothing from the layer that uses them.
 */

/** The trace columns a filter may name (the platform's `TRACE_COLUMNS`). */
export const TRACE_FILTER_COLUMNS = [
  'trace_id',
  'name',
  'status',
  'start_time',
  'end_time',
  'duration_ms',
  'run_id',
  'session_id',
  'user_id',
  'agent_id',
  'team_id',
  'workflow_id',
  'created_at',
] as const;
export type TraceColumn = (typeof TRACE_FILTER_COLUMNS)[number];

export type FilterScalar = string | number | boolean;
export type ComparisonOp = 'EQ' | 'NEQ' | 'GT' | 'GTE' | 'LT' | 'LTE';

export type TraceFilter =
  | { op: ComparisonOp; column: TraceColumn; value: FilterScalar }
  /** Case-insensitive substring or prefix; `text` is already lower-cased. */
  | { op: 'CONTAINS' | 'STARTSWITH'; column: TraceColumn; text: string }
  | { op: 'IN'; column: TraceColumn; values: (FilterScalar | null)[] }
  | { op: 'AND' | 'OR'; conditions: TraceFilter[] }
  | { op: 'NOT'; condition: TraceFilter };
