/** Bounds per cache: a 5 KB run costs 5 KB here, a run with inline media more. */
const MAX_BYTES = 32 * 1024 * 1024;
const MAX_ENTRIES = 4096;

/**
 * Serialized answers stamped with the content version they were built from, least recently used
 * first (a `Map` keeps insertion order); an entry read under another version is dropped. One per
 * route that reuses its bytes (the run GET, the trace detail), each bounded as below.
 */
export class SerializedBodyCache {
  private readonly entries = new Map<string, { version: string; body: Buffer }>();
  private bytes = 0;

  get(key: string, version: string): Buffer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) {
      this.bytes -= entry.body.length;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.body;
  }

  set(key: string, version: string, body: Buffer): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.body.length;
    }
    if (body.length > MAX_BYTES / 8) return;
    this.entries.set(key, { version, body });
    this.bytes += body.length;
    for (const [k, e] of this.entries) {
      if (this.bytes <= MAX_BYTES && this.entries.size <= MAX_ENTRIES) break;
      this.entries.delete(k);
      this.bytes -= e.body.length;
    }
  }
}
