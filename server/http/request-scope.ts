import { answeringDatabase } from '../db/answering.js';
import type { Database, SessionStore } from '../db/types.js';
import { BadRequestError } from '../errors.js';
import type { Runtime } from '../runtime/runtime-types.js';

/**
 * Picks the database and session table a request names. `table` without `db_id` is a 400
 * (docs/databases.md); unknown ids and tables are 404s raised by the registry and database.
 * Without `db_id`, `answeringDatabase` decides.
 */
export function selectDatabase(
  runtime: Runtime,
  selector: { db_id?: string | undefined; table?: string | undefined },
  intent: 'read' | 'write' = 'read',
): Database {
  if (selector.table !== undefined && selector.db_id === undefined) {
    throw new BadRequestError('The `table` query parameter requires `db_id`');
  }
  if (selector.db_id !== undefined) return runtime.databases.get(selector.db_id);
  return answeringDatabase(runtime.caches.holdings, runtime.databases, runtime.settings().settings.default_database, intent);
}

export function selectStore(
  runtime: Runtime,
  selector: { db_id?: string | undefined; table?: string | undefined },
  intent: 'read' | 'write' = 'read',
): SessionStore {
  return selectDatabase(runtime, selector, intent).sessions(selector.table);
}
