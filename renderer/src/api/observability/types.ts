import type { components } from '../../api-types/openapi.gen';

/**
 * The platform's traces, memories, eval runs and daily metrics (Agno AgentOS 2.9), as the
 * server's document describes them.
 */
export type { TraceColumns, TraceDetail, TraceNode, TraceSummary } from '../../lib/trace/types';

type S = components['schemas'];

export interface Paginated<T> {
  data: T[];
  meta: S['PaginationInfo'];
}
export type TraceFilterSchema = S['FilterSchemaResponse'];
export type UserMemory = S['UserMemorySchema'];
export type UserMemoryStats = S['UserStatsSchema'];
export type EvalRun = S['EvalSchema'];
export type KnowledgeContent = S['ContentResponseSchema'];
export type DayMetrics = S['DayAggregatedMetrics'];
export type MetricsAnswer = S['MetricsResponse'];
