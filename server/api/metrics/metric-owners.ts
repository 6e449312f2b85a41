import { isPlainObject } from '../../agno-format/json-values.js';
import type { MetricsRow } from '../../db/platform-data/types.js';

/**
 * Agno 3 keeps one metrics row per owner, day and period (`user_id`, `''` for no owner), where
 * Agno 2 kept one per day and period. AgentOS 3 answers a day per row anyway: read for no one
 * user, it sums the owners' rows of each (day, period) into one row named `{day}_{period}`;
 * read for one user (isolation, or an admin's `user_id`), it answers that user's rows named
 * `{day}_{user}_{period}`. A row from before owners existed (no owner but a users count: every
 * user's traffic) is left out where owners' rows cover its day, and from the ownerless bucket.
 * Tables without `user_id` (Agno 2) are answered as stored, as AgentOS 2.9 does.
 */

const COUNT_FIELDS = [
  'agent_sessions_count',
  'team_sessions_count',
  'workflow_sessions_count',
  'agent_runs_count',
  'team_runs_count',
  'workflow_runs_count',
  'users_count',
] as const;

/** The (day, period) a row belongs to; `null` when its date is not a day. */
function bucketOf(row: MetricsRow): string | null {
  const day = /^\d{4}-\d{2}-\d{2}$/.exec(row.date)?.[0];
  if (day === undefined || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) return null;
  return `${day}_${row.aggregation_period || 'daily'}`;
}

function isLegacy(row: MetricsRow): boolean {
  return !row.user_id && row.users_count > 0;
}

/** Every owner's rows of a day and period summed into one (`aggregate_metrics_by_date`). */
export function metricsByDay(rows: readonly MetricsRow[]): MetricsRow[] {
  const owned = new Set(rows.filter((r) => !isLegacy(r)).map(bucketOf));
  const byBucket = new Map<string, MetricsRow>();
  for (const row of rows) {
    const bucket = bucketOf(row);
    if (bucket === null || (isLegacy(row) && owned.has(bucket))) continue;
    const sum = byBucket.get(bucket);
    if (sum === undefined) {
      byBucket.set(bucket, {
        ...row,
        id: bucket,
        token_metrics: isPlainObject(row.token_metrics) ? { ...row.token_metrics } : {},
        model_metrics: Array.isArray(row.model_metrics) ? row.model_metrics.filter(isPlainObject).map((m) => ({ ...m })) : [],
      });
      continue;
    }
    for (const field of COUNT_FIELDS) sum[field] += row[field];
    const tokens = sum.token_metrics as Record<string, unknown>;
    if (isPlainObject(row.token_metrics)) {
      for (const [key, value] of Object.entries(row.token_metrics)) tokens[key] = numberOr0(tokens[key]) + numberOr0(value);
    }
    if (Array.isArray(row.model_metrics)) sum.model_metrics = mergeModels(sum.model_metrics as Record<string, unknown>[], row.model_metrics.filter(isPlainObject));
    sum.created_at = earlier(sum.created_at, row.created_at);
    sum.updated_at = later(sum.updated_at, row.updated_at);
  }
  return [...byBucket.values()];
}

/** One owner's rows, named by day, owner and period (`identify_metrics_by_owner`). */
export function metricsOfOwner(rows: readonly MetricsRow[], userId: string): MetricsRow[] {
  const kept = userId === '' ? rows.filter((r) => !isLegacy(r)) : rows;
  return kept.map((row) => {
    const bucket = bucketOf(row);
    if (bucket === null) return row;
    const period = row.aggregation_period || 'daily';
    return { ...row, id: `${bucket.slice(0, -period.length - 1)}_${userId}_${period}` };
  });
}

/** Model counts summed per (model_id, model_provider), first appearance first. */
function mergeModels(target: readonly Record<string, unknown>[], extra: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  const byModel = new Map<string, Record<string, unknown>>();
  for (const model of [...target, ...extra]) {
    const key = JSON.stringify([model['model_id'] ?? null, model['model_provider'] ?? null]);
    const entry = byModel.get(key);
    if (entry === undefined) byModel.set(key, { ...model });
    else entry['count'] = numberOr0(entry['count']) + numberOr0(model['count']);
  }
  return [...byModel.values()];
}

function numberOr0(value: unknown): number {
  return typeof value === 'number' ? value : 0;
}

function earlier(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : Math.min(a, b);
}

function later(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : Math.max(a, b);
}
