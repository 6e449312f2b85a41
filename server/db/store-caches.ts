import type { Invalidation } from '../caches/invalidation.js';
import { ownerPrefix } from '../caches/owners.js';
import { budgetBytesOf, shareOf, sqliteRunsLimitsOf } from '../caches/shares.js';
import { AgnoRunsCache } from './agno/run-cache.js';
import { PgRunIndexCache } from './postgres/run-cache.js';

/**
 * What a store uses of its server's caches: the runs caches it fills, and the one door every
 * trigger goes through. The server's `Caches` (runtime/caches.ts) is one; the stores name only
 * this, so they sit below the runtime that owns every cache.
 */
export interface StoreCaches {
  /** Attached Agno SQLite sessions: stored runs value, where each run lies, decoded runs. */
  readonly sqliteRuns: AgnoRunsCache;
  /** PostgreSQL Agno 2 `runs` values and where each run lies, per row version. */
  readonly postgresRuns: PgRunIndexCache;
  invalidate(trigger: Invalidation): void;
}

/**
 * The caches of a database opened on its own (a CLI command, a test, a benchmark): its runs
 * caches with their shares of the default budget, dropped as the server's would drop them.
 */
export function ownStoreCaches(): StoreCaches {
  const budget = budgetBytesOf(undefined);
  const sqliteRuns = new AgnoRunsCache(sqliteRunsLimitsOf(budget));
  const postgresRuns = new PgRunIndexCache(shareOf(budget, 'postgres_runs'));
  return {
    sqliteRuns,
    postgresRuns,
    invalidate(trigger) {
      switch (trigger.kind) {
        case 'store-write':
          if (trigger.session !== undefined) sqliteRuns.delete(trigger.session);
          return;
        case 'outside-change':
        case 'closed':
          sqliteRuns.deletePrefix(ownerPrefix(trigger.owner));
          postgresRuns.forget(trigger.owner);
          return;
        default:
          return;
      }
    },
  };
}
