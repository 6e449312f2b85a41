import type { z } from 'zod';
import { toIsoDateTime } from '../../agno-format/dates.js';
import type { AccessScope } from '../../access/scope.js';
import type { Database } from '../../db/types.js';
import { metricsByDay, metricsOfOwner } from './metric-owners.js';
import { presentMetrics } from './present.js';
import type { MetricsQuerySchema, MetricsResponseSchema } from './schemas.js';

/**
 * The metrics table as stored, in a date range (the route refreshes a writable database first, at
 * most once a minute: metrics-lazy-refresh.ts). An Agno 3 table (a row per owner) answers as
 * AgentOS 3 does: summed per day, or one user's rows (metric-owners.ts).
 */
export async function listMetrics(
  db: Database,
  scope: AccessScope,
  q: z.output<typeof MetricsQuerySchema>,
  now: () => number,
): Promise<z.infer<typeof MetricsResponseSchema>> {
  const answer = await db.platformData().listMetrics({ table: q.table, startingDate: q.starting_date, endingDate: q.ending_date, scope });
  let rows = answer.rows;
  if (answer.owned) rows = scope.kind === 'user' ? metricsOfOwner(rows, scope.userId) : metricsByDay(rows);
  return {
    metrics: rows.map((row) => presentMetrics(row, now)),
    updated_at: toIsoDateTime(answer.latestUpdatedAt),
  };
}
