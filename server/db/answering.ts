import type { Database, DatabaseRegistry } from './types.js';

/**
 * The database that answers a request without `db_id`. AgentOS answers from its only database
 * (and refuses to guess among several); rundesk always has its built-in one besides the files
 * you attach, so it decides:
 * 1. `default_database`, when set, for reads and writes;
 * 2. otherwise writes go to the built-in database, and reads to the built-in database when it
 *    holds sessions or nothing else does, else to the first attached database that holds
 *    sessions — so an Agno client pointed at rundesk with one attached file sees that file.
 */
export function answeringDatabase(registry: DatabaseRegistry, defaultDatabase: string | null, intent: 'read' | 'write'): Database {
  if (defaultDatabase !== null) return registry.get(defaultDatabase);
  const builtIn = registry.default();
  if (intent === 'write' || builtIn.store().hasSessions()) return builtIn;
  return registry.list().find((db) => db !== builtIn && hasSessionsSafely(db)) ?? builtIn;
}

/** A broken attached file is not a candidate; asking for it by id still reports why. */
function hasSessionsSafely(db: Database): boolean {
  try {
    return db.store().hasSessions();
  } catch {
    return false;
  }
}
