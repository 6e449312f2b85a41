import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AuthSettingsSchema } from '../../../settings/schema.js';
import { lintToken, type LintKeyInfo } from './lint.js';

const settings = AuthSettingsSchema.parse({});
const now = 1_800_000_000;
const good = {
  header: { alg: 'RS256', typ: 'at+jwt', kid: 'k1' },
  claims: { iss: 'rundesk', sub: 'u1', aud: 'rundesk-local', iat: now, exp: now + 3600, scopes: ['sessions:read'] },
};
const codes = (header: Record<string, unknown>, claims: Record<string, unknown>, s = settings, key: LintKeyInfo = { kind: 'asymmetric' }) =>
  lintToken(header, claims, s, key).map((w) => w.code);

describe('lintToken', () => {
  it('says nothing about a well-formed short-lived RFC 9068 token', () => {
    expect(lintToken(good.header, good.claims, settings, { kind: 'asymmetric' })).toEqual([]);
  });

  it.each([
    ['no exp', {}, { exp: undefined }, 'no_exp'],
    ['no aud', {}, { aud: undefined }, 'no_aud'],
    ['typ JWT', { typ: 'JWT' }, {}, 'typ_not_at_jwt'],
    ['typ missing', { typ: undefined }, {}, 'typ_not_at_jwt'],
    ['alg mismatch', { alg: 'ES256' }, {}, 'alg_mismatch'],
    ['alg none', { alg: 'none' }, {}, 'alg_none'],
    ['jku header', { jku: 'https://evil.example/jwks' }, {}, 'key_url_header'],
    ['x5u header', { x5u: 'https://evil.example/cert' }, {}, 'key_url_header'],
    ['embedded jwk', { jwk: { kty: 'RSA' } }, {}, 'key_url_header'],
    ['30-day lifetime', {}, { exp: now + 30 * 86400 }, 'long_lifetime'],
    ['scopes as a string', {}, { scopes: 'sessions:read agents:read' }, 'scopes_string'],
    ['scopes nested in an object', {}, { scopes: { read: true } }, 'scopes_nested'],
    ['scopes with non-strings', {}, { scopes: ['a', ['b']] }, 'scopes_nested'],
    ['scopes claim missing', {}, { scopes: undefined }, 'no_scopes_claim'],
    ['exp as text', {}, { exp: '1800003600' }, 'bad_time_claim'],
  ])('%s → %s', (_name, headerPatch, claimsPatch, code) => {
    const header = { ...good.header, ...headerPatch };
    const claims = { ...good.claims, ...claimsPatch };
    for (const [k, v] of Object.entries(claimsPatch)) if (v === undefined) delete (claims as Record<string, unknown>)[k];
    for (const [k, v] of Object.entries(headerPatch)) if (v === undefined) delete (header as Record<string, unknown>)[k];
    expect(codes(header, claims)).toContain(code);
  });

  it('flags an HMAC secret shorter than the hash output, per algorithm', () => {
    const s = { ...settings, algorithm: 'HS256' as const };
    const header = { ...good.header, alg: 'HS256' };
    expect(codes(header, good.claims, s, { kind: 'hmac', secretBytes: 16 })).toContain('short_hmac_secret');
    expect(codes(header, good.claims, s, { kind: 'hmac', secretBytes: 32 })).not.toContain('short_hmac_secret');
    const s512 = { ...settings, algorithm: 'HS512' as const };
    expect(codes({ ...header, alg: 'HS512' }, good.claims, s512, { kind: 'hmac', secretBytes: 48 })).toContain('short_hmac_secret');
  });

  it('points at the claim that holds the scopes when scopes_claim names another', () => {
    const claims: Record<string, unknown> = { ...good.claims, scp: ['sessions:read'] };
    delete claims.scopes;
    const w = lintToken(good.header, claims, settings, null).find((x) => x.code === 'no_scopes_claim');
    expect(w?.message).toMatch(/the token has scp/);
  });

  it('reads dotted claim names as paths (realm_access.roles)', () => {
    const s = { ...settings, scopes_claim: 'realm_access.roles' };
    const claims: Record<string, unknown> = { ...good.claims, realm_access: { roles: ['sessions:read'] } };
    expect(codes(good.header, claims, s)).not.toContain('no_scopes_claim');
  });

  it('warns about a missing user id only under user isolation', () => {
    const claims: Record<string, unknown> = { ...good.claims };
    delete claims.sub;
    expect(codes(good.header, claims)).not.toContain('no_user_id');
    expect(codes(good.header, claims, { ...settings, user_isolation: true })).toContain('no_user_id');
  });

  it('never throws and always answers messages, whatever header and claims hold', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.dictionary(fc.string(), fc.jsonValue()), (header, claims) => {
        const out = lintToken(header, claims, settings, null);
        expect(out.every((w) => typeof w.message === 'string' && w.message.length > 0)).toBe(true);
      }),
    );
  });

  it('flags exactly the lifetimes above 24 hours', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 * 86400 }), (ttl) => {
        const has = codes(good.header, { ...good.claims, exp: now + ttl }).includes('long_lifetime');
        expect(has).toBe(ttl > 86400);
      }),
    );
  });
});
