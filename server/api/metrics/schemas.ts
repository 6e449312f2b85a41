import { z } from 'zod';
import { dateTime, id, selector, writeSelector } from '../common/schemas.js';

/** Query and answer schemas of the metrics routes, as AgentOS 2.9 and 3 declare them (`agno/os/routers/metrics/schemas.py`). */

const isoDate = z.iso.date().meta({ description: '`YYYY-MM-DD`' });
export const MetricsQuerySchema = z.object({
  ...selector,
  starting_date: isoDate.optional(),
  ending_date: isoDate.optional(),
  user_id: id.optional().meta({ description: "Agno 3 metrics tables (a row per owner): this user's rows. Ignored when the caller is pinned to a user." }),
});

export const DayAggregatedMetricsSchema = z
  .object({
    id: z.string(),
    agent_runs_count: z.number().int(),
    agent_sessions_count: z.number().int(),
    team_runs_count: z.number().int(),
    team_sessions_count: z.number().int(),
    workflow_runs_count: z.number().int(),
    workflow_sessions_count: z.number().int(),
    users_count: z.number().int(),
    token_metrics: z.record(z.string(), z.unknown()),
    model_metrics: z.array(z.record(z.string(), z.unknown())),
    date: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'DayAggregatedMetrics' });
export const MetricsResponseSchema = z
  .object({ metrics: z.array(DayAggregatedMetricsSchema), updated_at: dateTime })
  .meta({ id: 'MetricsResponse' });

export const MetricsRefreshQuerySchema = z.object({
  ...writeSelector,
  user_id: id.optional().meta({ description: "Agno 3 metrics tables: answer this user's rows. Ignored when the caller is pinned to a user." }),
  background: z
    .preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', 't', 'f', 'y', 'n']))
    .optional()
    .transform((v) => v !== undefined && ['true', '1', 'yes', 'on', 't', 'y'].includes(v))
    .meta({ description: 'Run the refresh in the background and answer 202 at once (a boolean as AgentOS reads one).' }),
});

export const MetricsRefreshResponseSchema = z
  .object({ status: z.string(), message: z.string().nullable() })
  .meta({ id: 'MetricsRefreshResponse' });

export const MetricsRefreshStatusSchema = z
  .object({
    status: z.enum(['idle', 'running', 'completed', 'failed']),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'MetricsRefreshStatusResponse' });
