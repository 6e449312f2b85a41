/**
 * The platform's memories, eval runs and daily metrics (Agno AgentOS 2.9: `os/routers/memory`,
 * `evals`, `metrics` schemas), as the UI reads them. Traces are in `lib/trace/types.ts`.
 */
import type { components } from '../openapi.gen';

export type { TraceDetail, TraceNode, TraceSummary } from '../../lib/trace/types';

export interface PageMeta {
  page: number;
  limit: number;
  total_pages: number;
  total_count: number;
  search_time_ms?: number;
}

export interface Paginated<T> {
  data: T[];
  meta: PageMeta;
}

export type TraceFilterSchema = components['schemas']['FilterSchemaResponse'];

export interface UserMemory {
  memory_id: string;
  memory: string;
  topics?: string[] | null;
  agent_id?: string | null;
  team_id?: string | null;
  user_id?: string | null;
  updated_at?: string | null;
}

export interface UserMemoryStats {
  user_id: string;
  total_memories: number;
  last_memory_updated_at?: string | null;
}

export type EvalType = 'accuracy' | 'performance' | 'reliability' | 'agent_as_judge';

export interface EvalRun {
  id: string;
  agent_id?: string | null;
  model_id?: string | null;
  model_provider?: string | null;
  team_id?: string | null;
  workflow_id?: string | null;
  name?: string | null;
  evaluated_component_name?: string | null;
  eval_type: EvalType | string;
  eval_data: Record<string, unknown>;
  eval_input?: Record<string, unknown> | null;
  created_at?: string | null;
  updated_at?: string | null;
}

export interface TokenMetrics {
  input_tokens?: number;
  output_tokens?: number;
  total_tokens?: number;
  reasoning_tokens?: number;
  cache_read_tokens?: number;
  cache_write_tokens?: number;
  [key: string]: number | undefined;
}

export interface DayMetrics {
  id: string;
  agent_runs_count: number;
  agent_sessions_count: number;
  team_runs_count: number;
  team_sessions_count: number;
  workflow_runs_count: number;
  workflow_sessions_count: number;
  users_count: number;
  token_metrics: TokenMetrics;
  model_metrics: { model_id?: string; model_provider?: string; count?: number; [key: string]: unknown }[];
  date: string;
  created_at: string;
  updated_at: string;
}

export interface MetricsAnswer {
  metrics: DayMetrics[];
  updated_at?: string | null;
}
