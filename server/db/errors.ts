import { AppError, ConfigError, ConflictError } from '../errors.js';

/**
 * A write (ingest, delete) aimed at a database attached with `read_only: true`. The caller may
 * be allowed to write; the target simply refuses writes.
 *
 * @example
 * throw new ReadOnlyDatabaseError('my-agents');
 */
export class ReadOnlyDatabaseError extends AppError {
  readonly code = 'READ_ONLY_DATABASE';

  constructor(readonly databaseId: string, options?: { cause?: unknown }) {
    super(`Database with ID ${databaseId} is read-only`, options);
  }
}

/**
 * Another process holds the lock of the database file longer than the short busy timeout.
 * Retrying shortly usually works; `retryAfterSeconds` says when.
 *
 * @example
 * throw new DatabaseBusyError('my-agents', 1);
 */
export class DatabaseBusyError extends AppError {
  readonly code = 'DATABASE_BUSY';

  constructor(
    readonly databaseId: string,
    readonly retryAfterSeconds: number,
    options?: { cause?: unknown },
  ) {
    super(`Database with ID ${databaseId} is locked by another process; retry in ${retryAfterSeconds} s`, options);
  }
}

/**
 * The database file cannot be used right now (damaged, truncated, replaced, removed). `file`
 * and `reason` (SQLite's own words) tell the user which file to repair or detach.
 *
 * @example
 * throw new DatabaseUnavailableError('my-agents', '/data/agents.db', 'database disk image is malformed');
 */
export class DatabaseUnavailableError extends AppError {
  readonly code = 'DATABASE_UNAVAILABLE';

  constructor(
    readonly databaseId: string,
    readonly file: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`Database with ID ${databaseId} is unavailable: ${file}: ${reason}`, options);
  }
}

/**
 * A session whose stored `runs` value rundesk cannot decode (not JSON as Python's `json.loads`
 * reads it, or not a list). Only that session fails: the rest of the database answers as usual.
 * 422 rather than 503: the value will not heal by waiting, and a retry would fail the same way.
 * Writes to the session are refused too, so the value is never rebuilt from a misreading.
 *
 * @example
 * throw new SessionUnreadableError('my-agents', 's1', 'the runs value is not JSON (…)');
 */
export class SessionUnreadableError extends AppError {
  readonly code = 'SESSION_UNREADABLE';

  constructor(
    readonly databaseId: string,
    readonly sessionId: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`Session with ID ${sessionId} in database ${databaseId} cannot be read: ${reason}`, options);
  }
}

/**
 * A write that would address more than one row: a session table whose `session_id` is not
 * unique holds several rows for the id under the caller's scope (an admin naming no `user_id`),
 * or rows of several types and no `type` was given. Nothing is written: the caller names the
 * row with `?user_id=` (and `?type=`) and sends it again. The candidates' user ids and types are
 * in the body so a client can choose without reading the detail.
 *
 * @example
 * throw new AmbiguousSessionError('pdup', [{ user_id: 'alice', session_type: 'agent' }, { user_id: 'bob', session_type: 'agent' }]);
 */
export class AmbiguousSessionError extends AppError {
  readonly code = 'SESSION_AMBIGUOUS';
  readonly userIds: ReadonlyArray<string | null>;
  readonly sessionTypes: readonly string[];

  constructor(
    readonly sessionId: string,
    candidates: ReadonlyArray<{ user_id: string | null; session_type: string }>,
    options?: { cause?: unknown },
  ) {
    const userIds = [...new Set(candidates.map((c) => c.user_id))];
    const sessionTypes = [...new Set(candidates.map((c) => c.session_type))];
    const byUser = userIds.length > 1;
    const named = userIds.map((u) => (u === null ? '(none)' : u)).join(', ');
    super(
      byUser
        ? `Session with id '${sessionId}' matches ${candidates.length} rows (user_id ${named}); name one with ?user_id=`
        : `Session with id '${sessionId}' matches ${candidates.length} rows (session_type ${sessionTypes.join(', ')}); name one with ?type=`,
      options,
    );
    this.userIds = userIds;
    this.sessionTypes = sessionTypes;
  }
}

/** How a database is named in one-line messages: `database "x" (/p/file.db)`. */
export function describeDatabase(id: string, path: string): string {
  return `database "${id}" (${path})`;
}

/**
 * A database file that cannot be attached or opened now: missing, not SQLite, not writable, no
 * session table, a foreign `-wal` beside it. A configuration problem (its kind is
 * `CONFIG_ERROR`, so the CLI and the desk answer it as before) that names the database and says
 * `reason` in one clause, which a caller reuses (e.g. in a 503 for a file that went bad while
 * attached) without taking the message apart.
 *
 * @example
 * throw new DatabaseFileError('my-agents', '/data/agents.db', 'is not an SQLite file');
 */
export class DatabaseFileError extends ConfigError {
  constructor(
    readonly databaseId: string,
    readonly file: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`${describeDatabase(databaseId, file)} ${reason}`, [], options);
  }
}

export type DatabaseError = ReadOnlyDatabaseError | DatabaseBusyError | DatabaseUnavailableError | SessionUnreadableError | AmbiguousSessionError;

/**
 * A run for a session another user owns (Agno's upsert guard would skip it). A 409 naming the
 * conflict where the caller may see every session; under user isolation the ingest route answers
 * it as a session the caller cannot see (`ingestRun`), so no answer tells another user's session
 * exists.
 */
export class SessionOfAnotherUserError extends ConflictError {}
