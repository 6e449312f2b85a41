import type { Response } from 'express';
import { effectiveUserFilter } from '../auth/index.js';
import { answeringDatabase } from '../db/answering.js';
import type { Database, SessionStore } from '../db/types.js';
import { BadRequestError, ForbiddenError } from '../errors.js';
import { authStateOf } from './auth-middleware.js';
import type { Runtime } from '../runtime-types.js';

/**
 * Picks the database and session table a request names. `table` without `db_id` is a 400
 * (DESIGN.md "Store"); unknown ids and tables are 404s raised by the registry and database.
 * Without `db_id`, `answeringDatabase` decides.
 */
export function selectStore(
  runtime: Runtime,
  selector: { db_id?: string | undefined; table?: string | undefined },
  intent: 'read' | 'write' = 'read',
): SessionStore {
  if (selector.table !== undefined && selector.db_id === undefined) {
    throw new BadRequestError('The `table` query parameter requires `db_id`');
  }
  const db: Database = selector.db_id === undefined ? answeringDatabase(runtime.databases, runtime.settings().settings.default_database, intent) : runtime.databases.get(selector.db_id);
  return db.store(selector.table);
}

/**
 * The user filter for reads: under isolation a non-admin caller sees only its own rows
 * whatever `user_id` says (a caller with no user id sees nothing); otherwise `user_id` filters.
 */
export function userFilterFor(res: Response, queryUserId: string | undefined): string | null | undefined {
  return effectiveUserFilter(authStateOf(res), queryUserId);
}

/**
 * The user a written run is stamped with. Under isolation a non-admin caller writes only as
 * itself, and a caller with no user id cannot write at all (fail closed).
 */
export function writerUserFor(res: Response, runUserId: unknown): string | null {
  const state = authStateOf(res);
  if (state && state.user_isolation && !state.is_admin) {
    if (!state.user_id) {
      throw new ForbiddenError('User isolation is on and the token carries no user id, so it cannot write runs');
    }
    return state.user_id;
  }
  return typeof runUserId === 'string' && runUserId.length > 0 ? runUserId : null;
}
