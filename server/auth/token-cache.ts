/**
 * A bounded LRU of verified tokens, so a client repeating the same token does not pay for a
 * signature check on every request; each entry expires at the time the caller gives (the
 * token's `exp`). One cache per auth layer: a settings change builds a new layer and so a new
 * cache.
 *
 * Keyed by the token itself: hashing it first would cost more than the rest of a cached
 * request, and the raw token is kept anyway in the request state that the layer memoises with
 * each entry (SPEC §5.4 `token`), so a digest would hide nothing.
 */
export class TokenCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(private readonly maxEntries = 1000) {}

  get(token: string, now: number): V | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    this.entries.delete(token);
    if (now >= entry.expiresAt) return undefined;
    // Re-insert to mark as most recently used (Map keeps insertion order).
    this.entries.set(token, entry);
    return entry.value;
  }

  set(token: string, value: V, expiresAt: number): void {
    this.entries.delete(token);
    this.entries.set(token, { value, expiresAt });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
