import type { AuthCaches, CachedDecision, CachedToken } from '../auth/token-cache.js';
import { AgnoRunsCache, type RunCacheLimits } from '../db/agno/run-cache.js';
import { PgRunIndexCache } from '../db/postgres/run-cache.js';
import { ATTACHED_PAGE_CACHE_KIB } from '../db/connection.js';
import { BoundedLru, type LruStats } from '../caches/bounded-lru.js';
import { memoryBound, type MemoryBound } from '../caches/memory-bound.js';
import { ownerPrefix } from '../caches/owners.js';
import { SerializedBodies } from '../caches/serialized-bodies.js';
import type { Holding } from '../db/answering.js';
import type { StoreCaches } from '../db/store-caches.js';
import { budgetBytesOf, shareOf, sqliteRunsLimitsOf, type CacheName } from '../caches/shares.js';
import type { Invalidation } from '../caches/invalidation.js';
import { SearchDocuments } from '../search-index/run-documents.js';

/** Holdings kept at most, whatever their bytes: one per attached database is all there is to keep. */
const MAX_HOLDINGS = 1024;
/** A holding's object and its key, beside the database it points at (the registry's, not ours). */
const HOLDING_BYTES = 256;

export interface CachesOptions {
  /** Settings' `cache_budget_mb`. */
  budgetMb?: number | undefined;
  /** Tests: the attached-sessions cache's own bounds instead of its share. */
  sqliteRunsLimits?: RunCacheLimits | undefined;
}

export interface CachesReport {
  budget_bytes: number;
  used_bytes: number;
  caches: Record<string, LruStats>;
  bound: MemoryBound;
}

/**
 * Every cache of one server, made with it and owned by its runtime: nothing is shared between
 * two servers in one process. Each cache is one `BoundedLru` with its share of the byte budget
 * (or an entry bound), and every trigger that makes cached answers wrong goes through
 * `invalidate`.
 *
 * Freshness is still checked on use where it is cheap (SQLite's `data_version`, PostgreSQL's
 * `xmin`, a token's `exp`): `invalidate` is for what a check cannot see or what should be
 * released at once.
 */
export class Caches implements AuthCaches, StoreCaches {
  private budget: number;
  /** Attached Agno SQLite sessions: stored runs value, where each run lies, decoded runs. */
  readonly sqliteRuns: AgnoRunsCache;
  /** PostgreSQL Agno 2 `runs` values and where each run lies, per row version. */
  readonly postgresRuns: PgRunIndexCache;
  /** Run search's documents per session table (and per stored run object, weakly). */
  readonly searchDocuments: SearchDocuments;
  /** The run GET's serialized answers. */
  readonly runBodies: SerializedBodies;
  /** The trace detail's serialized answers. */
  readonly traceBodies: SerializedBodies;
  /** Verified tokens (the signature check skipped while one is valid). */
  readonly tokens: BoundedLru<CachedToken>;
  /** Allow decisions per token and request line. */
  readonly decisions: BoundedLru<CachedDecision>;
  /** "Does this database hold any session?", per database. */
  readonly holdings: BoundedLru<Holding>;
  /** Bumped per database by every write and outside change; part of every serialized answer's version. */
  private readonly generations = new Map<string, number>();
  /** Tests fix the attached-sessions cache's bounds; then a budget change leaves them alone. */
  private readonly fixedSqliteRuns: boolean;
  /** The process's RSS once the server listened (`noteIdle`): the first term of the stated bound. */
  private idleRssBytes = 0;

  constructor(options: CachesOptions = {}) {
    this.budget = budgetBytesOf(options.budgetMb);
    this.fixedSqliteRuns = options.sqliteRunsLimits !== undefined;
    this.sqliteRuns = new AgnoRunsCache(options.sqliteRunsLimits ?? this.sqliteRunsLimits());
    this.postgresRuns = new PgRunIndexCache(this.share('postgres_runs'));
    this.searchDocuments = new SearchDocuments(this.share('search_documents'));
    this.runBodies = new SerializedBodies(this.share('run_bodies'));
    this.traceBodies = new SerializedBodies(this.share('trace_bodies'));
    this.tokens = new BoundedLru({ maxBytes: this.share('tokens') }, (entry) => entry.bytes);
    this.decisions = new BoundedLru({ maxBytes: this.share('decisions') }, decisionBytes);
    this.holdings = new BoundedLru({ maxBytes: this.share('holdings'), maxEntries: MAX_HOLDINGS }, () => HOLDING_BYTES);
  }

  /** `cache_budget_mb` in bytes, as in force now. */
  get budgetBytes(): number {
    return this.budget;
  }

