import type { z } from 'zod';
import { toIsoDateTime } from '../../agno-format/dates.js';
import { isPlainObject } from '../../agno-format/json-values.js';
import type { MetricsRow } from '../../db/platform-data/types.js';
import type { DayAggregatedMetricsSchema } from './schemas.js';

/** A stored day of metrics in the platform's response model (`DayAggregatedMetrics`), as AgentOS 2.9 builds it. */
export function presentMetrics(row: MetricsRow, now: () => number): z.infer<typeof DayAggregatedMetricsSchema> {
  const created = toIsoDateTime(row.created_at) ?? toIsoDateTime(Math.floor(now() / 1000)) ?? '';
  return {
    id: row.id,
    agent_runs_count: row.agent_runs_count,
    agent_sessions_count: row.agent_sessions_count,
    team_runs_count: row.team_runs_count,
    team_sessions_count: row.team_sessions_count,
    workflow_runs_count: row.workflow_runs_count,
    workflow_sessions_count: row.workflow_sessions_count,
    users_count: row.users_count,
    token_metrics: isPlainObject(row.token_metrics) ? row.token_metrics : {},
    model_metrics: Array.isArray(row.model_metrics) ? row.model_metrics.filter(isPlainObject) : [],
    date: `${row.date}T00:00:00Z`,
    created_at: created,
    updated_at: toIsoDateTime(row.updated_at) ?? created,
  };
}
