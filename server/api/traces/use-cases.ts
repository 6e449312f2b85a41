import { parseIsoToMicros } from '../../agno-format/dates.js';
import type { Counted, Paging, SpanRow, TraceOrder, TraceStore } from '../../db/traces/types.js';
import { BadRequestError, NotFoundError } from '../../errors.js';
import type { AccessScope } from '../../access/scope.js';
import { parseTraceFilter, pythonUtcIsoformat, type TraceFilter } from './filter-expression.js';
import { presentSessionStats, presentSpan, presentTraceDetail, presentTraceSummary } from './present.js';
import { presentFirstSpans, presentTraceColumns } from './present-columns.js';
import { firstSpans } from './columns-window.js';
import type { TraceColumns, TraceDetail, TraceNode, TraceSessionStats, TraceSummary } from './schemas.js';

/**
 * The trace routes' use cases: read one database's traces for a caller, as the platform answers.
 * Under user isolation a non-admin caller reads only traces with their own `user_id` (none at
 * all without one), and another user's trace is "not found", never "forbidden".
 */

export interface PageAnswer<T> {
  data: T[];
  meta: { page: number; limit: number; total_pages: number; total_count: number; search_time_ms: number };
}

export interface TraceListInput {
  run_id?: string | undefined;
  session_id?: string | undefined;
  agent_id?: string | undefined;
  team_id?: string | undefined;
  workflow_id?: string | undefined;
  status?: string | undefined;
  start_time?: string | undefined;
  end_time?: string | undefined;
  min_duration_ms?: number | undefined;
  max_duration_ms?: number | undefined;
  sort_by?: TraceOrder['by'] | undefined;
  sort_order?: 'asc' | 'desc' | undefined;
  page: number;
  limit: number;
}

export interface TraceStatsInput {
  agent_id?: string | undefined;
  team_id?: string | undefined;
  workflow_id?: string | undefined;
  start_time?: string | undefined;
  end_time?: string | undefined;
  page: number;
  limit: number;
}

export interface TraceSearchInput {
  filter?: Record<string, unknown> | null | undefined;
  group_by: 'run' | 'session';
  page: number;
  limit: number;
}

/** A time parameter as the platform compares it (UTC `isoformat()` text); a 400 when it is no ISO 8601 time. */
function timeBound(value: string | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  const micros = parseIsoToMicros(value);
  if (micros === null) {
    throw new BadRequestError(`Invalid ${name} format: use ISO 8601, e.g. '2025-11-19T10:00:00Z' or '2025-11-19T10:00:00+05:30' (got '${value.slice(0, 100)}')`);
  }
  return pythonUtcIsoformat(micros);
}

/** Page 0 reads as the first page (the platform's offset rule) but is echoed as sent. */
function paging(page: number, limit: number): Paging {
  return { limit, offset: page > 0 ? (page - 1) * limit : 0 };
}

function answer<R, T>(found: Counted<R>, present: (row: R) => T, page: number, limit: number, started: number): PageAnswer<T> {
  return {
    data: found.rows.map(present),
    meta: {
      page,
      limit,
      total_pages: Math.ceil(found.total / limit),
      total_count: found.total,
      search_time_ms: Math.round((performance.now() - started) * 100) / 100,
    },
  };
}

/** `GET /traces`: newest first, inside the scope (the caller's own traces under isolation, else narrowed by the query's `user_id`). */
export async function listTraces(store: TraceStore, scope: AccessScope, input: TraceListInput): Promise<PageAnswer<TraceSummary>> {
  const startTimeFrom = timeBound(input.start_time, 'start_time');
  const endTimeTo = timeBound(input.end_time, 'end_time');
  const started = performance.now();
  const found = await store.listTraces(
    {
      runId: input.run_id,
      sessionId: input.session_id,
      scope,
      agentId: input.agent_id,
      teamId: input.team_id,
      workflowId: input.workflow_id,
      status: input.status,
      startTimeFrom,
      endTimeTo,
      durationFrom: input.min_duration_ms,
      durationTo: input.max_duration_ms,
    },
    paging(input.page, input.limit),
    { by: input.sort_by ?? 'start_time', descending: input.sort_order !== 'asc' },
  );
  return answer(found, presentTraceSummary, input.page, input.limit, started);
}