  /**
   * Takes a new `cache_budget_mb` into force at once (settings saved): every cache gets its share
   * of it, and where a share shrank the least recently used entries are evicted down to it.
   */
  setBudget(budgetMb: number): void {
    const next = budgetBytesOf(budgetMb);
    if (next === this.budget) return;
    this.budget = next;
    if (!this.fixedSqliteRuns) this.sqliteRuns.resize(this.sqliteRunsLimits());
    this.postgresRuns.resize(this.share('postgres_runs'));
    this.searchDocuments.resize(this.share('search_documents'));
    this.runBodies.resize(this.share('run_bodies'));
    this.traceBodies.resize(this.share('trace_bodies'));
    this.tokens.resize({ maxBytes: this.share('tokens') });
    this.decisions.resize({ maxBytes: this.share('decisions') });
    this.holdings.resize({ maxBytes: this.share('holdings'), maxEntries: MAX_HOLDINGS });
  }

  private share(name: CacheName): number {
    return shareOf(this.budget, name);
  }

  private sqliteRunsLimits(): RunCacheLimits {
    return sqliteRunsLimitsOf(this.budget);
  }

  private tokenGenerationNow = 0;

  /** Bumped each time the verified tokens are dropped (see `AuthCaches.tokenGeneration`). */
  get tokenGeneration(): number {
    return this.tokenGenerationNow;
  }

  /** How many writes and outside changes `owner`'s database has seen (see `invalidate`). */
  generation(owner: string): number {
    return this.generations.get(owner) ?? 0;
  }

  invalidate(trigger: Invalidation): void {
    switch (trigger.kind) {
      case 'settings-swap':
      case 'keys-changed':
        this.tokenGenerationNow += 1;
        this.tokens.clear();
        this.decisions.clear();
        return;
      case 'store-write':
        // Answers built before carry the older generation and are never served again.
        this.bump(trigger.owner);
        if (trigger.session !== undefined) this.sqliteRuns.delete(trigger.session);
        return;
      case 'outside-change':
      case 'closed':
        this.bump(trigger.owner);
        this.runBodies.forget(trigger.owner);
        this.traceBodies.forget(trigger.owner);
        this.searchDocuments.forget(trigger.owner);
        this.sqliteRuns.deletePrefix(ownerPrefix(trigger.owner));
        this.postgresRuns.forget(trigger.owner);
        this.holdings.delete(trigger.owner);
        return;
    }
  }

  private bump(owner: string): void {
    this.generations.set(owner, this.generation(owner) + 1);
  }

  /** Records the RSS of the server just started (every database open, nothing read yet). */
  noteIdle(rssBytes: number = process.memoryUsage.rss()): void {
    this.idleRssBytes = rssBytes;
  }

  /** Every cache's figures, and the memory bound they give with `attachedSqliteFiles` open. */
  report(attachedSqliteFiles: number): CachesReport {
    const caches: Record<string, LruStats> = {
      sqlite_runs: this.sqliteRuns.lruStats(),
      postgres_runs: this.postgresRuns.lruStats(),
      search_documents: this.searchDocuments.stats(),
      run_bodies: this.runBodies.stats(),
      trace_bodies: this.traceBodies.stats(),
      tokens: this.tokens.stats(),
      decisions: this.decisions.stats(),
      holdings: this.holdings.stats(),
    };
    const used = Object.values(caches).reduce((sum, c) => sum + c.bytes, 0);
    const bound = memoryBound({
      idleRssBytes: this.idleRssBytes,
      budgetBytes: this.budgetBytes,
      attachedSqliteFiles,
      attachedPageCacheBytes: ATTACHED_PAGE_CACHE_KIB * 1024,
      largestValueBytes: Math.max(this.sqliteRuns.largestValueBytes, this.postgresRuns.largestValueBytes),
      largestSearchDocumentsBytes: this.searchDocuments.largestTableBytes,
      rssBytes: process.memoryUsage.rss(),
    });
    return { budget_bytes: this.budgetBytes, used_bytes: used, caches, bound };
  }
}

/**
 * What an allow decision holds: V8 keeps its objects, and the key, in about twice their JSON
 * text (measured: 729 heap bytes per entry for 408 characters of key and JSON). The token inside
 * it is the verified-token entry's own string, counted there.
 */
function decisionBytes(entry: CachedDecision, key: string): number {
  return 2 * (key.length + JSON.stringify(entry.decision, (name: string, value: unknown) => (name === 'token' ? undefined : value)).length);
}

export { databaseOwner, ownerPrefix } from '../caches/owners.js';
