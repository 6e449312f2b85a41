import type { MergedOrder } from './merged-runs.js';
import type { RunsIndex } from '../../agno-format/runs-index.js';
import { BoundedLru, type LruStats } from '../../caches/bounded-lru.js';
import type { StoredRun, StoredSession } from '../types.js';

/**
 * Decoded `runs` arrays of agno sessions, kept between lookups. Decoding a 1,000-run session
 * costs tens of milliseconds, so without this every GET of one run pays for all of them.
 *
 * The cache never decides freshness itself: the store tags each entry with the state of the
 * file it was read from (`PRAGMA data_version` plus the store's own write count) and checks
 * that tag on every lookup. One cache is shared by every attached file of a server (its
 * `Caches`) so the memory bound holds for the server, not per file.
 */

export interface CachedRuns {
  /** The row's rowid as text: ties a user-filtered probe to this exact row. */
  readonly rowKey: string;
  session: StoredSession;
  /** `typeof(runs)` and the column's stored bytes, compared when the file may have changed. */
  readonly runsType: string;
  readonly raw: Buffer | null;
  /** Length of the decoded array, non-object elements included (they still make it non-empty). */
  readonly runCount: number;
  /**
   * Where each run lies in `raw` (runs-index.ts): a run is read by parsing its own bytes only.
   * Null when the value is not one well-formed array; then `decoded` is filled at load.
   */
  readonly index: RunsIndex | null;
  /**
   * Every run decoded, kept once a listing needed them all (and the entry still fits the
   * bound), or from the start when there is no index.
   */
  decoded: DecodedRuns | null;
  /** Where an Agno 3 session's merged runs lie (merged-runs.ts), for the file state it names. */
  merged?: MergedOrder | undefined;
  /** `PRAGMA data_version` and own-write count when the entry was last known current. */
  dataVersion: number;
  writeCount: number;
  bytes: number;
}

export interface DecodedRuns {
  /** The plain-object runs in stored order. */
  readonly runs: readonly StoredRun[];
  /** First run with each `run_id`, as a linear search from the start would find it. */
  readonly byId: ReadonlyMap<string, StoredRun>;
}

export interface RunCacheLimits {
  maxBytes: number;
  maxEntries: number;
}

export interface RunCacheStats {
  entries: number;
  bytes: number;
  /** Served without reading the row's runs. */
  hits: number;
  /** Row re-read after a write somewhere in the file, found unchanged, entry kept. */
  revalidations: number;
  /** Runs decoded from the row (first lookup, or the row changed). */
  loads: number;
  evictions: number;
}

export const DEFAULT_RUN_CACHE_LIMITS: RunCacheLimits = { maxBytes: 64 * 1024 * 1024, maxEntries: 256 };

/**
 * V8 heap per byte of stored JSON once decoded (measured ~1.4 on 5 KB agent runs), plus the
 * raw bytes kept for revalidation.
 */
const HEAP_PER_STORED_BYTE = 1.5;
const ENTRY_OVERHEAD_BYTES = 1024;

export function approxEntryBytes(storedBytes: number): number {
  return Math.ceil(storedBytes * (1 + HEAP_PER_STORED_BYTE)) + ENTRY_OVERHEAD_BYTES;
}

/** An entry holding the stored bytes and their index, nothing decoded. */
export function indexedEntryBytes(storedBytes: number, indexBytes: number): number {
  return storedBytes + indexBytes + ENTRY_OVERHEAD_BYTES;
}

/** What decoding every run adds to an entry. */
export function decodedBytes(storedBytes: number): number {
  return Math.ceil(storedBytes * HEAP_PER_STORED_BYTE);
}

/**
 * The attached-SQLite sessions of one server (kept in its `Caches`), least recently used out
 * when the byte or entry bound is reached. Keys are scoped by database, opening and table (see
 * `AgnoSessionStore`).
 */
export class AgnoRunsCache {
  private readonly lru: BoundedLru<CachedRuns>;
  private readonly counters = { hits: 0, revalidations: 0, loads: 0 };
  /** The largest stored runs value loaded since the start, kept or not (the stated memory bound). */
  largestValueBytes = 0;

  constructor(private bounds: RunCacheLimits = DEFAULT_RUN_CACHE_LIMITS) {
    this.lru = new BoundedLru<CachedRuns>({ maxBytes: bounds.maxBytes, maxEntries: bounds.maxEntries }, (entry) => entry.bytes);
  }

  get limits(): RunCacheLimits {
    return this.bounds;
  }

  /** New bounds in force now (a live `cache_budget_mb` change), least recently used evicted to fit. */
  resize(limits: RunCacheLimits): void {
    this.bounds = limits;
    this.lru.resize({ maxBytes: limits.maxBytes, maxEntries: limits.maxEntries });
  }

  /** The entry without touching its recency (the caller has not validated it yet). */
  peek(key: string): CachedRuns | undefined {
    return this.lru.peek(key);
  }

  /** Marks a validated entry as used. */
  touch(key: string, entry: CachedRuns, how: 'hit' | 'revalidated'): void {
    if (how === 'hit') this.counters.hits += 1;
    else this.counters.revalidations += 1;
    if (this.lru.peek(key) === entry) this.lru.touch(key);
  }

  /** Stores a freshly decoded entry; one that alone exceeds the byte bound is not kept. */
  set(key: string, entry: CachedRuns): void {
    this.counters.loads += 1;
    this.largestValueBytes = Math.max(this.largestValueBytes, entry.raw?.length ?? 0);
    this.lru.set(key, entry);
  }

  /**
   * Lets a kept entry grow by `extra` bytes (its runs decoded for a listing) when it still fits
   * the bound, evicting the least recently used others; `false` (nothing changed) otherwise.
   */
  grow(key: string, entry: CachedRuns, extra: number): boolean {
    if (this.lru.peek(key) !== entry || !this.lru.fits(entry.bytes + extra)) return false;
    entry.bytes += extra;
    if (this.lru.set(key, entry)) return true;
    entry.bytes -= extra;
    return false;
  }

  delete(key: string): void {
    this.lru.delete(key);
  }

  /** Drops every entry whose key starts with `prefix` (a closed store's). */
  deletePrefix(prefix: string): void {
    this.lru.deletePrefix(prefix);
  }

  stats(): RunCacheStats {
    const lru = this.lru.stats();
    return { entries: lru.entries, bytes: lru.bytes, evictions: lru.evictions, ...this.counters };
  }

  /** The stats every cache reports on `/desk`. */
  lruStats(): LruStats {
    return this.lru.stats();
  }
}

/** Cached runs are frozen per run when first served, not for the whole array at load. */
export { freezeDeep } from '../../freeze-deep.js';
