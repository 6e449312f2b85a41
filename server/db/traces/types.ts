import type { AccessScope } from '../../access/scope.js';
import type { TraceFilter } from './filter.js';
import { promised } from '../promised.js';

/**
 * What a database holds of Agno's tracing (`agno_traces`: one row per trace, `agno_spans`: one row
 * per span), as stored: times are the stored ISO text, `attributes` is decoded. Routes reach it
 * only through the trace use cases (`server/api/traces/`).
 */

/** How the stored duration is typed: SQLite keeps REAL after Agno's julianday upsert, and Python prints it as a float. */
export type DurationKind = 'integer' | 'real';

export interface TraceRow {
  trace_id: string;
  name: string;
  status: string;
  start_time: string;
  end_time: string;
  duration_ms: number | null;
  duration_kind: DurationKind;
  run_id: string | null;
  session_id: string | null;
  user_id: string | null;
  agent_id: string | null;
  team_id: string | null;
  workflow_id: string | null;
  created_at: string;
  /** Spans stored for the trace, and those with status ERROR (0 when there is no span table). */
  total_spans: number;
  error_count: number;
}

export interface TraceListRow extends TraceRow {
  /** `input.value` of the trace's root span (the first span without a parent); `undefined` without one. */
  root_input: unknown;
}

export interface SpanRow {
  span_id: string;
  trace_id: string;
  parent_span_id: string | null;
  name: string;
  span_kind: string;
  status_code: string;
  status_message: string | null;
  start_time: string;
  end_time: string;
  duration_ms: number | null;
  duration_kind: DurationKind;
  attributes: Record<string, unknown>;
  created_at: string;
}

/**
 * What placing a span in the shown order needs, without its attributes (most of reading a large
 * trace): a trace's first screen reads this of every span and the rest of the first spans only.
 */
export interface SpanOutline {
  span_id: string;
  parent_span_id: string | null;
  start_time: string;
}

export interface SessionTraceStatsRow {
  session_id: string;
  user_id: string | null;
  agent_id: string | null;
  team_id: string | null;
  workflow_id: string | null;
  total_traces: number;
  first_trace_at: string;
  last_trace_at: string;
}

/** `GET /traces`' filters and a search expression; each present one narrows. Times are Python `isoformat()` UTC text. */
export interface TraceListFilter {
  runId?: string | undefined;
  sessionId?: string | undefined;
  /** Whose traces (`server/access/scope.ts`): the caller's scope, narrowed by the query's `user_id`. Absent is every trace. */
  scope?: AccessScope | undefined;
  agentId?: string | undefined;
  teamId?: string | undefined;
  workflowId?: string | undefined;
  status?: string | undefined;
  /** `start_time >=` this. */
  startTimeFrom?: string | undefined;
  /** `end_time <=` this. */
  endTimeTo?: string | undefined;
  /** `duration_ms >=` this. */
  durationFrom?: number | undefined;
  /** `duration_ms <=` this. */
  durationTo?: number | undefined;
  expression?: TraceFilter | null | undefined;
}

/** The order of a trace listing over all its rows; ties are broken newest first. */
export interface TraceOrder {
  by: 'start_time' | 'duration_ms' | 'total_spans' | 'error_count';
  descending: boolean;
}

export const NEWEST_FIRST: TraceOrder = Object.freeze({ by: 'start_time', descending: true });

/** `GET /trace_session_stats`' filters: the window is on `created_at`. */
export interface TraceStatsFilter {
  scope?: AccessScope | undefined;
  agentId?: string | undefined;
  teamId?: string | undefined;
  workflowId?: string | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  expression?: TraceFilter | null | undefined;
}

export interface Paging {
  limit: number;
  offset: number;
}

export interface Counted<T> {
  rows: T[];
  total: number;
}

/** The traces of one SQLite database, answered synchronously. */
export interface SyncTraceStore {
  /** In `order` (newest `start_time` first when not given). */
  listTraces(filter: TraceListFilter, paging: Paging, order?: TraceOrder): Counted<TraceListRow>;
  /** The trace, when it is inside the scope (absent: every trace). */
  getTrace(traceId: string, scope?: AccessScope): TraceRow | null;
  /** The spans of these traces, in stored order. */
  getSpans(traceIds: readonly string[]): SpanRow[];
  /** Every span of the trace as an outline, in stored order. */
  getSpanOutline(traceId: string): SpanOutline[];
  /** The spans of the trace with these ids, in stored order. */
  getSpansById(traceId: string, spanIds: readonly string[]): SpanRow[];
  getSpan(spanId: string): SpanRow | null;
  /** One row per session, most recently active first. */
  sessionStats(filter: TraceStatsFilter, paging: Paging): Counted<SessionTraceStatsRow>;
}

/** The traces of one database as use cases see them: SQLite and PostgreSQL behind one Promise interface. */
export type TraceStore = {
  readonly [K in keyof SyncTraceStore]: SyncTraceStore[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : SyncTraceStore[K];
};

/** A database without trace tables answers as the platform does then: nothing. */
// Not frozen: the failure guard wraps its methods in a Proxy, which a frozen object forbids.
export const NO_TRACES: TraceStore = {
  listTraces: () => Promise.resolve({ rows: [], total: 0 }),
  getTrace: () => Promise.resolve(null),
  getSpans: () => Promise.resolve([]),
  getSpanOutline: () => Promise.resolve([]),
  getSpansById: () => Promise.resolve([]),
  getSpan: () => Promise.resolve(null),
  sessionStats: () => Promise.resolve({ rows: [], total: 0 }),
};

/** The Promise view of a synchronous store; a throw becomes a rejection, as a driver's failure would. */
export function asyncTraceStore(store: SyncTraceStore): TraceStore {
  const run = promised;
  return {
    listTraces: (...a) => run(() => store.listTraces(...a)),
    getTrace: (...a) => run(() => store.getTrace(...a)),
    getSpans: (...a) => run(() => store.getSpans(...a)),
    getSpanOutline: (...a) => run(() => store.getSpanOutline(...a)),
    getSpansById: (...a) => run(() => store.getSpansById(...a)),
    getSpan: (...a) => run(() => store.getSpan(...a)),
    sessionStats: (...a) => run(() => store.sessionStats(...a)),
  };
}
