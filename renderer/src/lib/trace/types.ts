import type { components } from '../../api-types/openapi.gen';

/**
 * The platform's trace shapes (Agno AgentOS 2.9), from the server's document:
 * `GET /traces/{trace_id}` answers a `TraceDetail` whose `tree` nests `TraceNode`s (type AGENT,
 * TEAM, WORKFLOW, LLM, TOOL…; metadata with model and tokens, tool name, run id); `GET /traces`
 * pages `TraceSummary` rows. Times are ISO 8601; `duration` is a display string, so the UI
 * computes lengths from `start_time`/`end_time`.
 */

export type TraceNode = components['schemas']['TraceNode'];
export type TraceSummary = components['schemas']['TraceSummary'];
export type TraceDetail = components['schemas']['TraceDetail'];
/** rundesk's flat form of a trace (`?shape=columns`): the trace's own fields and its spans as arrays. */
export type TraceColumns = components['schemas']['TraceColumns'];
/** The trace's own fields: a `TraceDetail` without its tree. */
export type TraceHead = Omit<TraceDetail, 'tree'>;

/** A trace as the UI holds it: its own fields and its spans, flat. */
export interface TraceData {
  head: TraceHead;
  spans: FlatSpan[];
  /**
   * Set when `spans` are only the trace's first spans (a first screen, `?shape=columns&limit=`):
   * how many the whole trace shows.
   */
  total?: number;
}

/** One span with its parent named, whatever the source (a flattened tree, a span table). */
export interface FlatSpan {
  id: string;
  parentId: string | null;
  name: string;
  type: string;
  status: string;
  /** Epoch ms. */
  start: number;
  /** Epoch ms (never before `start`). */
  end: number;
  input: string | null;
  output: string | null;
  error: string | null;
  stepType: string | null;
  metadata: Record<string, unknown>;
  /**
   * `false`: read from the columns answer, so `input`, `output` and a tool's `parameters` are not
   * here yet (the span panel reads them with `?span_id=`). Absent: the span is complete.
   */
  complete?: false;
}
