import { LRUCache } from 'lru-cache';

/** A cache's budget: bytes (with the size of each value), entries, or both. */
export interface LruBudget {
  maxBytes?: number | undefined;
  maxEntries?: number | undefined;
}

/** What `/desk/databases` reports of one cache. */
export interface LruStats {
  entries: number;
  bytes: number;
  max_bytes: number | null;
  max_entries: number | null;
  hits: number;
  misses: number;
  evictions: number;
}

/**
 * The one least-recently-used map every rundesk cache is built on (`lru-cache`, used as its
 * README describes), with the counters `/desk` reports. Keys are strings: each cache scopes its
 * keys by owner (a database, a store), so everything one owner put in can be dropped at once.
 */
export class BoundedLru<V extends object> {
  private lru: LRUCache<string, V>;
  private readonly counters = { hits: 0, misses: 0, evictions: 0 };

  constructor(
    private budget: LruBudget,
    /** The bytes `value` (kept under `key`) holds; required when the budget has `maxBytes`. */
    private readonly sizeOf?: (value: V, key: string) => number,
  ) {
    this.lru = this.build(budget);
  }

  private build(budget: LruBudget): LRUCache<string, V> {
    const onDispose = (_value: V, _key: string, reason: LRUCache.DisposeReason): void => {
      if (reason === 'evict') this.counters.evictions += 1;
    };
    if (budget.maxBytes !== undefined) {
      const sizeOf = this.sizeOf;
      if (!sizeOf) throw new TypeError('a byte budget needs sizeOf');
      return new LRUCache<string, V>({
        maxSize: budget.maxBytes,
        sizeCalculation: (value, key) => Math.max(1, Math.ceil(sizeOf(value, key))),
        ...(budget.maxEntries !== undefined ? { max: budget.maxEntries } : {}),
        dispose: onDispose,
      });
    }
    return new LRUCache<string, V>({ max: budget.maxEntries ?? 1000, dispose: onDispose });
  }

  /**
   * Takes a new budget into force now: the kept entries move over least recently used first,
   * so when the budget shrank the oldest are the ones evicted (and counted). lru-cache's bounds
   * are fixed at construction, hence the new map.
   */
  resize(budget: LruBudget): void {
    const old = this.lru;
    this.budget = budget;
    this.lru = this.build(budget);
    for (const [key, value] of old.rentries() as Generator<[string, V]>) {
      if (!this.set(key, value)) this.counters.evictions += 1;
    }
  }

  /** The value, marked most recently used. */
  get(key: string): V | undefined {
    const value = this.lru.get(key);
    if (value === undefined) this.counters.misses += 1;
    else this.counters.hits += 1;
    return value;
  }

  /** The value without marking it used or counting (the caller validates it first). */
  peek(key: string): V | undefined {
    return this.lru.peek(key);
  }

  /** Marks a kept value as used (after `peek` validated it). */
  touch(key: string): void {
    if (this.lru.get(key) !== undefined) this.counters.hits += 1;
  }

  /**
   * Keeps `value`, evicting the least recently used others to fit; a value that alone exceeds
   * the byte budget is not kept (and any old value under `key` is dropped). Call again after a
   * kept value grew, so its new size counts. `false` when it was not kept.
   */
  set(key: string, value: V): boolean {
    if (this.budget.maxEntries === 0 || (this.budget.maxBytes !== undefined && (this.sizeOf?.(value, key) ?? 0) > this.budget.maxBytes)) {
      this.lru.delete(key);
      return false;
    }
    // lru-cache keeps the old size when the same object is set again: re-add it to count its growth.
    if (this.lru.peek(key) === value) this.lru.delete(key);
    this.lru.set(key, value);
    return this.lru.peek(key) === value;
  }

  /** Whether `value` of this size would be kept at all. */
  fits(bytes: number): boolean {
    return this.budget.maxBytes === undefined || bytes <= this.budget.maxBytes;
  }

  delete(key: string): void {
    this.lru.delete(key);
  }

  /** Drops every entry whose key starts with `prefix` (one owner's). */
  deletePrefix(prefix: string): void {
    for (const key of [...this.lru.keys()]) if (key.startsWith(prefix)) this.lru.delete(key);
  }

  clear(): void {
    this.lru.clear();
  }

  get size(): number {
    return this.lru.size;
  }

  stats(): LruStats {
    return {
      entries: this.lru.size,
      bytes: this.budget.maxBytes !== undefined ? this.lru.calculatedSize : 0,
      max_bytes: this.budget.maxBytes ?? null,
      max_entries: this.budget.maxEntries ?? null,
      ...this.counters,
    };
  }
}
