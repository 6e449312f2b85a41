import type { SqliteHandle } from './connection.js';

/**
 * Runs `write` as one `BEGIN IMMEDIATE` transaction: SQLite's write lock is taken before the
 * first read, so what `write` reads (the row it merges into, the rows it counts) is what it
 * writes over — no other connection, in this process or another (an agent saving the same
 * file), can commit in between. Every read-modify-write of a SQLite store goes through here;
 * inside another transaction it becomes a savepoint of that one (better-sqlite3's nesting).
 *
 * @example
 * const changed = immediately(handle, () => { const row = select.get(id); update.run(merge(row)); return true; });
 */
export function immediately<T>(handle: SqliteHandle, write: () => T): T {
  return handle.transaction(write).immediate();
}
