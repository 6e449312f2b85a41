import { describe, expect, it } from 'vitest';
import type { RequestAuthState } from './types.js';
import { effectiveUserFilter } from './user-filter.js';

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

describe('effectiveUserFilter', () => {
  it('pins a non-admin caller to their own user id under isolation, whatever the query says', () => {
    expect(effectiveUserFilter(state({}), 'someone-else')).toBe('u1');
    expect(effectiveUserFilter(state({}), undefined)).toBe('u1');
  });

  it('fails closed with null when the token carries no user id', () => {
    expect(effectiveUserFilter(state({ user_id: null }), 'u2')).toBeNull();
  });

  it('follows the query for admins and when isolation is off', () => {
    expect(effectiveUserFilter(state({ is_admin: true }), 'u2')).toBe('u2');
    expect(effectiveUserFilter(state({ is_admin: true }), undefined)).toBeUndefined();
    expect(effectiveUserFilter(state({ user_isolation: false }), 'u2')).toBe('u2');
    expect(effectiveUserFilter(null, 'u2')).toBe('u2');
  });
});
