import type { Actor } from '../../auth/acting-as';
import { read as readRoute } from '../platform';
import type { DbLocation } from '../../api-types/shapes';
import type { EvalRun, KnowledgeContent, MetricsAnswer, Paginated, TraceColumns, TraceDetail, TraceFilterSchema, TraceNode, TraceSummary, UserMemory, UserMemoryStats } from './types';

/**
 * Traces, memories, eval runs and metrics as the actor reads them: the desk view
 * (`/desk/view/...`) or the platform API with the actor's token, like every platform read
 * (`read` of `platform.ts`, typed from the document).
 */

const loc = (l: DbLocation) => ({ db_id: l.db, table: l.db ? l.table : undefined });

export interface TraceListParams {
  status?: string | undefined;
  user_id?: string | undefined;
  session_id?: string | undefined;
  run_id?: string | undefined;
  agent_id?: string | undefined;
  team_id?: string | undefined;
  workflow_id?: string | undefined;
  /** ISO 8601. */
  start_time?: string | undefined;
  end_time?: string | undefined;
  /** rundesk's extension: bounds and order over the whole listing, not one page. */
  min_duration_ms?: number | undefined;
  max_duration_ms?: number | undefined;
  sort_by?: 'start_time' | 'duration_ms' | 'total_spans' | 'error_count' | undefined;
  sort_order?: 'asc' | 'desc' | undefined;
  page?: number;
  limit?: number;
}

export function listTraces(actor: Actor, params: TraceListParams, l: DbLocation, signal?: AbortSignal): Promise<Paginated<TraceSummary>> {
  // Traces have no table of their own to pick: only the database.
  return readRoute(actor, '/traces', { query: { ...params, db_id: l.db }, signal });
}

/**
 * A trace as the UI shows it: rundesk's columns answer (`shape=columns`: flat arrays, no span's
 * input or output), which a 50,000-span trace reads and lays out in a fraction of the tree's time.
 */
export async function getTraceColumns(actor: Actor, traceId: string, l: DbLocation, signal?: AbortSignal, limit?: number): Promise<TraceColumns> {
  // `limit`: the first spans only (`spans.total` tells how many the whole trace has), for a first screen.
  const answer = await readRoute(actor, '/traces/{trace_id}', { path: { trace_id: traceId }, query: { db_id: l.db, shape: 'columns', limit }, signal });
  return answer as TraceColumns;
}

/** One span of a trace in full (`?span_id=`): its input, output and attributes. */
export async function getTraceSpan(actor: Actor, traceId: string, spanId: string, l: DbLocation, signal?: AbortSignal): Promise<TraceNode> {
  const answer = await readRoute(actor, '/traces/{trace_id}', { path: { trace_id: traceId }, query: { db_id: l.db, span_id: spanId }, signal });
  return answer as TraceNode;
}

export async function getTrace(actor: Actor, traceId: string, l: DbLocation, signal?: AbortSignal): Promise<TraceDetail> {
  const answer = await readRoute(actor, '/traces/{trace_id}', { path: { trace_id: traceId }, query: { db_id: l.db }, signal });
  // Without `span_id` the route answers the whole trace (TraceDetail), never a single span.
  return answer as TraceDetail;
}

/** The trace of a run: `GET /traces?run_id=` (one trace per top-level run). */
export function getTraceOfRun(actor: Actor, runId: string, l: DbLocation, signal?: AbortSignal): Promise<Paginated<TraceSummary>> {
  return readRoute(actor, '/traces', { query: { run_id: runId, limit: 1, db_id: l.db }, signal });
}

export function traceFilterSchema(actor: Actor, signal?: AbortSignal): Promise<TraceFilterSchema> {
  return readRoute(actor, '/traces/filter-schema', { signal });
}

export interface MemoryListParams {
  user_id?: string | undefined;
  agent_id?: string | undefined;
  team_id?: string | undefined;
  topics?: string | undefined;
  search_content?: string | undefined;
  page?: number;
  limit?: number;
}

export function listMemories(actor: Actor, params: MemoryListParams, l: DbLocation, signal?: AbortSignal): Promise<Paginated<UserMemory>> {
  return readRoute(actor, '/memories', { query: { ...params, ...loc(l) }, signal });
}

export function memoryTopics(actor: Actor, userId: string | undefined, l: DbLocation, signal?: AbortSignal): Promise<string[]> {
  return readRoute(actor, '/memory_topics', { query: { user_id: userId, ...loc(l) }, signal });
}

export function userMemoryStats(actor: Actor, l: DbLocation, signal?: AbortSignal): Promise<Paginated<UserMemoryStats>> {
  return readRoute(actor, '/user_memory_stats', { query: { limit: 100, ...loc(l) }, signal });
}

export function listEvalRuns(
  actor: Actor,
  params: { agent_id?: string | undefined; team_id?: string | undefined; eval_types?: string | undefined },
  l: DbLocation,
  signal?: AbortSignal,
): Promise<Paginated<EvalRun>> {
  return readRoute(actor, '/eval-runs', { query: { ...params, limit: 100, ...loc(l) }, signal });
}

export function getEvalRun(actor: Actor, id: string, l: DbLocation, signal?: AbortSignal): Promise<EvalRun> {
  return readRoute(actor, '/eval-runs/{eval_run_id}', { path: { eval_run_id: id }, query: loc(l), signal });
}

export function getMetrics(
  actor: Actor,
  range: { starting_date?: string | undefined; ending_date?: string | undefined },
  l: DbLocation,
  signal?: AbortSignal,
): Promise<MetricsAnswer> {
  return readRoute(actor, '/metrics', { query: { ...range, ...loc(l) }, signal });
}

/** The knowledge contents stored in `agno_knowledge` (`GET /knowledge/content`), newest first. */
export function listKnowledge(actor: Actor, params: { knowledge_id?: string | undefined; page?: number; limit?: number }, l: DbLocation, signal?: AbortSignal): Promise<Paginated<KnowledgeContent>> {
  // Knowledge has no table of its own to pick: only the database.
  return readRoute(actor, '/knowledge/content', { query: { ...params, sort_by: 'created_at', sort_order: 'desc', db_id: l.db }, signal });
}
