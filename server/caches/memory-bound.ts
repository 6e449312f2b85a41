/**
 * The resident memory (RSS) the server states it stays under, term by term (docs/databases.md, "Memory"):
 *
 *   bound = idle RSS + cache budget + SQLite page caches + 2 × the largest session value read
 *           + 2 × the largest table's run-search documents
 *
 * - idle RSS: the process once listening, every database open (code, the runtime, the driver);
 * - the cache budget (`cache_budget_mb`): every cache and index together, evicted beyond it;
 * - SQLite's page cache, outside the budget: 2 MiB per attached file, SQLite's default for
 *   rundesk's own database;
 * - a session's stored runs value while it is first read: the driver's copy and ours, until the
 *   index is built (then it is a cache entry, inside the budget). Counted for one session at a
 *   time: first reads of several large sessions at the same moment each add their own.
 * - run search's documents of a table larger than their share of the budget: built as the search
 *   reads the table and dropped as it goes (only a page of results is held), but reclaimed only
 *   at the runtime's next collection; counted as twice the largest table's documents.
 */
export interface MemoryBound {
  bytes: number;
  idle_rss_bytes: number;
  budget_bytes: number;
  sqlite_page_cache_bytes: number;
  reading_bytes: number;
  /** Twice `largest_search_documents_bytes`. */
  search_bytes: number;
  /** The largest table's run-search documents built since the start (kept or streamed). */
  largest_search_documents_bytes: number;
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
  largestSearchDocumentsBytes: number;
  rssBytes: number;
}

export function memoryBound(input: MemoryBoundInput): MemoryBound {
  const pageCaches = input.attachedSqliteFiles * input.attachedPageCacheBytes + OWN_DATABASE_PAGE_CACHE_BYTES;
  const reading = 2 * input.largestValueBytes;
  const search = 2 * input.largestSearchDocumentsBytes;
  return {
    bytes: input.idleRssBytes + input.budgetBytes + pageCaches + reading + search,
    idle_rss_bytes: input.idleRssBytes,
    budget_bytes: input.budgetBytes,
    sqlite_page_cache_bytes: pageCaches,
    reading_bytes: reading,
    search_bytes: search,
    largest_search_documents_bytes: input.largestSearchDocumentsBytes,
    largest_value_bytes: input.largestValueBytes,
    rss_bytes: input.rssBytes,
  };
}
