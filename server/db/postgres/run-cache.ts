import type { RunsIndex } from '../../agno-format/runs-index.js';

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

export const DEFAULT_PG_INDEX_BYTES = 64 * 1024 * 1024;

export class RunCache {
  private readonly entries = new Map<string, IndexedValue>();
  private readonly loading = new Map<string, Promise<IndexedValue | null>>();
  private totalBytes = 0;
  private readonly counters = { loads: 0, hits: 0, evictions: 0 };

  constructor(private readonly maxBytes = DEFAULT_PG_INDEX_BYTES) {}

  /** The entry for `key` at `version`, loading it (once, however many callers ask) when missing or older. */
  async get(key: string, version: string, load: () => Promise<IndexedValue | null>): Promise<IndexedValue | null> {
    const entry = this.entries.get(key);
    if (entry && entry.version === version) {
      this.counters.hits += 1;
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry;
    }
    const loadKey = `${key}\u0000${version}`;
    let pending = this.loading.get(loadKey);
    if (!pending) {
      pending = load().then(
        (loaded) => {
          this.loading.delete(loadKey);
          if (loaded) this.set(key, loaded);
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
    return { entries: this.entries.size, bytes: this.totalBytes, maxBytes: this.maxBytes, ...this.counters };
  }

  clear(): void {
    this.entries.clear();
    this.totalBytes = 0;
  }

  private set(key: string, value: IndexedValue): void {
    this.counters.loads += 1;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.totalBytes -= old.bytes;
    }
    if (value.bytes > this.maxBytes) return;
    this.entries.set(key, value);
    this.totalBytes += value.bytes;
    for (const [k, e] of this.entries) {
      if (this.totalBytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.totalBytes -= e.bytes;
      this.counters.evictions += 1;
    }
  }
}
