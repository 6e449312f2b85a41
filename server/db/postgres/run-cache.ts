import type { RunsIndex } from '../../agno-format/runs-index.js';
import { BoundedLru, type LruStats } from '../../caches/bounded-lru.js';

/**
 * Where each run lies in a session row's `runs` value, per row version (`xmin`), for the Agno 2
 * layout in PostgreSQL: the value is fetched once per version as text (PostgreSQL decompresses
 * it once), indexed by one pass (runs-index.ts), and every later first read of a run of that
 * version parses only that run's bytes. Any write to the row gives it a new `xmin`, so a stale
 * entry is never served. Bounded by bytes (the text plus its index), least recently used out;
 * concurrent first reads of one version share one fetch.
 */

export interface IndexedValue {
  readonly version: string;
  readonly text: Buffer;
  /** Null when the value is not one array (then runs are extracted inside PostgreSQL). */
  readonly index: RunsIndex | null;
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
  private readonly lru: BoundedLru<IndexedValue>;
  private readonly loading = new Map<string, Promise<IndexedValue | null>>();
  private readonly counters = { loads: 0, hits: 0 };

  constructor(private readonly maxBytes: number) {
    this.lru = new BoundedLru<IndexedValue>({ maxBytes }, (value) => value.bytes);
  }

  /** The entry for `key` at `version`, loading it (once, however many callers ask) when missing or older. */
  async get(owner: string, key: string, version: string, load: () => Promise<IndexedValue | null>): Promise<IndexedValue | null> {
    const full = `${owner}\u0000${key}`;
    const entry = this.lru.peek(full);
    if (entry && entry.version === version) {
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
