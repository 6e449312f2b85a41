import type { Database, DatabaseRegistry } from './types.js';

/**
 * The database that answers a request without `db_id`. AgentOS answers from its only database
 * (and refuses to guess among several); rundesk always has its built-in one besides the files
 * you attach, so it decides:
 * 1. `default_database`, when set, for reads and writes;
 * 2. otherwise writes go to the built-in database, and reads to the built-in database when it
 *    holds sessions or nothing else does, else to the first attached database that holds
 *    sessions — so an Agno client pointed at rundesk with one attached file sees that file.
 *
 * SQLite files answer "do you hold sessions?" at once; a server database (PostgreSQL) is asked
 * in the background at most every `HOLDS_SESSIONS_TTL_MS`, so no request waits on it.
 */
export function answeringDatabase(registry: DatabaseRegistry, defaultDatabase: string | null, intent: 'read' | 'write'): Database {
  if (defaultDatabase !== null) return registry.get(defaultDatabase);
  const builtIn = registry.default();
  if (intent === 'write' || holdsSessions(builtIn)) return builtIn;
  return registry.list().find((db) => db !== builtIn && holdsSessions(db)) ?? builtIn;
}

export const HOLDS_SESSIONS_TTL_MS = 1000;

const known = new WeakMap<Database, { holds: boolean; at: number; pending: boolean }>();

/** A database that cannot be read right now (a damaged file) holds nothing here; asked by id, it says why. */
function holdsSessions(db: Database): boolean {
  let immediate: boolean | undefined;
  try {
    immediate = db.holdsSessionsNow?.();
  } catch {
    return false;
  }
  if (immediate !== undefined) return immediate;
  const entry = known.get(db);
  if (entry && (entry.pending || Date.now() - entry.at < HOLDS_SESSIONS_TTL_MS)) return entry.holds;
  const next = { holds: entry?.holds ?? false, at: entry?.at ?? 0, pending: true };
  known.set(db, next);
  db.sessions()
    .hasSessions()
    .then(
      (holds) => known.set(db, { holds, at: Date.now(), pending: false }),
      () => known.set(db, { holds: false, at: Date.now(), pending: false }),
    );
  return next.holds;
}
