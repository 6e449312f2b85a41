import { BoundedLru } from '../caches/bounded-lru.js';
import type { AuthDecision } from './types.js';

/** A verified token as kept: tagged with the layer that verified it, so a swapped-out layer's entries never match. */
export interface CachedToken {
  readonly layer: object;
  readonly value: unknown;
  readonly expiresAt: number;
  readonly bytes: number;
}

/** One allow decision, for a token entry (`entry`, its id) and a request line. */
export interface CachedDecision {
  readonly layer: object;
  readonly decision: AuthDecision;
}

/**
 * Where verified tokens and allow decisions are kept: the server's `Caches` (one per server,
 * shared by the auth layers it swaps through), or caches of one layer's own (dry runs, tests).
 */
export interface AuthCaches {
  readonly tokens: BoundedLru<CachedToken>;
  readonly decisions: BoundedLru<CachedDecision>;
  /**
   * Bumped every time the verified tokens are dropped (keys changed, settings swapped): a
   * decision remembered outside these caches under an older number no longer stands.
   */
  readonly tokenGeneration: number;
  invalidate(trigger: { kind: 'keys-changed' }): void;
}

/** Caches for a layer built outside a server (a settings dry run, a test). */
export function ownAuthCaches(maxTokens = 1000): AuthCaches {
  const tokens = new BoundedLru<CachedToken>({ maxEntries: maxTokens });
  const decisions = new BoundedLru<CachedDecision>({ maxEntries: maxTokens * 16 });
  let tokenGeneration = 0;
  return {
    tokens,
    decisions,
    get tokenGeneration() {
      return tokenGeneration;
    },
    invalidate() {
      tokenGeneration += 1;
      tokens.clear();
      decisions.clear();
    },
  };
}

/** The claims and key set a token costs beside its own text (held twice: key and request state). */
const TOKEN_OVERHEAD_BYTES = 1024;

let nextEntryId = 0;

/**
 * Verified tokens of one auth layer, so a client repeating the same token does not pay for a
 * signature check on every request; each entry expires at the time the caller gives (the
 * token's `exp`). Kept in the server's `caches.tokens` under the token itself: hashing it first
 * would cost more than the rest of a cached request, and the raw token is kept anyway in the
 * request state that the layer memoises with each entry (`token`), so a digest would
 * hide nothing. Each entry has an id, and the layer's allow decisions are kept under it
 * (`caches.decisions`): a decision never outlives the verification it rests on (expiry,
 * eviction, key rotation).
 */
export class TokenCache<V> {
  constructor(
    private readonly caches: AuthCaches,
    /** The auth layer's identity. */
    private readonly layer: object,
  ) {}

  get(token: string, now: number): { value: V; id: number; expiresAt: number } | undefined {
    const entry = this.caches.tokens.get(token);
    if (!entry || entry.layer !== this.layer) return undefined;
    if (now >= entry.expiresAt) {
      this.caches.tokens.delete(token);
      return undefined;
    }
    return entry.value as { value: V; id: number; expiresAt: number };
  }

  set(token: string, value: V, expiresAt: number): void {
    const kept = { value, id: nextEntryId++, expiresAt };
    this.caches.tokens.set(token, { layer: this.layer, value: kept, expiresAt, bytes: 2 * token.length + TOKEN_OVERHEAD_BYTES });
  }

  /** The allow decision made for the token entry `id` and `line`, if any. */
  decision(id: number, line: string): AuthDecision | undefined {
    const found = this.caches.decisions.get(`${id} ${line}`);
    return found?.layer === this.layer ? found.decision : undefined;
  }

  rememberDecision(id: number, line: string, decision: AuthDecision): void {
    this.caches.decisions.set(`${id} ${line}`, { layer: this.layer, decision });
  }

  /** Keys changed: every verification (and decision) goes, through the one invalidation path. */
  clear(): void {
    this.caches.invalidate({ kind: 'keys-changed' });
  }
}
