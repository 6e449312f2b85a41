import { exportJWK, exportPKCS8, exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDeskServer, type DeskTestServer } from '../../../testing/desk-server.js';

/** `POST /desk/inspect/verify`: a token checked against a pasted key, as on jwt.io. */
let s: DeskTestServer;
let a: Awaited<ReturnType<typeof generateKeyPair>>;
let b: Awaited<ReturnType<typeof generateKeyPair>>;
const now = () => Math.floor(Date.now() / 1000);

async function rs256(key: Parameters<SignJWT['sign']>[0], kid: string | null, claims: Record<string, unknown> = {}): Promise<string> {
  const jwt = new SignJWT({ sub: 'alice', scopes: ['sessions:read'], ...claims }).setProtectedHeader(kid ? { alg: 'RS256', kid } : { alg: 'RS256' });
  jwt.setIssuedAt();
  if (claims.exp === undefined) jwt.setExpirationTime(now() + 600);
  return jwt.sign(key);
}

const verify = (body: Record<string, unknown>) => s.desk('POST', '/desk/inspect/verify', body);

beforeAll(async () => {
  s = await startDeskServer();
  a = await generateKeyPair('RS256', { extractable: true });
  b = await generateKeyPair('RS256', { extractable: true });
});
afterAll(() => s.stop());

describe('Given a token and a pasted key', () => {
  it('When the key is the PEM public key that signed it, Then it verifies and the claims are shown', async () => {
    const r = await verify({ token: await rs256(a.privateKey, 'ka'), key: await exportSPKI(a.publicKey) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ verified: true, alg: 'RS256', kid: 'ka', key_kind: 'pem', keys_tried: 1, expired: false });
    expect((r.body as { claims: { sub: string } }).claims.sub).toBe('alice');
  });

  it('When the key is another PEM key, Then the answer is 200 with verified false and says another key signed it', async () => {
    const r = await verify({ token: `Bearer ${await rs256(a.privateKey, 'ka')}`, key: await exportSPKI(b.publicKey) });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ verified: false, key_kind: 'pem' });
    expect((r.body as { reason: string }).reason).toMatch(/another key/);
  });

  it('When a JWKS holds the key under the token\'s kid, Then that key is named', async () => {
    const jwks = { keys: [{ ...(await exportJWK(b.publicKey)), kid: 'kb' }, { ...(await exportJWK(a.publicKey)), kid: 'ka', use: 'sig' }] };
    const r = await verify({ token: await rs256(a.privateKey, 'ka'), key: JSON.stringify(jwks) });
    expect(r.body).toMatchObject({ verified: true, key_kind: 'jwks', matched_kid: 'ka' });
  });

  it('When a JWKS has no key with the token\'s kid, Then it is not verified and the kids it has are listed', async () => {
    const jwks = { keys: [{ ...(await exportJWK(b.publicKey)), kid: 'kb' }] };
    const r = await verify({ token: await rs256(a.privateKey, 'ka'), key: JSON.stringify(jwks) });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ verified: false, keys_tried: 0 });
    expect((r.body as { reason: string }).reason).toContain('no key with kid ka');
    expect((r.body as { reason: string }).reason).toContain('kb');
  });

  it('When a single JWK is pasted, Then it is used', async () => {
    const r = await verify({ token: await rs256(a.privateKey, null), key: JSON.stringify(await exportJWK(a.publicKey)) });
    expect(r.body).toMatchObject({ verified: true, key_kind: 'jwk' });
  });

  it('When an HS256 token meets its secret and a wrong one, Then the first verifies and the second does not', async () => {
    const secret = 'a-shared-secret-of-thirty-two-bytes!';
    const token = await new SignJWT({ sub: 'bob' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret));
    expect((await verify({ token, key: secret })).body).toMatchObject({ verified: true, key_kind: 'secret' });
    expect((await verify({ token, key: 'another-secret' })).body).toMatchObject({ verified: false, key_kind: 'secret' });
    // Used byte for byte, as the server uses secret_key: surrounding spaces are part of it.
    const spaced = ' padded-secret-of-thirty-two-bytes!! ';
    const spacedToken = await new SignJWT({ sub: 'bob' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(spaced));
    expect((await verify({ token: spacedToken, key: spaced })).body).toMatchObject({ verified: true });
    expect((await verify({ token: spacedToken, key: spaced.trim() })).body).toMatchObject({ verified: false });
  });

  it('When the token has expired, Then the signature still verifies and expired is true', async () => {
    const r = await verify({ token: await rs256(a.privateKey, 'ka', { exp: now() - 3600 }), key: await exportSPKI(a.publicKey) });
    expect(r.body).toMatchObject({ verified: true, expired: true });
  });

  it('When the key cannot be used, Then 422 names the key field and says why', async () => {
    const token = await rs256(a.privateKey, 'ka');
    for (const [key, why] of [
      ['hello', /PEM public key, a JWK or a JWKS/],
      [await exportPKCS8(a.privateKey), /private key/],
      // Issue 29 item 7: a private JWK, alone or in a set, is refused as the private PEM is.
      [JSON.stringify(await exportJWK(a.privateKey)), /private key/],
      [JSON.stringify({ keys: [await exportJWK(b.publicKey), { ...(await exportJWK(a.privateKey)), kid: 'ka' }] }), /private key.*kid ka/],
      ['{"keys": 3}', /not a JWKS document/],
      ['{not json', /not valid JSON/],
    ] as const) {
      const r = await verify({ token, key });
      expect(r.status, key).toBe(422);
      expect(r.body).toMatchObject({ error_code: 'VALIDATION_ERROR' });
      expect(JSON.stringify(r.body), key).toMatch(why);
      expect(JSON.stringify(r.body)).toContain('body.key');
    }
  });

  it('When the token is not a signed JWT, Then 422 names the token field', async () => {
    for (const token of ['not-a-jwt', `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{}').toString('base64url')}.`]) {
      const r = await verify({ token, key: await exportSPKI(a.publicKey) });
      expect(r.status, token).toBe(422);
      expect(JSON.stringify(r.body)).toContain('body.token');
    }
    const signed = await rs256(a.privateKey, 'ka');
    const badSignature = `${signed.slice(0, signed.lastIndexOf('.'))}.!!not-base64url!!`;
    const bad = await verify({ token: badSignature, key: await exportSPKI(a.publicKey) });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('body.token');
    expect((await verify({ token: 'x.y.z', key: '' })).status).toBe(422);
    expect((await verify({ token: 'x.y.z', key: '  \n ' })).status).toBe(422);
  });
});
