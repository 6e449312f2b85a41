import type { Database } from '../../db/types.js';
import { recalculateMetrics } from './metrics-refresh.js';

/**
 * AgentOS 2.9 and 3 refresh the metrics lazily: their `get_metrics` runs `calculate_metrics()`
 * first when a minute has passed since that database's last refresh in the process (a refresh
 * asked for by `POST /metrics/refresh` counts too), so a file with sessions and no metrics rows
 * answers its computed days. rundesk does the same for writable databases. A read-only database
 * is never written: it answers what is stored.
 */
export const LAZY_REFRESH_INTERVAL_MS = 60_000;

/** When each database (and metrics table) was last refreshed, by database object: a re-attached id starts afresh. */
const refreshedAt = new WeakMap<Database, Map<string, number>>();

function stamps(db: Database): Map<string, number> {
  let map = refreshedAt.get(db);
  if (!map) refreshedAt.set(db, (map = new Map()));
  return map;
}

/** Records a refresh of `db`'s metrics `table` (the default one when undefined) at `now`. */
export function markMetricsRefreshed(db: Database, table: string | undefined, now: number): void {
  stamps(db).set(table ?? '', now);
}

/**
 * Refreshes `db`'s metrics before a read when the last refresh is a minute old or more. Stamped
 * before it runs, as AgentOS does, so a failing refresh is retried once a minute, not on every
 * read; a failure never fails the read (AgentOS only logs it), which then answers what is stored.
 * `busy`: a refresh of this database is under way already — the read does not start another.
 */
export async function refreshMetricsIfDue(db: Database, table: string | undefined, busy: boolean, now: () => number): Promise<void> {
  if (db.readOnly || busy) return;
  const last = stamps(db).get(table ?? '');
  const at = now();
  if (last !== undefined && at - last < LAZY_REFRESH_INTERVAL_MS) return;
  markMetricsRefreshed(db, table, at);
  try {
    await recalculateMetrics(db, { table }, now);
  } catch {
    // The read answers what is stored; the next read a minute on tries again.
  }
}
