import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readClaim as serverReadClaim, scopesFromClaim } from '../../../server/auth/claims';
import { readClaim, scopesOf } from './jwt';

// A claim value: strings, lists, nested objects, and the odd number or null.
const claimValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('a:read', 'b:write c:read', '', ' x  y '),
    fc.array(fc.oneof(fc.constantFrom('a:read', 'b:read', ''), fc.integer()), { maxLength: 4 }),
    fc.integer(),
    fc.constant(null),
    fc.dictionary(fc.constantFrom('roles', 'realm_access', 'scope', 'a.b'), tie('value'), { maxKeys: 3 }),
  ),
})).value;
const claims = fc.dictionary(fc.constantFrom('scopes', 'scope', 'realm_access', 'roles', 'a', 'a.b', 'https://x.io/roles'), claimValue, { maxKeys: 4 });
const claimName = fc.constantFrom('scopes', 'scope', 'realm_access.roles', 'a.b', 'a.b.roles', 'https://x.io/roles', 'missing');

describe('reading claims in the browser', () => {
  it('reads any claim and its scopes exactly as the server’s auth layer does', () => {
    fc.assert(
      fc.property(claims, claimName, (c, name) => {
        expect(readClaim(c as Record<string, unknown>, name)).toEqual(serverReadClaim(c as Record<string, unknown>, name));
        expect(scopesOf(c as Record<string, unknown>, name)).toEqual(scopesFromClaim(serverReadClaim(c as Record<string, unknown>, name)));
      }),
    );
  });
});
