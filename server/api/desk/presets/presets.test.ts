import fs from 'node:fs';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { buildMappingTable, createAuthLayer, findMapping } from '../../../auth/index.js';
import { DEFAULT_SCOPE_MAPPINGS } from '../../platform/platform-routes.js';
import { SettingsSchema } from '../../../settings/schema.js';
import { tempDirs } from '../../../testing/temp-dir.js';
import { generatePresetFixture, presetJwksPath } from './fixture.js';
import { PRESET_NAMES, PRESETS, presetAuthPatch } from './presets.js';
import { prefixed } from './scope-names.js';

const dirs = tempDirs();
afterAll(() => dirs.cleanup());
// One data dir for the file: fixture keys are generated once per provider and then reused.
let shared: string | undefined;
const sharedDir = () => (shared ??= dirs.make());
const NOW = Math.floor(Date.now() / 1000);
const RUN_PATH = '/sessions/demo-agent-weather/runs/demo-run-weather-1';

describe('provider presets', () => {
  it('validate as settings patches', () => {
    for (const name of PRESET_NAMES) {
      expect(() => SettingsSchema.parse({ auth: presetAuthPatch(name) }), name).not.toThrow();
    }
  });

  it('respell every default mapping for providers that cannot use the service\'s scope names', () => {
    const cognitoSpelling = prefixed('rundesk-api/');
    expect(cognitoSpelling('agents:run')).toBe('rundesk-api/agents:run');
    const cognito = presetAuthPatch('cognito');
    expect(cognito.scope_mappings?.['GET /sessions/*']).toEqual(['rundesk-api/sessions:read']);
    // Every default route is decided by a respelled rule, as the platform picks rules (a key
    // spelled like rundesk's route, `GET /sessions/{session_id}/runs/{run_id}`, never would).
    const { table } = buildMappingTable(cognito.scope_mappings, DEFAULT_SCOPE_MAPPINGS);
    for (const [key, scopes] of Object.entries(DEFAULT_SCOPE_MAPPINGS)) {
      const [method = '', path = ''] = key.split(' ');
      const decider = findMapping(table, method, path.replace(/\{[^}]+\}/g, 'some-id'));
      expect({ key, source: decider?.source, scopes: decider?.scopes }).toEqual({ key, source: 'custom', scopes: scopes.map(cognitoSpelling) });
    }
    expect(presetAuthPatch('auth0').scope_mappings).toBeNull();
    // Entra allows colons in permission values: the API's permissions are named as the service's
    // scopes, so the platform's scope check reads them (a respelling like Sessions.Read passes nothing).
    expect(presetAuthPatch('entra').scope_mappings).toBeNull();
  });

  it.each(PRESET_NAMES)('%s: the offline fixture works end to end against the real auth layer', async (name) => {
    const dataDir = sharedDir();
    const fx = await generatePresetFixture(dataDir, name, NOW);
    expect(fx.jwks_path).toBe(presetJwksPath(dataDir, name));
    const onDisk = JSON.parse(fs.readFileSync(fx.jwks_path, 'utf8')) as { keys: { kid: string; d?: string }[] };
    expect(onDisk.keys).toHaveLength(2);
    expect(onDisk.keys.every((k) => k.d === undefined)).toBe(true);

    const settings = SettingsSchema.parse({ auth: fx.settings_patch });
    const layer = await createAuthLayer(settings.auth, { osId: settings.os_id, defaultScopeMappings: DEFAULT_SCOPE_MAPPINGS });
    try {
      for (const t of fx.tokens) {
        const r = await layer.inspectToken({ token: t.token, method: 'GET', path: RUN_PATH });
        expect({ token: t.name, status: r.status, detail: r.detail }).toEqual({
          token: t.name,
          status: t.expected_status,
          detail: t.expected_status === 200 ? null : expect.any(String),
        });
      }
      const reader = fx.tokens.find((t) => t.name === 'reader')!;
      const state = (await layer.inspectToken({ token: reader.token, method: 'GET', path: RUN_PATH })).state;
      expect(state?.user_id).toBeTruthy();
      expect(state?.scopes.length).toBeGreaterThan(0);
    } finally {
      layer.close();
    }
  });

  it('shapes tokens the way each provider does', async () => {
    const dataDir = sharedDir();
    const claimsOf = async (name: (typeof PRESET_NAMES)[number]) => {
      const fx = await generatePresetFixture(dataDir, name, NOW);
      const reader = fx.tokens.find((t) => t.name === 'reader')!;
      return { claims: decodeJwt(reader.token), header: decodeProtectedHeader(reader.token) };
    };
    const auth0 = await claimsOf('auth0');
    expect(auth0.claims.permissions).toContain('sessions:read');
    expect(auth0.claims.iss).toBe('https://example-tenant.us.auth0.com/');
    expect(auth0.claims.sub).toMatch(/^auth0\|/);
    const okta = await claimsOf('okta');
    expect(okta.claims.scp).toContain('sessions:read');
    expect(okta.claims.jti).toMatch(/^AT\./);
    const entra = await claimsOf('entra');
    expect(typeof entra.claims.scp).toBe('string');
    expect((entra.claims.scp as string).split(' ')).toContain('sessions:read');
    expect(entra.claims.roles).toEqual(['Reports.Viewer']);
    expect(entra.header.x5t).toBe(entra.header.kid);
    const kc = await claimsOf('keycloak');
    expect((kc.claims.realm_access as { roles: string[] }).roles).toContain('sessions:read');
    expect(kc.claims.scope).toBe('openid profile email');
    const cognito = await claimsOf('cognito');
    expect(cognito.claims.scope).toContain('rundesk-api/sessions:read');
    expect(cognito.claims['cognito:groups']).toEqual(['analysts']);
    expect(cognito.claims.aud).toBeUndefined();
    const clerk = await claimsOf('clerk');
    expect(clerk.claims.org_permissions).toContain('org:sessions:read');
    expect(clerk.claims.sub).toMatch(/^user_/);
  });

  it('reuses its keys, so tokens handed out earlier keep verifying', async () => {
    const dataDir = sharedDir();
    const a = await generatePresetFixture(dataDir, 'okta', NOW);
    const b = await generatePresetFixture(dataDir, 'okta', NOW + 5);
    expect(b.jwks).toEqual(a.jwks);
    expect(PRESETS.okta.issuer).toBe('https://dev-12345678.okta.com/oauth2/default');
  });
});
