import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/** A lock held by another process, released (transaction rolled back, process exited) on demand. */
export interface ForeignLock {
  release(): Promise<void>;
}

const HOLDER = `
  const Database = require(process.argv[1]);
  const [file, mode] = process.argv.slice(2);
  const db = new Database(file, { timeout: 5000 });
  db.exec(mode === 'exclusive' ? 'BEGIN EXCLUSIVE' : 'BEGIN IMMEDIATE');
  process.stdout.write('locked\\n');
  process.stdin.resume();
  process.stdin.on('end', () => { db.exec('ROLLBACK'); db.close(); process.exit(0); });
`;

/**
 * Another process opens `file` and holds a write transaction on it — `immediate` (the write
 * lock: other writers wait) or `exclusive` (in rollback-journal mode, readers wait too) — until
 * `release()`. Resolves once the lock is held.
 *
 * @example
 * const lock = await holdForeignLock(file, 'immediate');
 * // ... requests against file ...
 * await lock.release();
 */
export async function holdForeignLock(file: string, mode: 'immediate' | 'exclusive'): Promise<ForeignLock> {
  const betterSqlite = createRequire(import.meta.url).resolve('better-sqlite3');
  const child = spawn(process.execPath, ['-e', HOLDER, betterSqlite, file, mode], { stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('locked')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`lock holder exited (${code}) before locking: ${err}`)));
  });
  return {
    release: async () => {
      child.stdin.end();
      await exited;
    },
  };
}
