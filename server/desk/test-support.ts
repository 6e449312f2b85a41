import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Temporary data dirs for tests, removed by `cleanup()`. Excluded from nothing: tiny and harmless. */
export function tempDirs(prefix = 'rundesk-desk-'): { make(): string; cleanup(): void } {
  const made: string[] = [];
  return {
    make() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      made.push(dir);
      return dir;
    },
    cleanup() {
      for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true });
    },
  };
}
