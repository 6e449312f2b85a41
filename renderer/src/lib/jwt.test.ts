import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readClaim as serverReadClaim, scopesFromClaim } from '../../../server/auth/claims';
import { decodeJwt, readClaim, scopesOf } from './jwt';

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

describe('decodeJwt (display only, no verification)', () => {
  const enc = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('reads the header and the claims of a signed token, non-ASCII text included', async () => {
    const { SignJWT } = await import('jose');
    const token = await new SignJWT({ sub: 'olivia', city: 'Montréal', scopes: ['sessions:read'] })
      .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
      .sign(new TextEncoder().encode('a secret of at least thirty-two bytes!'));
    expect(decodeJwt(`  ${token}\n`)).toEqual({ header: { alg: 'HS256', kid: 'k1' }, claims: { sub: 'olivia', city: 'Montréal', scopes: ['sessions:read'] } });
  });

  it('answers null for what is not a compact JWS with object header and claims', () => {
    expect(decodeJwt('')).toBeNull();
    expect(decodeJwt('not a token')).toBeNull();
    expect(decodeJwt(`${enc({ alg: 'none' })}.${enc({ sub: 'a' })}`)).toBeNull();
    expect(decodeJwt(`.${enc({ sub: 'a' })}.sig`)).toBeNull();
    expect(decodeJwt(`${enc({ alg: 'HS256' })}.${enc(['a'])}.sig`)).toBeNull();
    expect(decodeJwt(`${enc({ alg: 'HS256' })}.%%%.sig`)).toBeNull();
    // An encrypted token (five parts) has a readable header but no readable claims.
    expect(decodeJwt(`${enc({ alg: 'dir', enc: 'A128GCM' })}.x.x.x.x`)).toBeNull();
  });
});
