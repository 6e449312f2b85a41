import { BoundedLru, type LruStats } from './bounded-lru.js';

interface Body {
  readonly version: string;
  readonly body: Buffer;
  readonly bytes: number;
}

/** Key, version and buffer header beside the body's own bytes. */
const ENTRY_OVERHEAD_BYTES = 256;

/**
 * Serialized answers stamped with the content version of the database they were built from;
 * one read under another version drops the entry. One per route that reuses its bytes (the run
 * GET, the trace detail), each with its share of the server's cache budget.
 */
export class SerializedBodies {
  private readonly lru: BoundedLru<Body>;

  constructor(maxBytes: number) {
    this.lru = new BoundedLru<Body>({ maxBytes }, (entry) => entry.bytes);
  }

  /** A new byte bound in force now, least recently used evicted to fit. */
  resize(maxBytes: number): void {
    this.lru.resize({ maxBytes });
  }

  get(owner: string, key: string, version: string): Buffer | undefined {
    const full = `${owner}\u0000${key}`;
    const entry = this.lru.get(full);
    if (!entry) return undefined;
    if (entry.version === version) return entry.body;
    this.lru.delete(full);
    return undefined;
  }

  set(owner: string, key: string, version: string, body: Buffer): void {
    // One huge answer must not push out hundreds of ordinary ones.
    if (!this.lru.fits(body.length * 8)) return;
    this.lru.set(`${owner}\u0000${key}`, { version, body, bytes: body.length + key.length + ENTRY_OVERHEAD_BYTES });
  }

  /** Drops everything built from `owner`'s database. */
  forget(owner: string): void {
    this.lru.deletePrefix(`${owner}\u0000`);
  }

  stats(): LruStats {
    return this.lru.stats();
  }
}
