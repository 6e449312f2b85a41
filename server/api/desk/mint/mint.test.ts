import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { SettingsSchema } from '../../../settings/schema.js';
import { generateKeySync } from '../keys/generate.js';
import { publicJwk } from '../keys/jwk.js';
import type { SigningKey } from '../keys/store.js';
import { isClaimPath, setClaim } from './claims.js';
import { curlExample } from './curl.js';
import { mintToken, pickSigningKey, type MintSpec } from './mint.js';
import { resolveMintRequest } from './resolve.js';
import { DeskMintRequestSchema } from '../schemas.js';

const NOW = 1_800_000_000;
let keys: SigningKey[];
beforeAll(() => {
  keys = (['RS256', 'ES256', 'HS256'] as const).map((alg) => {
    const g = generateKeySync(alg);
    return { kid: g.kid, alg: g.alg, trusted: true, privateJwk: g.privateJwk };
  });
});

const settings = SettingsSchema.parse({});
const spec = (patch: Partial<MintSpec> = {}): MintSpec => ({
  ...resolveMintRequest(DeskMintRequestSchema.parse({ scopes: ['sessions:read'] }), settings, keys),
  ...patch,
});

async function verify(token: string, alg: string) {
  const key = keys.find((k) => k.alg === alg)!;
  const jwk = key.privateJwk.kty === 'oct' ? key.privateJwk : publicJwk(key.privateJwk);
  if (jwk.kty === 'oct') {
    return jwtVerify(token, Buffer.from(jwk.k, 'base64url'), { currentDate: new Date(NOW * 1000) });
  }
  return jwtVerify(token, createLocalJWKSet({ keys: [{ ...jwk, kid: key.kid } as never] }), { currentDate: new Date(NOW * 1000) });
}

