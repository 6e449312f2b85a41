/**
 * The platform's trace shapes (Agno AgentOS 2.9, `os/routers/traces/schemas.py`), as the UI
 * reads them: `GET /traces/{trace_id}` answers a `TraceDetail` whose `tree` nests `TraceNode`s;
 * `GET /traces` pages `TraceSummary` rows. Times are ISO 8601; `duration` is a display string,
 * so the UI computes lengths from `start_time`/`end_time`.
 */

export interface TraceNode {
  id: string;
  name: string;
  /** AGENT, TEAM, WORKFLOW, LLM, TOOL, or another OpenInference kind (CHAIN, RETRIEVER…). */
  type: string;
  duration: string;
  start_time: string;
  end_time: string;
  /** OK, ERROR or UNSET. */
  status: string;
  input?: string | null;
  output?: string | null;
  error?: string | null;
  spans?: TraceNode[] | null;
  /** Workflow step type for the workflow root's direct children (Step, Condition, Agent…). */
  step_type?: string | null;
  /** model, input_tokens, output_tokens (LLM); tool_name, parameters (TOOL); run_id (AGENT); session_id, user_id. */
  metadata?: Record<string, unknown> | null;
  extra_data?: Record<string, unknown> | null;
}

export interface TraceSummary {
  trace_id: string;
  name: string;
  status: string;
  duration: string;
  start_time: string;
  end_time: string;
  total_spans: number;
  error_count: number;
  input?: string | null;
  run_id?: string | null;
  session_id?: string | null;
  user_id?: string | null;
  agent_id?: string | null;
  team_id?: string | null;
  workflow_id?: string | null;
  created_at: string;
}

export interface TraceDetail extends TraceSummary {
  output?: string | null;
  error?: string | null;
  tree: TraceNode[];
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
}
