import { AmbiguousSessionError } from './errors.js';
import { sessionTypeOf } from './session-rows.js';
import type { SessionRow } from './session-rows.js';
import type { SessionType } from './types.js';

/**
 * The one row a write addresses. Every store selects the rows of the session id under the
 * caller's scope (inside the write's transaction, locked where the engine locks rows) and hands
 * them here: the rows of `type` when one is given, and of them exactly one, or none. When more
 * than one still matches — a table whose `session_id` is not unique, read by an admin who named
 * no `user_id`, or rows of several types and no `type` — the write is refused with
 * `AmbiguousSessionError` (409 `SESSION_AMBIGUOUS`, naming the user ids to choose from): a write
 * never changes several rows and never picks one silently.
 *
 * @example
 * const rows = select('SELECT … WHERE session_id = ? AND <scope> FOR UPDATE');
 * const row = oneRowOf('pdup', rows, 'team'); // the team row, undefined, or a 409
 */
export type WriteCandidate = Pick<SessionRow, 'session_type' | 'agent_id' | 'team_id' | 'workflow_id' | 'user_id'>;

export function oneRowOf<T extends WriteCandidate>(sessionId: string, rows: readonly T[], type: SessionType | undefined): T | undefined {
  const typed = type === undefined ? rows : rows.filter((row) => sessionTypeOf(row) === type);
  if (typed.length <= 1) return typed[0];
  throw new AmbiguousSessionError(
    sessionId,
    typed.map((row) => ({ user_id: row.user_id === null || row.user_id === undefined ? null : String(row.user_id), session_type: sessionTypeOf(row) })),
  );
}

/**
 * The row a run written by `owner` goes to, among every row of the id (unscoped: the owner
 * decides): the owner's own rows, else rows of nobody (Agno's upsert guard `user_id = :user_id
 * OR user_id IS NULL`), narrowed by `oneRowOf`. A writer without an owner addresses every row of
 * the id. `undefined` when none is the writer's; `foreign` is then a row of another user, which
 * refuses the run (`assertSessionAccepts`), or `undefined` when the id is free.
 */
export function ownRowOf<T extends WriteCandidate>(
  sessionId: string,
  rows: readonly T[],
  owner: string | null,
  type: SessionType,
): { row: T | undefined; foreign: T | undefined } {
  if (owner === null) {
    // Several rows of the id and no owner: the type may still name one (else a 409).
    const row = rows.length <= 1 ? rows[0] : oneRowOf(sessionId, rows, type) ?? oneRowOf(sessionId, rows, undefined);
    return { row, foreign: undefined };
  }
  for (const mine of [rows.filter((r) => r.user_id === owner), rows.filter((r) => r.user_id === null || r.user_id === undefined)]) {
    if (mine.length === 1) return { row: mine[0], foreign: undefined };
    if (mine.length > 1) return { row: oneRowOf(sessionId, mine, type) ?? oneRowOf(sessionId, mine, undefined), foreign: undefined };
  }
  return { row: undefined, foreign: rows[0] };
}
