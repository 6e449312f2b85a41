import type { RequestAuthState } from '../auth/types.js';

/**
 * What one request may do with stored sessions, decided once from its auth state (SPEC §5.2
 * `user_isolation`; DESIGN "Security defaults") and handed to every use case. This is the one
 * place the isolation rule lives.
 */
export interface AccessScope {
  /**
   * Rows the caller reads: `undefined` every row, a string only that user's rows, `null` no row
   * at all — isolation on and a token without a user id fails closed, never open.
   */
  readonly userId: string | null | undefined;
  /** Whose written runs are: the caller's own id (isolation), as the body says, or refused. */
  readonly writer: { kind: 'caller'; userId: string } | { kind: 'as-sent' } | { kind: 'refused' };
}

/**
 * @example
 * accessScopeOf({ user_isolation: true, is_admin: false, user_id: 'ada', ... }, 'bob');
 * // { userId: 'ada', writer: { kind: 'caller', userId: 'ada' } }: the query cannot widen it
 */
export function accessScopeOf(state: RequestAuthState | null, queryUserId?: string | undefined): AccessScope {
  if (state && state.user_isolation && !state.is_admin) {
    const own = state.user_id;
    return { userId: own, writer: own ? { kind: 'caller', userId: own } : { kind: 'refused' } };
  }
  // Admin, isolation off, or an excluded route: the query's user_id only narrows.
  return { userId: queryUserId, writer: { kind: 'as-sent' } };
}

/** Whether the scope can see no row at all, so a store need not be asked. */
export function seesNothing(scope: AccessScope): boolean {
  return scope.userId === null;
}