describe('mintToken', () => {
  it('mints RS256, ES256 and HS256 tokens that verify with the local key, with the settings\' defaults', async () => {
    for (const alg of ['RS256', 'ES256', 'HS256'] as const) {
      const out = await mintToken(keys, spec({ alg }), NOW);
      expect(out.header).toEqual({ alg, typ: 'at+jwt', kid: keys.find((k) => k.alg === alg)!.kid });
      expect(out.claims).toEqual({ iss: 'rundesk', sub: 'demo-user', aud: 'rundesk-local', iat: NOW, exp: NOW + 3600, scopes: ['sessions:read'] });
      const { payload } = await verify(out.token, alg);
      expect(payload).toEqual(out.claims);
    }
  });

  it('puts scopes where scopes_claim says, as a string for `scope` and nested for dotted names', async () => {
    const scope = await mintToken(keys, { ...spec(), scopes_claim: 'scope', scopes_format: 'string', scopes: ['a:read', 'b:read'] }, NOW);
    expect(scope.claims.scope).toBe('a:read b:read');
    const scp = await mintToken(keys, { ...spec(), scopes_claim: 'scp' }, NOW);
    expect(scp.claims.scp).toEqual(['sessions:read']);
    const kc = await mintToken(keys, { ...spec(), scopes_claim: 'realm_access.roles' }, NOW);
    expect(kc.claims.realm_access).toEqual({ roles: ['sessions:read'] });
    const ns = await mintToken(keys, { ...spec(), scopes_claim: 'https://example.com/roles' }, NOW);
    expect(ns.claims['https://example.com/roles']).toEqual(['sessions:read']);
  });

  it('copies the user id to a custom user_id_claim and merges extra claims last', async () => {
    const out = await mintToken(keys, { ...spec(), user_id_claim: 'oid', session_id: 's1', claims: { tenant: 't1', iss: 'custom' } }, NOW);
    expect(out.claims).toMatchObject({ sub: 'demo-user', oid: 'demo-user', session_id: 's1', tenant: 't1', iss: 'custom' });
  });

  it('leaves out claims and header members set to null, and exp when asked', async () => {
    const out = await mintToken(keys, { ...spec(), sub: null, aud: null, iss: null, typ: null, no_exp: true }, NOW);
    expect(out.claims).toEqual({ iat: NOW, scopes: ['sessions:read'] });
    expect(out.header).not.toHaveProperty('typ');
    expect(out.expires_at).toBeNull();
  });

  it('makes each deliberately bad token bad in exactly its own way', async () => {
    const expired = await mintToken(keys, spec({ defect: 'expired' }), NOW);
    expect(expired.claims.exp).toBeLessThan(NOW - 60);
    await expect(verify(expired.token, 'RS256')).rejects.toMatchObject({ code: 'ERR_JWT_EXPIRED' });

    const early = await mintToken(keys, spec({ defect: 'not_yet_valid' }), NOW);
    expect(early.claims.nbf).toBeGreaterThan(NOW + 60);
    await expect(verify(early.token, 'RS256')).rejects.toMatchObject({ code: 'ERR_JWT_CLAIM_VALIDATION_FAILED', claim: 'nbf' });

    const aud = await mintToken(keys, spec({ defect: 'wrong_audience' }), NOW);
    expect(aud.claims.aud).toBe('not-rundesk-local');
    await expect(verify(aud.token, 'RS256')).resolves.toBeTruthy();

    const untrusted = await mintToken(keys, spec({ defect: 'untrusted_key' }), NOW);
    expect(untrusted.kid).toMatch(/^untrusted-rs256-/);
    expect(keys.map((k) => k.kid)).not.toContain(untrusted.kid);

    const none = await mintToken(keys, spec({ defect: 'none_alg' }), NOW);
    expect(none.token.endsWith('.')).toBe(true);
    expect(decodeProtectedHeader(none.token).alg).toBe('none');

    const tampered = await mintToken(keys, spec({ defect: 'tampered' }), NOW);
    expect(tampered.claims.scopes).toEqual(['sessions:read', 'platform:admin']);
    await expect(verify(tampered.token, 'RS256')).rejects.toMatchObject({ code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' });
  });

  it('refuses an unknown kid or a key of another algorithm with a 422', () => {
    expect(() => pickSigningKey(keys, 'nope', 'RS256')).toThrow(/No local signing key with kid nope/);
    expect(() => pickSigningKey(keys, keys[1]!.kid, 'RS256')).toThrow(/is a ES256 key/);
    expect(() => pickSigningKey(keys, null, 'PS256')).toThrow(/No local PS256 signing key/);
  });

  it('round-trips arbitrary subjects, scopes and extra claims', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1 }),
        fc.array(fc.string({ minLength: 1 }).filter((s) => !/\s/.test(s)), { maxLength: 5 }),
        fc.dictionary(fc.constantFrom('tenant', 'org', 'plan'), fc.jsonValue()),
        async (sub, scopes, claims) => {
          const out = await mintToken(keys, { ...spec(), alg: 'HS256', sub, scopes, claims }, NOW);
          const { payload } = await verify(out.token, 'HS256');
          expect(payload).toEqual(JSON.parse(JSON.stringify(out.claims)));
          expect(payload.sub).toBe(sub);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('resolveMintRequest', () => {
  it('follows the settings: algorithm, claim names and the expected audience', () => {
    const s = SettingsSchema.parse({ os_id: 'my-os', auth: { algorithm: 'ES256', scopes_claim: 'scope', audience: ['a', 'b'] } });
    const r = resolveMintRequest(DeskMintRequestSchema.parse({}), s, keys);
    expect(r).toMatchObject({ alg: 'ES256', scopes_claim: 'scope', scopes_format: 'string', aud: ['a', 'b'], typ: 'at+jwt' });
    expect(resolveMintRequest(DeskMintRequestSchema.parse({}), SettingsSchema.parse({ os_id: 'my-os' }), keys).aud).toBe('my-os');
    expect(resolveMintRequest(DeskMintRequestSchema.parse({ key: keys[2]!.kid }), s, keys).alg).toBe('HS256');
  });
});

describe('claim paths and curl', () => {
  it('nests plain dotted names only', () => {
    expect(isClaimPath('realm_access.roles')).toBe(true);
    expect(isClaimPath('https://example.com/roles')).toBe(false);
    expect(isClaimPath('a..b')).toBe(false);
    expect(setClaim({}, '__proto__.x', 1)).toEqual(JSON.parse('{"__proto__.x":1}'));
  });

  it('builds a curl for header and cookie token sources', () => {
    const auth = settings.auth;
    expect(curlExample('t.o.k', 'http://127.0.0.1:7777', auth, '/agents')).toBe(
      "curl -H 'Authorization: Bearer t.o.k' 'http://127.0.0.1:7777/agents'",
    );
    expect(curlExample('t.o.k', 'http://h', { ...auth, token_header_key: 'X-Token' }, '/a')).toBe("curl -H 'X-Token: t.o.k' 'http://h/a'");
    expect(curlExample('t.o.k', 'http://h', { ...auth, token_source: 'COOKIE' }, '/a')).toBe("curl --cookie 'access_token=t.o.k' 'http://h/a'");
  });
});

describe('setClaim', () => {
  it('keeps a __proto__ claim as data instead of changing the prototype', () => {
    const claims = setClaim({}, '__proto__', { admin: true });
    expect(Object.getPrototypeOf(claims)).toBe(Object.prototype);
    expect(JSON.stringify(claims)).toBe('{"__proto__":{"admin":true}}');
  });
});
