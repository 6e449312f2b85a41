/**
 * The resident memory (RSS) the server states it stays under, term by term (docs/databases.md, "Memory"):
 *
 *   bound = idle RSS + cache budget + SQLite page caches + 2 × the largest session value read
 *
 * - idle RSS: the process once listening, every database open (code, the runtime, the driver);
 * - the cache budget (`cache_budget_mb`): every cache and index together, evicted beyond it;
 * - SQLite's page cache, outside the budget: 2 MiB per attached file, SQLite's default for
 *   rundesk's own database;
 * - a session's stored runs value while it is first read: the driver's copy and ours, until the
 *   index is built (then it is a cache entry, inside the budget). Counted for one session at a
 *   time: first reads of several large sessions at the same moment each add their own.
 */
export interface MemoryBound {
  bytes: number;
  idle_rss_bytes: number;
  budget_bytes: number;
  sqlite_page_cache_bytes: number;
  reading_bytes: number;
  /** Largest stored runs value (SQLite or PostgreSQL) read since the start. */
  largest_value_bytes: number;
  /** The process's RSS now, to compare. */
  rss_bytes: number;
}

/** better-sqlite3 builds SQLite with a 16 MB page cache per connection; rundesk's own database keeps it. */
const OWN_DATABASE_PAGE_CACHE_BYTES = 16 * 1024 * 1024;

export interface MemoryBoundInput {
  idleRssBytes: number;
  budgetBytes: number;
  attachedSqliteFiles: number;
  attachedPageCacheBytes: number;
  largestValueBytes: number;
  rssBytes: number;
}

export function memoryBound(input: MemoryBoundInput): MemoryBound {
  const pageCaches = input.attachedSqliteFiles * input.attachedPageCacheBytes + OWN_DATABASE_PAGE_CACHE_BYTES;
  const reading = 2 * input.largestValueBytes;
  return {
    bytes: input.idleRssBytes + input.budgetBytes + pageCaches + reading,
    idle_rss_bytes: input.idleRssBytes,
    budget_bytes: input.budgetBytes,
    sqlite_page_cache_bytes: pageCaches,
    reading_bytes: reading,
    largest_value_bytes: input.largestValueBytes,
    rss_bytes: input.rssBytes,
  };
}
