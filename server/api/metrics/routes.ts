import type { z } from 'zod';
import { toIsoDateTime } from '../../agno-format/dates.js';
import { ReadOnlyDatabaseError } from '../../db/errors.js';
import type { Database } from '../../db/types.js';
import { selectDatabase } from '../../http/request-scope.js';
import { defineRoute, json } from '../../http/route.js';
import type { Runtime } from '../../runtime/runtime-types.js';
import { metricsByDay, metricsOfOwner } from './metric-owners.js';
import { markMetricsRefreshed, refreshMetricsIfDue } from './metrics-lazy-refresh.js';
import { recalculateMetrics } from './metrics-refresh.js';
import { WriteSelectorQuerySchema } from '../common/schemas.js';
import { refuseWithoutIdentity } from '../common/use-cases.js';
import { presentMetrics } from './present.js';
import { listMetrics } from './use-cases.js';
import {
  DayAggregatedMetricsSchema,
  MetricsQuerySchema,
  MetricsRefreshQuerySchema,
  MetricsRefreshResponseSchema,
  MetricsRefreshStatusSchema,
  MetricsResponseSchema,
} from './schemas.js';
import type { AccessScope } from '../../access/scope.js';

/**
 * Daily metrics as AgentOS 2.9 and 3 serve them: `GET /metrics` (refreshed first, at most once a
 * minute, on a writable database: metrics-lazy-refresh.ts), and
 * `AgentOSClient.refresh_metrics` (`POST /metrics/refresh`, optionally `background=true`) and
 * `get_metrics_refresh_status`, as AgentOS 3 answers them: the refreshed days (summed per day, or
 * one owner's rows), `already_running` while a refresh of the same database is under way, and the
 * last refresh's state per database since the server started (`idle` before any).
 */

type RefreshState = z.infer<typeof MetricsRefreshStatusSchema>;

/** The refresh states of one server, by database id (a server's runtime owns them). */
const statesOf = new WeakMap<Runtime, Map<string, RefreshState>>();

function states(runtime: Runtime): Map<string, RefreshState> {
  let map = statesOf.get(runtime);
  if (!map) statesOf.set(runtime, (map = new Map()));
  return map;
}

const iso = (ms: number) => toIsoDateTime(Math.floor(ms / 1000));

const ALREADY_RUNNING = { status: 'already_running', message: 'A metrics refresh is already in progress for this database' };

async function refresh(runtime: Runtime, db: Database, table: string | undefined, scope: AccessScope) {
  const map = states(runtime);
  const startedAt = Date.now();
  // As AgentOS's calculate_metrics(): a refresh asked for counts as the minute's lazy refresh of GET /metrics.
  markMetricsRefreshed(db, table, startedAt);
  map.set(db.id, { status: 'running', started_at: iso(startedAt), finished_at: null, error: null });
  try {
    const { rows, owned } = await recalculateMetrics(db, { table }, Date.now);
    map.set(db.id, { status: 'completed', started_at: iso(startedAt), finished_at: iso(Date.now()), error: null });
    const answered = !owned ? rows : scope.kind === 'user' ? metricsOfOwner(rows.filter((r) => r.user_id === scope.userId), scope.userId) : metricsByDay(rows);
    return answered.map((row) => presentMetrics(row, Date.now));
  } catch (error) {
    map.set(db.id, { status: 'failed', started_at: iso(startedAt), finished_at: iso(Date.now()), error: (error as Error).message });
    throw error;
  }
}

/** Whether a refresh of `db` asked for by `POST /metrics/refresh` is under way on this server. */
export function metricsRefreshRunning(runtime: Runtime, db: Database): boolean {
  return states(runtime).get(db.id)?.status === 'running';
}

export const metricsRoutes = [
  defineRoute({
    method: 'get',
    path: '/metrics',
    operationId: 'get_metrics',
    tags: ['Metrics'],
    summary: 'Daily metrics, refreshed first at most once a minute on a writable database',
    description:
      "As AgentOS 2.9 and 3's `get_metrics`: on a writable database the daily metrics are recalculated first (as `POST /metrics/refresh`) when a minute or more has passed since that database's last refresh on this server; a failing refresh never fails the read. A read-only database is never written: it answers the rows as stored.",
    query: MetricsQuerySchema,
    answers: { 200: { description: 'The stored daily metrics in the date range', schema: MetricsResponseSchema } },
    errors: [400, 404, 503],
    scopes: ['metrics:read'],
    deskView: true,
    async handle({ query }, ctx) {
      const db = selectDatabase(ctx.runtime, query);
      await refreshMetricsIfDue(db, query.table, metricsRefreshRunning(ctx.runtime, db), Date.now);
      return json(await listMetrics(db, ctx.scope(query.user_id), query, Date.now));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/metrics/refresh',
    operationId: 'refresh_metrics',
    tags: ['Metrics'],
    summary: 'Recalculate the daily metrics from the stored sessions into the metrics table',
    description:
      "As AgentOS's `calculate_metrics()`: from the first day without a completed row to today (UTC), one row per day (Agno 2 table) or per owner and day (Agno 3), written in Agno's layout (an SQLite database without the table gets Agno's). A read-only database answers 409. `background=true` answers 202 at once; poll `GET /metrics/refresh/status`.",
    query: MetricsRefreshQuerySchema,
    answers: {
      200: { description: 'The refreshed days (none when every day was complete), or `already_running`', schema: DayAggregatedMetricsSchema.array().or(MetricsRefreshResponseSchema) },
      202: { description: 'Background refresh started (or `already_running`)', schema: MetricsRefreshResponseSchema },
    },
    errors: [400, 404, 409, 503],
    scopes: ['metrics:write'],
    deskView: false,
    async handle({ query }, ctx) {
      const db = selectDatabase(ctx.runtime, query);
      const scope = ctx.scope(query.user_id);
      // Refused before anything starts, so the refresh state is not touched.
      refuseWithoutIdentity(scope, 'metrics');
      if (db.readOnly) throw new ReadOnlyDatabaseError(db.id);
      const running = metricsRefreshRunning(ctx.runtime, db);
      if (query.background) {
        if (running) return json(ALREADY_RUNNING, 202);
        // The outcome is kept in the refresh state; the request has been answered.
        refresh(ctx.runtime, db, query.table, scope).catch(() => undefined);
        return json({ status: 'started', message: 'Metrics refresh started in background' }, 202);
      }
      if (running) return json(ALREADY_RUNNING);
      return json(await refresh(ctx.runtime, db, query.table, scope));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/metrics/refresh/status',
    operationId: 'get_metrics_refresh_status',
    tags: ['Metrics'],
    summary: "The state of the database's most recent metrics refresh since the server started",
    query: WriteSelectorQuerySchema,
    answers: { 200: { description: '`idle`, `running`, `completed` or `failed`', schema: MetricsRefreshStatusSchema } },
    errors: [400, 404],
    scopes: ['metrics:read'],
    deskView: false,
    handle({ query }, ctx) {
      const db = selectDatabase(ctx.runtime, query);
      return json(states(ctx.runtime).get(db.id) ?? { status: 'idle', started_at: null, finished_at: null, error: null });
    },
  }),
];
