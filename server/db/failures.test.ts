import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../errors.js';
import { BUSY_TIMEOUT_MS } from './connection.js';
import { DatabaseBusyError, DatabaseUnavailableError } from './errors.js';
import { guardDatabase, toDatabaseFailure } from './failures.js';
import type { Database, SessionStore } from './types.js';
import { NO_TRACES } from './traces/types.js';

const sqliteError = (code: string, message: string) => Object.assign(new Error(message), { code });
const db = { id: 'agents', path: '/data/agents.db' };

describe('toDatabaseFailure', () => {
  it.each([
    ['SQLITE_BUSY', 'database is locked', DatabaseBusyError],
    ['SQLITE_BUSY_SNAPSHOT', 'database is locked', DatabaseBusyError],
    ['SQLITE_LOCKED', 'database table is locked', DatabaseBusyError],
    ['SQLITE_CORRUPT', 'database disk image is malformed', DatabaseUnavailableError],
    ['SQLITE_NOTADB', 'file is not a database', DatabaseUnavailableError],
    ['SQLITE_IOERR_SHORT_READ', 'disk I/O error', DatabaseUnavailableError],
    ['SQLITE_CANTOPEN', 'unable to open database file', DatabaseUnavailableError],
  ])('maps %s to its kind', (code, message, kind) => {
    const failure = toDatabaseFailure(sqliteError(code, message), db);
    expect(failure).toBeInstanceOf(kind);
    if (failure instanceof DatabaseUnavailableError) {
      expect(failure).toMatchObject({ databaseId: 'agents', file: '/data/agents.db', reason: message });
      expect(failure.message).toBe(`Database with ID agents is unavailable: /data/agents.db: ${message}`);
    }
    if (failure instanceof DatabaseBusyError) expect(failure.retryAfterSeconds).toBe(1);
  });

  it('leaves our own errors, other SQLite errors and non-errors alone', () => {
    const ours = new NotFoundError('x');
    const constraint = sqliteError('SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed');
    expect(toDatabaseFailure(ours, db)).toBe(ours);
    expect(toDatabaseFailure(constraint, db)).toBe(constraint);
    expect(toDatabaseFailure('text', db)).toBe('text');
  });
});

describe('guardDatabase', () => {
  /** A database whose store fails with whatever `failWith` holds; records lock-wait changes. */
  function fakeDatabase() {
    const state = { failWith: null as unknown, waits: [] as number[] };
    const store = {
      counts: () => {
        if (state.failWith) throw state.failWith;
        return { sessions: 1, runs: 2 };
      },
      countsLater: async () => {
        if (state.failWith) throw state.failWith;
        return 1;
      },
    } as unknown as SessionStore & { countsLater(): Promise<number> };
    const database = {
      id: 'agents',
      path: '/data/agents.db',
      readOnly: true,
      sessionTables: () => ['agno_sessions'],
      sessions: () => store,
      traces: () => NO_TRACES,
      info: () => {
        throw state.failWith;
      },
      platformData: () => {
        throw state.failWith;
      },
      setLockWait: (ms: number) => state.waits.push(ms),
      close: () => undefined,
    } satisfies Database;
    return { state, database };
  }

  it('turns thrown and rejected driver errors into failure kinds', async () => {
    const { state, database } = fakeDatabase();
    const guarded = guardDatabase(database);
    state.failWith = sqliteError('SQLITE_CORRUPT', 'database disk image is malformed');
    expect(() => guarded.sessions().counts()).toThrow(DatabaseUnavailableError);
    expect(() => guarded.info()).toThrow(DatabaseUnavailableError);
    await expect((guarded.sessions() as ReturnType<typeof database.sessions> & { countsLater(): Promise<number> }).countsLater()).rejects.toBeInstanceOf(
      DatabaseUnavailableError,
    );
    state.failWith = null;
    expect(guarded.sessions().counts()).toEqual({ sessions: 1, runs: 2 });
  });

  it('stops waiting for a contended lock for the Retry-After window, then waits the short timeout again', () => {
    const { state, database } = fakeDatabase();
    let now = 1_000;
    const guarded = guardDatabase(database, () => now);
    state.failWith = sqliteError('SQLITE_BUSY', 'database is locked');
    expect(() => guarded.sessions().counts()).toThrow(DatabaseBusyError);
    expect(state.waits).toEqual([0]);
    now += 500;
    expect(() => guarded.sessions().counts()).toThrow(DatabaseBusyError);
    expect(state.waits).toEqual([0]);
    state.failWith = null;
    now += 999;
    expect(guarded.sessions().counts()).toEqual({ sessions: 1, runs: 2 });
    expect(state.waits).toEqual([0]);
    now += 1;
    guarded.sessions().counts();
    expect(state.waits).toEqual([0, BUSY_TIMEOUT_MS]);
  });
});
