import type { StoredRun } from '../types.js';

interface Entry {
  version: string;
  value: { run: StoredRun | null; hasRuns: boolean };
}

/**
 * Runs extracted from PostgreSQL, by session and run id, valid while the session row's version
 * (`xmin`) is the one they were read at: any write to the row (by rundesk or an agent) gives it a
 * new version, so a stale run is never served. Bounded by entry count, least recently used out.
 */
export class RunCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxEntries = 2048) {}

  get(key: string, version: string): Entry['value'] | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version) {
      this.entries.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, version: string, value: Entry['value']): void {
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
