import type { BoundedLru } from '../caches/bounded-lru.js';
import { databaseOwner } from '../caches/owners.js';
import { DatabaseBusyError } from './errors.js';
import { BUSY_RETRY_AFTER_SECONDS } from './failures.js';
import type { Database, DatabaseRegistry } from './types.js';

/**
 * The database that answers a request without `db_id`. AgentOS answers from its only database
 * (and refuses to guess among several); rundesk always has its built-in one besides the files
 * you attach, so it decides:
 * 1. `default_database`, when set;
 * 2. otherwise the built-in database when it holds sessions or nothing else does, else the
 *    first attached database that holds sessions — so an Agno client pointed at rundesk with one
 *    attached file sees that file.
 * Reads and writes go to the same database: a write without `db_id` never lands somewhere that
 * would make another database answer the next read (the answering database never changes by
 * itself; a read-only answering database refuses the write with its 409).
 *
 * A database that cannot be asked right now (locked by another process, damaged, a PostgreSQL
 * server that is down) is never skipped for that reason: what it was last seen to hold still
 * decides, and one never seen at all is the answering database — so the request fails with its
 * error (503 DATABASE_BUSY, DATABASE_UNAVAILABLE) instead of being answered by another database.
 *
 * SQLite files answer "do you hold sessions?" at once; a server database (PostgreSQL) is asked
 * in the background at most every `HOLDS_SESSIONS_TTL_MS`, so no request waits on it. Until its
 * first answer (just after a start) a request that depends on it is a 503 DATABASE_BUSY with
 * `Retry-After`, never an answer from the next database.
 */
export function answeringDatabase(memo: HoldingsMemo, registry: DatabaseRegistry, defaultDatabase: string | null, _intent: 'read' | 'write'): Database {
  if (defaultDatabase !== null) return registry.get(defaultDatabase);
  const builtIn = registry.default();
  const candidates = registry.list().filter((db) => db !== builtIn);
  for (const db of [builtIn, ...candidates]) {
    const holds = holdsSessions(memo, db);
    if (holds === true || holds === 'never-seen') return db;
    if (holds === 'asking') throw new DatabaseBusyError(db.id, BUSY_RETRY_AFTER_SECONDS);
  }
  return builtIn;
}

/**
 * The answering database's id as the listings name it (`GET /config`, the Databases page), or
 * null while it is being decided.
 */
export function answeringDatabaseId(memo: HoldingsMemo, registry: DatabaseRegistry, defaultDatabase: string | null): string | null {
  try {
    return answeringDatabase(memo, registry, defaultDatabase, 'read').id;
  } catch {
    return null;
  }
}

/** Asks PostgreSQL at most this often whether it holds sessions. */
export const HOLDS_SESSIONS_TTL_MS = 1000;

/**
 * `true`/`false`: what the database holds, now or when last seen; `never-seen`: it could not be
 * asked and never could; `asking`: a server database's first answer is on its way.
 */
type Holds = boolean | 'never-seen' | 'asking';

/** One memoised "does this database hold any session?" (below). */
export interface Holding {
  readonly db: object;
  holds: boolean | null;
  at: number;
  pending: boolean;
}

/**
 * What each database was last seen to hold, and (for server databases) whether a check is under
 * way: the server's `caches.holdings`, keyed by database (a detach drops its entry).
 */
export type HoldingsMemo = BoundedLru<Holding>;

/**
 * Starts the background check of a server database now (at startup), so the first request
 * without `db_id` usually finds its answer ready.
 */
export function primeAnsweringDatabases(memo: HoldingsMemo, registry: DatabaseRegistry): void {
  for (const db of registry.list()) if (db.holdsSessionsNow === undefined) holdsSessions(memo, db);
}

function holdsSessions(memo: HoldingsMemo, db: Database): Holds {
  const key = databaseOwner(db.id);
  // Tagged with the database object: an answer arriving after a detach never speaks for a re-attached id.
  const seen = {
    get: () => {
      const known = memo.get(key);
      return known?.db === db ? known : undefined;
    },
    set: (value: Omit<Holding, 'db'>) => memo.set(key, { ...value, db }),
  };
  const entry = seen.get();
  if (db.holdsSessionsNow !== undefined) {
    try {
      const holds = db.holdsSessionsNow();
      seen.set({ holds, at: Date.now(), pending: false });
      return holds;
    } catch {
      return entry?.holds ?? 'never-seen';
    }
  }
  if (!entry || (!entry.pending && Date.now() - entry.at >= HOLDS_SESSIONS_TTL_MS)) {
    const next = { holds: entry?.holds ?? null, at: entry?.at ?? 0, pending: true };
    seen.set(next);
    db.sessions()
      .hasSessions()
      .then(
        (holds) => seen.set({ holds, at: Date.now(), pending: false }),
        // Down or refusing: keep what it held before; a server never reached answers with its error.
        () => seen.set({ holds: next.holds, at: Date.now(), pending: false }),
      );
    // A server that already failed to answer keeps answering with its error while it is asked again.
    return next.holds ?? (next.at > 0 ? 'never-seen' : 'asking');
  }
  if (entry.holds !== null) return entry.holds;
  return entry.pending && entry.at === 0 ? 'asking' : 'never-seen';
}
