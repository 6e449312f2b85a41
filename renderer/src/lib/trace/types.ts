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
}
