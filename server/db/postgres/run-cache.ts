import type { RunsIndex } from '../../agno-format/runs-index.js';
import { BoundedLru, type LruStats } from '../../caches/bounded-lru.js';

/**
 * Where each run lies in a session row's `runs` value, per row version (`xmin`), for the Agno 2
 * layout in PostgreSQL: the value is fetched once per version as text (PostgreSQL decompresses
 * it once), indexed by one pass (runs-index.ts), and every later first read of a run of that
 * version parses only that run's bytes. Any write to the row gives it a new `xmin`, so a stale
 * entry is never served. Bounded by bytes (the text plus its index), least recently used out;
 * concurrent first reads of one version share one fetch.
 *
 * The same bound holds each listed row's summary (run count and derived name), keyed by the
 * row's `ctid` and checked against its `xmin` (plus, for Agno 3, a fingerprint of its run rows):
 * a listing reads `runs` only for a row version it has not summarised yet.
 */

export interface IndexedValue {
  readonly version: string;
  readonly text: Buffer;
  /** Null when the value is not one array (then runs are extracted inside PostgreSQL). */
  readonly index: RunsIndex | null;
  readonly bytes: number;
}

/**
 * What a listing needs of one session row version: how many runs it has and the name its first
 * candidate run gives (listing.ts's rule), found by one query that reads the whole value, then
 * kept with the version so a listing never reads `runs` again until the row changes.
 */
export interface RowSummary {
  readonly version: string;
  readonly runCount: number;
  /** `nameFromRun` of the session's name run; undefined when it has none or gives none. */
  readonly runName: string | undefined;
  readonly bytes: number;
}

export interface RunCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  loads: number;
  hits: number;
  evictions: number;
}

/**
 * The PostgreSQL row versions of one server (kept in its `Caches`), keyed by database and row
 * (`owner` from `databaseOwner`, then the row's `ctid`).
 */
export class PgRunIndexCache {
  private readonly lru: BoundedLru<IndexedValue | RowSummary>;
  private readonly loading = new Map<string, Promise<IndexedValue | null>>();
  private readonly counters = { loads: 0, hits: 0 };
  /** The largest row value fetched since the start, kept or not (the stated memory bound). */
  largestValueBytes = 0;

  constructor(private maxBytes: number) {
    this.lru = new BoundedLru<IndexedValue | RowSummary>({ maxBytes }, (value) => value.bytes);
  }

  /** A new byte bound in force now (a live `cache_budget_mb` change), least recently used evicted to fit. */
  resize(maxBytes: number): void {
    this.maxBytes = maxBytes;
    this.lru.resize({ maxBytes });
  }

  /** The entry for `key` at `version`, loading it (once, however many callers ask) when missing or older. */
  async get(owner: string, key: string, version: string, load: () => Promise<IndexedValue | null>): Promise<IndexedValue | null> {
    const full = `${owner}\u0000${key}`;
    const entry = this.lru.peek(full);
    if (entry && 'text' in entry && entry.version === version) {
      this.counters.hits += 1;
      this.lru.touch(full);
      return entry;
    }
    const loadKey = `${full}\u0000${version}`;
    let pending = this.loading.get(loadKey);
    if (!pending) {
      pending = load().then(
        (loaded) => {
          this.loading.delete(loadKey);
          if (loaded) {
            this.counters.loads += 1;
            this.largestValueBytes = Math.max(this.largestValueBytes, loaded.text.length);
            this.lru.set(full, loaded);
          }
          return loaded;
        },
        (error: unknown) => {
          this.loading.delete(loadKey);
          throw error;
        },
      );
      this.loading.set(loadKey, pending);
    }
    return pending;
  }

  /** The listing summary of the row at `key` when it is of `version` (the same version text a run read uses). */
  summary(owner: string, key: string, version: string): RowSummary | undefined {
    const full = `${owner}\u0000s\u0000${key}`;
    const entry = this.lru.peek(full);
    if (entry === undefined || 'text' in entry || entry.version !== version) return undefined;
    this.counters.hits += 1;
    this.lru.touch(full);
    return entry;
  }

  keepSummary(owner: string, key: string, summary: RowSummary): void {
    this.counters.loads += 1;
    this.lru.set(`${owner}\u0000s\u0000${key}`, summary);
  }

  stats(): RunCacheStats {
    const lru = this.lru.stats();
    return { entries: lru.entries, bytes: lru.bytes, maxBytes: this.maxBytes, evictions: lru.evictions, ...this.counters };
  }

  lruStats(): LruStats {
    return this.lru.stats();
  }

  /** Drops a database's entries (closed, or its server changed under it). */
  forget(owner: string): void {
    this.lru.deletePrefix(`${owner}\u0000`);
  }
}
