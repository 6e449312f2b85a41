import { AppError } from '../errors.js';
import { BUSY_TIMEOUT_MS } from './connection.js';
import { DatabaseBusyError, DatabaseUnavailableError } from './errors.js';
import { guardMethods } from './method-guard.js';
import type { Database } from './types.js';

/** What a client is told to wait before retrying a locked database, in seconds. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

/** SQLite result codes (better-sqlite3's `SqliteError.code`, extended codes included). */
function sqliteCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : null;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

/**
 * The failure kind of a driver error on database `db`: another process's lock is
 * `DatabaseBusyError`; a file SQLite can no longer read (damaged, truncated, replaced, gone) is
 * `DatabaseUnavailableError` naming the file and SQLite's reason. Anything else (our own
 * errors, constraint violations, bugs) is returned unchanged.
 */
export function toDatabaseFailure(error: unknown, db: Pick<Database, 'id' | 'path'>): unknown {
  if (error instanceof AppError) return error;
  const code = sqliteCode(error);
  if (code === null) return error;
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return new DatabaseBusyError(db.id, BUSY_RETRY_AFTER_SECONDS, { cause: error });
  }
  if (
    code.startsWith('SQLITE_CORRUPT') ||
    code === 'SQLITE_NOTADB' ||
    code.startsWith('SQLITE_IOERR') ||
    code.startsWith('SQLITE_CANTOPEN') ||
    // Every read-only refusal: the file moved, lost its write permission, or its header says a
    // newer SQLite wrote it (write version above 2), which makes SQLite open it read-only.
    code.startsWith('SQLITE_READONLY') ||
    code === 'SQLITE_PROTOCOL' ||
    code === 'SQLITE_FULL'
  ) {
    return new DatabaseUnavailableError(db.id, db.path, firstLine(error), { cause: error });
  }
  return error;
}

/**
 * Tracks whether another process is holding the file's lock. better-sqlite3 waits for a lock
 * synchronously, so each request that meets it would stall the whole server for the busy
 * timeout, and queued requests would stall it in series. After one request has waited in vain,
 * the wait is 0 for the Retry-After window: requests fail fast (or succeed at once if the lock
 * is gone), and the next request after the window waits the short timeout again.
 */
class LockContention {
  private contendedUntil = 0;

  constructor(
    private readonly db: Database,
    private readonly now: () => number,
  ) {}

  beforeCall(): void {
    if (this.contendedUntil !== 0 && this.now() >= this.contendedUntil) {
      this.contendedUntil = 0;
      this.db.setLockWait?.(BUSY_TIMEOUT_MS);
    }
  }

  onFailure(failure: unknown): void {
    if (!(failure instanceof DatabaseBusyError)) return;
    if (this.contendedUntil === 0) this.db.setLockWait?.(0);
    this.contendedUntil = this.now() + BUSY_RETRY_AFTER_SECONDS * 1000;
  }
}

/** `target`'s methods guarded for `db`: failures become kinds and feed the lock contention. */
function guardFor<T extends object>(target: T, db: Database, contention: LockContention): T {
  return guardMethods(
    target,
    (error) => {
      const failure = toDatabaseFailure(error, db);
      contention.onFailure(failure);
      return failure;
    },
    () => contention.beforeCall(),
  );
}

/**
 * `db` with every failure of its methods, and of the stores it hands out, passed through
 * `toDatabaseFailure` (whether a method throws or rejects), and with lock waits bounded as
 * `LockContention` describes. No route ever sees a raw driver error.
 *
 * @example
 * const db = guardDatabase(openDatabase({ id: 'agents', path, readOnly: true }));
 */
export function guardDatabase(db: Database, now: () => number = Date.now): Database {
  const contention = new LockContention(db, now);
  const guarded = guardFor(db, db, contention);
  return new Proxy(guarded, {
    get(obj, prop, receiver) {
      if (prop === 'sessions') return (table?: string) => guardFor(obj.sessions(table), db, contention);
      if (prop === 'platformData') return () => guardFor(obj.platformData(), db, contention);
      if (prop === 'traces') return () => guardFor(obj.traces(), db, contention);
      return Reflect.get(obj, prop, receiver);
    },
  });
}
