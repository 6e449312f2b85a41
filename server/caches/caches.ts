import type { AuthCaches, CachedDecision, CachedToken } from '../auth/token-cache.js';
import { AgnoRunsCache, type RunCacheLimits } from '../db/agno/run-cache.js';
import { PgRunIndexCache } from '../db/postgres/run-cache.js';
import { BoundedLru, type LruStats } from './bounded-lru.js';
import { ownerPrefix } from './owners.js';
import { SerializedBodies } from './serialized-bodies.js';
import { SearchDocuments } from '../sessions/run-documents.js';

/** The default byte budget of all caches of one server together. */
export const DEFAULT_CACHE_BUDGET_MB = 256;

/**
 * Each cache's share of the budget. The attached-SQLite runs index is the largest: it holds a
 * session's stored `runs` value (49 MB for 10,000 agent runs) so a first read of any of its
 * runs parses only that run; a value larger than its share is read from the file each time.
 */
const SHARES = {
  sqlite_runs: 0.45,
  postgres_runs: 0.2,
  search_documents: 0.15,
  run_bodies: 0.1,
  trace_bodies: 0.05,
  tokens: 0.05,
} as const;

/** Decisions kept per server (token × request line); each is a few hundred bytes. */
const MAX_DECISIONS = 20_000;
/** Databases whose "holds any session?" answer is kept. */
const MAX_HOLDINGS = 1024;

/** What every cache is dropped or narrowed for: the one place each trigger goes through. */
export type Invalidation =
  /** New settings are in force: every auth answer (tokens, decisions) is forgotten. */
  | { kind: 'settings-swap' }
  /** A key was trusted or untrusted, or a JWKS file/endpoint changed: verified tokens and decisions go. */
  | { kind: 'keys-changed' }
  /** rundesk wrote into a database (`session`: the runs-cache key of the session it wrote). */
  | { kind: 'store-write'; owner: string; session?: string | undefined }
  /** The file was replaced, reopened or changed by another process: everything built from it goes. */
  | { kind: 'outside-change'; owner: string }
  /** The database was detached or closed. */
  | { kind: 'closed'; owner: string };

/** One memoised "does this database hold any session?" (see db/answering.ts). */
export interface Holding {
  readonly db: object;
  holds: boolean | null;
  at: number;
  pending: boolean;
}

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
export class Caches implements AuthCaches {
  readonly budgetBytes: number;
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

  constructor(options: CachesOptions = {}) {
    this.budgetBytes = Math.floor((options.budgetMb ?? DEFAULT_CACHE_BUDGET_MB) * 1024 * 1024);
    const share = (name: keyof typeof SHARES) => Math.floor(this.budgetBytes * SHARES[name]);
    this.sqliteRuns = new AgnoRunsCache(options.sqliteRunsLimits ?? { maxBytes: share('sqlite_runs'), maxEntries: 256 });
    this.postgresRuns = new PgRunIndexCache(share('postgres_runs'));
    this.searchDocuments = new SearchDocuments(share('search_documents'));
    this.runBodies = new SerializedBodies(share('run_bodies'));
    this.traceBodies = new SerializedBodies(share('trace_bodies'));
    this.tokens = new BoundedLru({ maxBytes: share('tokens') }, (entry) => entry.bytes);
    this.decisions = new BoundedLru({ maxEntries: MAX_DECISIONS });
    this.holdings = new BoundedLru({ maxEntries: MAX_HOLDINGS });
  }

  /** How many writes and outside changes `owner`'s database has seen (see `invalidate`). */
  generation(owner: string): number {
    return this.generations.get(owner) ?? 0;
  }

  invalidate(trigger: Invalidation): void {
    switch (trigger.kind) {
      case 'settings-swap':
      case 'keys-changed':
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

  report(): CachesReport {
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
    return { budget_bytes: this.budgetBytes, used_bytes: used, caches };
  }
}

export { databaseOwner, ownerPrefix } from './owners.js';
