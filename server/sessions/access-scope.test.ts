import { describe, expect, it } from 'vitest';
import type { RequestAuthState } from '../auth/types.js';
import { accessScopeOf, seesNothing } from './access-scope.js';

function state(overrides: Partial<RequestAuthState>): RequestAuthState {
  return {
    authenticated: true,
    user_id: 'u1',
    session_id: null,
    scopes: [],
    audience: null,
    token: 't',
    authorization_enabled: false,
    dependencies: {},
    session_state: {},
    accessible_resource_ids: ['*'],
    is_admin: false,
    user_isolation: true,
    ...overrides,
  };
}

describe('accessScopeOf', () => {
  it('pins a non-admin caller to their own rows and writes under isolation, whatever the query says', () => {
    expect(accessScopeOf(state({}), 'someone-else')).toEqual({ userId: 'u1', writer: { kind: 'caller', userId: 'u1' } });
    expect(accessScopeOf(state({}), undefined).userId).toBe('u1');
  });

  it('fails closed when the token carries no user id: no row readable, no write', () => {
    const scope = accessScopeOf(state({ user_id: null }), 'u2');
    expect(scope).toEqual({ userId: null, writer: { kind: 'refused' } });
    expect(seesNothing(scope)).toBe(true);
  });

  it('follows the query for admins, when isolation is off, and on excluded routes', () => {
    expect(accessScopeOf(state({ is_admin: true }), 'u2')).toEqual({ userId: 'u2', writer: { kind: 'as-sent' } });
    expect(accessScopeOf(state({ is_admin: true }), undefined).userId).toBeUndefined();
    expect(accessScopeOf(state({ user_isolation: false }), 'u2').userId).toBe('u2');
    expect(accessScopeOf(null, 'u2')).toEqual({ userId: 'u2', writer: { kind: 'as-sent' } });
    expect(seesNothing(accessScopeOf(null, undefined))).toBe(false);
  });
});
