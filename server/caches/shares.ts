/** The default byte budget of all caches of one server together. */
export const DEFAULT_CACHE_BUDGET_MB = 256;

/**
 * Each cache's share of the budget (together 1). The attached-SQLite runs index is the largest:
 * it holds a session's stored `runs` value (49 MB for 10,000 agent runs) so a first read of any
 * of its runs parses only that run; a value larger than its share is read from the file each time.
 */
export const SHARES = {
  sqlite_runs: 0.45,
  postgres_runs: 0.18,
  search_documents: 0.14,
  run_bodies: 0.1,
  trace_bodies: 0.05,
  tokens: 0.04,
  decisions: 0.035,
  holdings: 0.005,
} as const;

/** A cache's name in the budget. */
export type CacheName = keyof typeof SHARES;

/** `cache_budget_mb` in bytes (the default when unset). */
export function budgetBytesOf(budgetMb: number | undefined): number {
  return Math.floor((budgetMb ?? DEFAULT_CACHE_BUDGET_MB) * 1024 * 1024);
}

/** The bytes of `budgetBytes` that the cache `name` may hold. */
export function shareOf(budgetBytes: number, name: CacheName): number {
  return Math.floor(budgetBytes * SHARES[name]);
}

/** The attached-SQLite runs cache's bounds under `budgetBytes`: its share, and at most 256 sessions. */
export function sqliteRunsLimitsOf(budgetBytes: number): { maxBytes: number; maxEntries: number } {
  return { maxBytes: shareOf(budgetBytes, 'sqlite_runs'), maxEntries: 256 };
}
