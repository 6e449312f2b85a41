import { createHash } from 'node:crypto';

/**
 * A bounded LRU of verified tokens, so a client repeating the same token does not pay for
 * a signature check on every request. Keyed by the token's SHA-256 (the raw token is not
 * kept as a key); each entry expires at the time the caller gives (the token's `exp`).
 * One cache per auth layer: a settings change builds a new layer and so a new cache.
 */
export class TokenCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(private readonly maxEntries = 1000) {}

  static digest(token: string): string {
    return createHash('sha256').update(token).digest('base64url');
  }

  get(digest: string, now: number): V | undefined {
    const entry = this.entries.get(digest);
    if (!entry) return undefined;
    this.entries.delete(digest);
    if (now >= entry.expiresAt) return undefined;
    // Re-insert to mark as most recently used (Map keeps insertion order).
    this.entries.set(digest, entry);
    return entry.value;
  }

  set(digest: string, value: V, expiresAt: number): void {
    this.entries.delete(digest);
    this.entries.set(digest, { value, expiresAt });
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
