import type { RequestAuthState } from './types.js';

/**
 * The `user_id` a store query must be limited to (SPEC §5.2 `user_isolation`; DESIGN
 * "Security defaults"):
 * - isolation on, caller not admin → the caller's own user id, whatever the query asks;
 *   `null` when the token carries none, which the store matches against nothing (fail
 *   closed: never everyone's rows);
 * - admin, isolation off, or no auth state (excluded route) → the query's `user_id`
 *   (`undefined` = no filter).
 *
 * @example
 * const userId = effectiveUserFilter(authStateOf(res), req.query.user_id);
 * store.getRun({ sessionId, runId, userId }); // null → not found
 */
export function effectiveUserFilter(
  state: RequestAuthState | null,
  queryUserId: string | undefined,
): string | null | undefined {
  if (state && state.user_isolation && !state.is_admin) return state.user_id;
  return queryUserId;
}
