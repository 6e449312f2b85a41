import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_RUN_PATH } from '../sample-data.js';
import { startDeskServer, type DeskTestServer } from '../../../testing/desk-server.js';

let s: DeskTestServer;
beforeAll(async () => {
  s = await startDeskServer();
  await s.desk('PUT', '/desk/settings', { os_id: 'rundesk-local', auth: { jwks_file: path.join(s.dataDir, 'keys', 'trusted.jwks.json'), authorization: true } });
  await s.desk('POST', '/desk/sample-data');
});
afterAll(() => s.stop());

/** The auth layer re-reads the JWKS file at most once a second. */
async function eventually(check: () => Promise<number>, expected: number): Promise<void> {
  const deadline = Date.now() + 5000;
  let last = 0;
  while (Date.now() < deadline) {
    last = await check();
    if (last === expected) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  expect(last).toBe(expected);
}

describe('/desk/keys', () => {
  it('lists the first-run keys with fingerprints and says the trusted JWKS is in use', async () => {
    const r = await s.desk('GET', '/desk/keys');
    expect(r.status).toBe(200);
    expect(r.body.trusted_jwks_in_use).toBe(true);
    expect(r.body.keys.map((k: { alg: string }) => k.alg)).toEqual(['RS256', 'ES256', 'HS256']);
    for (const k of r.body.keys) {
      expect(k).toMatchObject({ use: 'sig', trusted: true, source: 'generated', has_private: true, fingerprint: expect.stringMatching(/^[\w-]{43}$/) });
    }
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('generates a key on request, trusted or not', async () => {
    const r = await s.desk('POST', '/desk/keys', { alg: 'PS256', trusted: false });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ alg: 'PS256', kty: 'RSA', trusted: false, has_private: true });
    expect((await s.desk('POST', '/desk/keys', { alg: 'XX1' })).status).toBe(422);
  });

  it('exports the public JWKS (no secrets) and PEMs', async () => {
    const jwks = await s.desk('GET', '/desk/keys/jwks.json');
    expect(jwks.status).toBe(200);
    expect(jwks.body.keys.every((k: { kty: string }) => k.kty !== 'oct')).toBe(true);
    expect(jwks.text).not.toMatch(/"d":/);
    const keys = (await s.desk('GET', '/desk/keys')).body.keys as { kid: string; alg: string }[];
    const es = keys.find((k) => k.alg === 'ES256')!;
    const pem = await s.desk('GET', `/desk/keys/${es.kid}/pem`);
    expect(pem.status).toBe(200);
    expect(pem.headers.get('content-type')).toMatch(/application\/x-pem-file/);
    expect(crypto.createPublicKey(pem.text).asymmetricKeyType).toBe('ec');
    const hs = keys.find((k) => k.alg === 'HS256')!;
    expect((await s.desk('GET', `/desk/keys/${hs.kid}/pem`)).status).toBe(422);
    expect((await s.desk('GET', '/desk/keys/nope/pem')).status).toBe(404);
  });

  it('When a provider key is imported, Then tokens it signed are accepted; untrusting it refuses them again', async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'provider-2024', alg: 'RS256', use: 'sig' };
    const token = await new SignJWT({ scopes: ['sessions:read'], aud: 'rundesk-local' })
      .setProtectedHeader({ alg: 'RS256', kid: 'provider-2024', typ: 'at+jwt' })
      .setSubject('ext-user')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    expect((await s.call(DEMO_RUN_PATH, token)).status).toBe(401);

    const imp = await s.desk('POST', '/desk/keys/import', { text: JSON.stringify({ keys: [jwk] }) });
    expect(imp.status).toBe(201);
    expect(imp.body.added).toEqual([expect.objectContaining({ kid: 'provider-2024', source: 'imported', has_private: false, trusted: true })]);
    await eventually(async () => (await s.call(DEMO_RUN_PATH, token)).status, 200);

    const again = await s.desk('POST', '/desk/keys/import', { text: JSON.stringify(jwk) });
    expect(again.status).toBe(200);
    expect(again.body.skipped).toEqual([{ kid: 'provider-2024', reason: 'already present as provider-2024' }]);

    expect((await s.desk('PATCH', '/desk/keys/provider-2024', { trusted: false })).body.trusted).toBe(false);
    await eventually(async () => (await s.call(DEMO_RUN_PATH, token)).status, 401);
    await s.desk('PATCH', '/desk/keys/provider-2024', { trusted: true });
    await eventually(async () => (await s.call(DEMO_RUN_PATH, token)).status, 200);

    expect((await s.desk('DELETE', '/desk/keys/provider-2024')).body).toEqual({ deleted: 'provider-2024' });
    await eventually(async () => (await s.call(DEMO_RUN_PATH, token)).status, 401);
    expect((await s.desk('DELETE', '/desk/keys/provider-2024')).status).toBe(404);
  });

  it('imports a PEM file by path, keeping only the public half of a private key', async () => {
    const file = path.join(s.root, 'private.pem');
    const { privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
    fs.writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const r = await s.desk('POST', '/desk/keys/import', { path: file, kid: 'backend-1' });
    expect(r.status).toBe(201);
    expect(r.body.added[0]).toMatchObject({ kid: 'backend-1', alg: 'ES256', has_private: false });
    expect(r.body.notes).toEqual([expect.stringMatching(/private material was dropped/)]);
    const index = fs.readFileSync(path.join(s.dataDir, 'keys', 'keys.json'), 'utf8');
    expect(index).not.toMatch(/"d":/);
  });

  it('refuses junk, relative paths, missing files and ambiguous bodies with 422', async () => {
    const cases: unknown[] = [
      { text: 'hello' },
      { text: '{"keys":[{"kty":"RSA"}]}' },
      { path: 'relative.pem' },
      { path: path.join(s.root, 'missing.pem') },
      { path: s.root },
      { text: 'x', path: '/x' },
      {},
    ];
    for (const body of cases) {
      const r = await s.desk('POST', '/desk/keys/import', body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.error_code).toBe('VALIDATION_ERROR');
      expect(r.body.detail.length).toBeGreaterThan(0);
    }
  });
});
