import BetterSqlite3 from 'better-sqlite3';
import { foldStoredText } from './text-fold.js';

/**
 * The one place better-sqlite3 connections are made, so every handle gets the same settings:
 * a short busy timeout (another process — an agent writing its own file — may hold the lock for
 * a moment). Only rundesk's own database asks for WAL: an attached file keeps the journal mode
 * its owner chose (switching it is a change to the file, and a WAL file shared by name is how a
 * file replaced by rename lost its new content — issue 19).
 */

export type SqliteHandle = BetterSqlite3.Database;
export type SqliteStatement = BetterSqlite3.Statement;

/**
 * How long a statement waits for another connection's lock before SQLITE_BUSY. better-sqlite3
 * waits synchronously, so this is also how long the whole server (every route, every database)
 * can stall behind a foreign lock: keep it well under 100 ms. A lock held longer is answered
 * as 503 `DATABASE_BUSY` with `Retry-After`.
 */
export const BUSY_TIMEOUT_MS = 50;

/**
 * SQLite's page cache per attached file, in KiB (better-sqlite3 builds SQLite with 16 MB a
 * connection). Pages of a session's `runs` value are read once per row version and then kept by
 * the runs index inside the cache budget (`cache_budget_mb`), so a large page cache would only
 * hold a second copy: with ten attached files, 160 MB outside the budget. A connection setting:
 * the file is not changed.
 */
export const ATTACHED_PAGE_CACHE_KIB = 2048;

export interface ConnectOptions {
  readOnly: boolean;
  /** Create the file when missing (only the default database). */
  create?: boolean | undefined;
  /** A better-sqlite3 `.node` built for this runtime's ABI (Electron). */
  nativeBinding?: string | undefined;
  /** Switch a writable file to WAL (default false): rundesk's own database only. */
  wal?: boolean | undefined;
}

export function connect(path: string, options: ConnectOptions): SqliteHandle {
  const handle = new BetterSqlite3(path, {
    readonly: options.readOnly,
    fileMustExist: options.readOnly || !options.create,
    timeout: BUSY_TIMEOUT_MS,
    ...(options.nativeBinding !== undefined ? { nativeBinding: options.nativeBinding } : {}),
  });
  try {
    // A read-only handle must not change the file, and journal_mode=WAL would rewrite its header.
    if (!options.readOnly && options.wal === true) handle.pragma('journal_mode = WAL');
    // rundesk's own database keeps SQLite's default; every other file is an attached one.
    if (!options.create) handle.pragma(`cache_size = -${ATTACHED_PAGE_CACHE_KIB}`);
    registerFunctions(handle);
    return handle;
  } catch (error) {
    handle.close();
    throw error;
  }
}

/**
 * SQL functions the stores use. `rundesk_casefold` lowercases beyond ASCII (SQLite's
 * `lower()` and `LIKE` fold ASCII only), so a search for "montréal" finds "MONTRÉAL";
 * `rundesk_text_fold` also decodes a stored JSON value and drops accents ("montreal" finds it).
 */
function registerFunctions(handle: SqliteHandle): void {
  handle.function('rundesk_casefold', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLowerCase() : value,
  );
  // Memory search: the stored JSON decoded, any case, any accents (text-fold.ts).
  handle.function('rundesk_text_fold', { deterministic: true }, (value: unknown) => foldStoredText(value));
}

/** An identifier quoted for SQL. Only names read from `sqlite_master` ever reach it. */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
