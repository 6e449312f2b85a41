import fs from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDeskServer, type DeskTestServer } from '../../../testing/desk-server.js';

/**
 * An HS256 secret verifies tokens and signs them: anything that can call the desk API could
 * mint tokens the server accepts if the settings view handed it back. The view shows each
 * shared secret masked; the masked value saved back keeps the secret (as PostgreSQL passwords).
 */

const SECRET = 'a-shared-secret-of-at-least-32-bytes!!';
const OLD_SECRET = 'a-deprecated-secret-key-of-32-bytes!!!';

describe('/desk/settings with HMAC secrets in the settings file', () => {
  let s: DeskTestServer;
  let file: string;
  beforeAll(async () => {
    s = await startDeskServer();
    file = path.join(s.dataDir, 'settings.json');
    const put = await s.desk('PUT', '/desk/settings', { auth: { algorithm: 'HS256', verification_keys: [SECRET], secret_key: OLD_SECRET } });
    expect(put.status).toBe(200);
    expect(JSON.stringify(put.body)).not.toContain(SECRET);
  });
  afterAll(() => s.stop());

  const token = (secret: string) => new SignJWT({ scopes: ['platform:admin'] }).setProtectedHeader({ alg: 'HS256' }).setSubject('u').setIssuedAt().sign(new TextEncoder().encode(secret));
  const verified = async (secret: string) => (await fetch(`${s.baseUrl}/sessions`, { headers: { authorization: `Bearer ${await token(secret)}` } })).status;

  it('When the settings are read, Then no secret is in the answer, and each is shown masked', async () => {
    const r = await s.desk('GET', '/desk/settings');
    const text = JSON.stringify(r.body);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(OLD_SECRET);
    for (const view of [r.body.settings, r.body.file_settings]) {
      expect(view.auth.verification_keys[0]).toMatch(/^\*\*\*/);
      expect(view.auth.secret_key).toMatch(/^\*\*\*/);
      expect(view.auth.secret_key).not.toBe(view.auth.verification_keys[0]);
    }
  });

  it('When the masked settings are saved back with another change, Then the secrets are kept in the file and still verify tokens', async () => {
    const view = (await s.desk('GET', '/desk/settings')).body;
    const body = { ...view.file_settings, auth: { ...view.file_settings.auth, user_isolation: true } };
    const dry = await s.desk('POST', '/desk/settings/validate', body);
    expect(dry.body).toEqual({ valid: true, issues: [] });
    const r = await s.desk('PUT', '/desk/settings', body);
    expect(r.status).toBe(200);
    const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(saved.auth).toMatchObject({ verification_keys: [SECRET], secret_key: OLD_SECRET, user_isolation: true });
    expect(await verified(SECRET)).toBe(200);
    expect(await verified(OLD_SECRET)).toBe(200);
  });

  it('When a mask that is no saved secret is sent, Then 422 names the field and nothing changes', async () => {
    const before = fs.readFileSync(file, 'utf8');
    const forged = `*** secret ${'0'.repeat(16)} ***`;
    const r = await s.desk('PUT', '/desk/settings', { auth: { algorithm: 'HS256', verification_keys: [forged] } });
    expect(r.status).toBe(422);
    expect(r.body.issues.map((i: { path: string }) => i.path)).toEqual(['auth.verification_keys.0']);
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
  });

  it('When a secret is replaced by a new one, Then the new one is saved and verifies', async () => {
    const view = (await s.desk('GET', '/desk/settings')).body;
    const next = 'another-shared-secret-of-32-bytes-or-more';
    const r = await s.desk('PUT', '/desk/settings', { ...view.file_settings, auth: { ...view.file_settings.auth, verification_keys: [next], secret_key: null } });
    expect(r.status).toBe(200);
    expect(JSON.stringify(r.body)).not.toContain(next);
    expect(await verified(next)).toBe(200);
    expect(await verified(SECRET)).toBe(401);
  });
});