/** `GET /traces/{trace_id}`: the span tree, or with `spanId` that one span of the trace. */
export async function getTrace(store: TraceStore, scope: AccessScope, traceId: string, spanId?: string): Promise<TraceDetail | TraceNode> {
  const trace = await store.getTrace(traceId, scope);
  if (trace === null) throw new NotFoundError('Trace not found');
  if (spanId !== undefined) {
    const span = await store.getSpan(spanId);
    if (span === null) throw new NotFoundError('Span not found');
    if (span.trace_id !== traceId) throw new NotFoundError(`Span ${spanId} does not belong to trace ${traceId}`);
    return presentSpan(span);
  }
  return presentTraceDetail(trace, await store.getSpans([traceId]));
}

/** `GET /traces/{trace_id}?shape=columns`: the spans as columns (no input or output but the trace's own). */
export async function getTraceColumns(store: TraceStore, scope: AccessScope, traceId: string): Promise<TraceColumns> {
  const trace = await store.getTrace(traceId, scope);
  if (trace === null) throw new NotFoundError('Trace not found');
  return presentTraceColumns(trace, await store.getSpans([traceId]));
}

/**
 * `GET /traces/{trace_id}?shape=columns&limit=`: the first spans of the columns answer, read from
 * every span's outline and the shown spans' rows only (a 50,000-span trace's first screen reads
 * 50,000 short rows and 200 whole ones); from every span when the outline cannot tell.
 */
export async function getTraceFirstSpans(store: TraceStore, scope: AccessScope, traceId: string, limit: number): Promise<TraceColumns> {
  const trace = await store.getTrace(traceId, scope);
  if (trace === null) throw new NotFoundError('Trace not found');
  const first = await presentFirstSpans(trace, await store.getSpanOutline(traceId), limit, (ids) => store.getSpansById(traceId, ids));
  return first ?? firstSpans(presentTraceColumns(trace, await store.getSpans([traceId])), limit);
}

/** `GET /trace_session_stats`: one row per session with traces, most recently active first. */
export async function traceSessionStats(store: TraceStore, scope: AccessScope, input: TraceStatsInput): Promise<PageAnswer<TraceSessionStats>> {
  const createdFrom = timeBound(input.start_time, 'start_time');
  const createdTo = timeBound(input.end_time, 'end_time');
  const started = performance.now();
  const found = await store.sessionStats(
    { scope, agentId: input.agent_id, teamId: input.team_id, workflowId: input.workflow_id, createdFrom, createdTo },
    paging(input.page, input.limit),
  );
  return answer(found, presentSessionStats, input.page, input.limit, started);
}

/** `POST /traces/search`: traces with their span trees (`group_by: run`) or per-session statistics. */
export async function searchTraces(
  store: TraceStore,
  scope: AccessScope,
  input: TraceSearchInput,
): Promise<PageAnswer<TraceDetail> | PageAnswer<TraceSessionStats>> {
  // An empty filter object is no filter, as on the platform (`if body.filter:`).
  const expression: TraceFilter | null = input.filter && Object.keys(input.filter).length > 0 ? parseTraceFilter(input.filter) : null;
  const started = performance.now();
  const window = paging(input.page, input.limit);
  if (input.group_by === 'session') {
    const stats: PageAnswer<TraceSessionStats> = answer(await store.sessionStats({ expression, scope }, window), presentSessionStats, input.page, input.limit, started);
    return stats;
  }
  const found = await store.listTraces({ expression, scope }, window);
  const spans = await store.getSpans(found.rows.map((r) => r.trace_id));
  const byTrace = new Map<string, SpanRow[]>();
  for (const span of spans) {
    const list = byTrace.get(span.trace_id);
    if (list) list.push(span);
    else byTrace.set(span.trace_id, [span]);
  }
  const details: PageAnswer<TraceDetail> = answer(found, (row) => presentTraceDetail(row, byTrace.get(row.trace_id) ?? []), input.page, input.limit, started);
  return details;
}
