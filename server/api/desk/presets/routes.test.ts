import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_RUN_PATH } from '../sample-data.js';
import { startDeskServer, type DeskTestServer } from '../../../testing/desk-server.js';

describe('/desk/presets', () => {
  let s: DeskTestServer;
  beforeAll(async () => {
    s = await startDeskServer();
    await s.desk('POST', '/desk/sample-data');
  });
  afterAll(() => s.stop());

  it('lists every provider with its description and settings patch', async () => {
    const r = await s.desk('GET', '/desk/presets');
    expect(r.status).toBe(200);
    expect(r.body.presets.map((p: { name: string }) => p.name)).toEqual(['auth0', 'okta', 'entra', 'keycloak', 'cognito', 'clerk']);
    expect(r.body.presets[0].settings_patch).toMatchObject({ algorithm: 'RS256', scopes_claim: 'permissions' });
  });

  it('When a fixture is generated and applied, Then its sample tokens get exactly the statuses it promises, offline', async () => {
    const r = await s.desk('POST', '/desk/presets/keycloak/fixture', { apply: true });
    expect(r.status).toBe(200);
    expect(r.body.applied).toBe(true);
    const settings = (await s.desk('GET', '/desk/settings')).body;
    expect(settings.settings.auth).toMatchObject({ scopes_claim: 'realm_access.roles', jwks_file: r.body.jwks_path });
    for (const t of r.body.tokens as { name: string; token: string; expected_status: number }[]) {
      const run = await s.call(DEMO_RUN_PATH, t.token);
      expect({ name: t.name, status: run.status }).toEqual({ name: t.name, status: t.expected_status });
    }
  });

  it('When a preset and its fixture JWKS are in force, Then minting signs as the provider would: its key, issuer and claim shapes, with the user and scopes asked for', async () => {
    const fixture = await s.desk('POST', '/desk/presets/keycloak/fixture', { apply: true });
    const r = await s.desk('POST', '/desk/tokens', { sub: 'alice', scopes: ['sessions:read'] });
    expect(r.status).toBe(200);
    expect(r.body.signer).toMatchObject({ kind: 'provider', preset: 'keycloak' });
    expect(r.body.kid).toBe(fixture.body.jwks.keys[0].kid);
    expect(r.body.claims).toMatchObject({ iss: fixture.body.issuer, sub: 'alice', realm_access: { roles: expect.arrayContaining(['sessions:read']) } });
    expect(r.body.preview.status).toBe(200);
    expect((await s.call(DEMO_RUN_PATH, r.body.token)).status).toBe(200);
    // A token for a user without the scope is refused for the scope, not for the key.
    const none = await s.desk('POST', '/desk/tokens', { sub: 'bob', scopes: [] });
    expect((await s.call(DEMO_RUN_PATH, none.body.token)).status).toBe(403);
    // Asking for a local key (or a defect) still mints with rundesk's keys, which this JWKS does not hold.
    const local = await s.desk('POST', '/desk/tokens', { sub: 'alice', scopes: ['sessions:read'], defect: 'expired' });
    expect(local.body.signer).toMatchObject({ kind: 'local', preset: null });
  });

  it('When one preset is applied after another, Then nothing of the first is left behind', async () => {
    // The whole settings replaced, keeping the attached databases (the sample data's `demo` among them).
    const { databases } = (await s.desk('GET', '/desk/settings')).body.file_settings;
    await s.desk('PUT', '/desk/settings', {
      databases,
      auth: { algorithm: 'HS256', verification_keys: ['a-shared-secret-that-is-long-enough!!'] },
    });
    expect((await s.desk('POST', '/desk/presets/entra/fixture', { apply: true })).status).toBe(200);
    const auth0 = await s.desk('POST', '/desk/presets/auth0/fixture', { apply: true });
    expect(auth0.status).toBe(200);
    const settings = (await s.desk('GET', '/desk/settings')).body.settings.auth;
    expect(settings).toMatchObject({ scope_mappings: null, verification_keys: [], admin_scope: 'platform:admin', dependencies_claims: [] });
    const reader = (auth0.body.tokens as { name: string; token: string }[]).find((t) => t.name === 'reader')!;
    expect((await s.call(DEMO_RUN_PATH, reader.token)).status).toBe(200);
  });

  it('generates without applying by default, and refuses unknown providers', async () => {
    const r = await s.desk('POST', '/desk/presets/auth0/fixture');
    expect(r.status).toBe(200);
    expect(r.body.applied).toBe(false);
    const before = (await s.desk('GET', '/desk/settings')).body.settings.auth.scopes_claim;
    expect((await s.desk('POST', '/desk/presets/okta/fixture')).body.applied).toBe(false);
    expect((await s.desk('GET', '/desk/settings')).body.settings.auth.scopes_claim).toBe(before);
    expect((await s.desk('POST', '/desk/presets/github/fixture')).status).toBe(422);
  });
});
