import type { RequestAuthState } from '../auth/types.js';
import { ForbiddenError } from '../errors.js';

/**
 * Whose rows one request may read and write (`user_isolation`; fail closed, see docs/decisions.md "Security
 * defaults"). Built once per request from the auth decision (`accessScopeOf`), or asked for
 * explicitly (the desk view reads as the developer: `AccessScope.all()`), then handed to the use
 * cases and from them to every store, which applies it in the query that reads the row — each
 * store in one helper of its own (see `scopeCondition`). Nothing else decides whose a row is.
 *
 * - `all`: every row — isolation off, the admin scope, a route the JWT layer leaves open, the
 *   desk view.
 * - `user`: only rows whose `user_id` is `userId` — a non-admin caller under isolation.
 * - `none`: no row at all — isolation on and a token without a user id: it fails closed, never
 *   open, and cannot write.
 */
export type AccessScope = { readonly kind: 'all' } | { readonly kind: 'user'; readonly userId: string } | { readonly kind: 'none' };

const ALL: AccessScope = Object.freeze({ kind: 'all' });
const NONE: AccessScope = Object.freeze({ kind: 'none' });

/** The constructors: `AccessScope.all()`, `AccessScope.user('ada')`, `AccessScope.none()`. */
export const AccessScope = {
  all: (): AccessScope => ALL,
  user: (userId: string): AccessScope => Object.freeze({ kind: 'user', userId }),
  none: (): AccessScope => NONE,
} as const;

/**
 * The scope of a request the JWT layer decided: `state` is its request state (as the platform's JWT middleware sets it), `null` on a
 * route the layer leaves open (`excluded_route_paths`).
 *
 * @example
 * accessScopeOf({ ...state, user_isolation: true, is_admin: false, user_id: 'ada' }); // user('ada')
 * accessScopeOf({ ...state, user_isolation: true, is_admin: false, user_id: null });  // none
 * accessScopeOf({ ...state, user_isolation: false });                                 // all
 */
export function accessScopeOf(state: RequestAuthState | null): AccessScope {
  if (state === null || !state.user_isolation || state.is_admin) return ALL;
  return state.user_id === null ? NONE : AccessScope.user(state.user_id);
}

/**
 * The scope a read runs under when the request names a `user_id` in its query: a caller who
 * sees every row may narrow to one user's; a pinned caller cannot widen or move its scope.
 */
export function narrowedTo(scope: AccessScope, queryUserId: string | undefined): AccessScope {
  return scope.kind === 'all' && queryUserId !== undefined ? AccessScope.user(queryUserId) : scope;
}

/** Whether a row owned by `rowUserId` is inside the scope: the rule every store's query applies. */
export function admits(scope: AccessScope, rowUserId: string | null | undefined): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'user':
      return rowUserId === scope.userId;
    case 'none':
      return false;
  }
}

/**
 * The one place a written row's owner is decided: under `user` the caller owns it whatever the
 * body claims; under `all` it is what the writer claims (the run's or session's `user_id`);
 * `none` cannot write. `what` names the thing refused (`runs`, `sessions`).
 */
export function ownerOf(scope: AccessScope, claimed: string | null, what: string): string | null {
  switch (scope.kind) {
    case 'all':
      return claimed;
    case 'user':
      return scope.userId;
    case 'none':
      throw new ForbiddenError(`User isolation is on and the token carries no user id, so it cannot write ${what}`);
  }
}

/**
 * The scope as an SQL condition on `column` (the owner column; values are bound through `bind`,
 * which returns the placeholder): `1 = 1` for every row, `1 = 0` for none. Each store's one scope
 * helper calls this, so SQLite and PostgreSQL, sessions, traces, memories and evals share one
 * reading of the rule, and a query under any scope is the same statement shape.
 *
 * @example
 * const params: unknown[] = [];
 * scopeCondition(AccessScope.user('ada'), 't.user_id', (v) => (params.push(v), '?')); // 't.user_id = ?'
 */
export function scopeCondition(scope: AccessScope, column: string, bind: (value: string) => string): string {
  switch (scope.kind) {
    case 'all':
      return '1 = 1';
    case 'user':
      return `${column} = ${bind(scope.userId)}`;
    case 'none':
      return '1 = 0';
  }
}

/** A text that tells scopes apart, for keys of answers cached per scope (`*`, `u3:ada`, `-`). */
export function scopeKey(scope: AccessScope): string {
  switch (scope.kind) {
    case 'all':
      return '*';
    case 'user':
      // The length keeps ids apart whatever characters they hold.
      return `u${scope.userId.length}:${scope.userId}`;
    case 'none':
      return '-';
  }
}
