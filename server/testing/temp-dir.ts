import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A fresh directory under the OS temp dir, and its removal (for `afterEach`). */
export function makeTempDir(prefix = 'rundesk-test-'): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Temporary directories made on demand and removed together (for `afterEach`). */
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
