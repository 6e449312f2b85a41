import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDeskServer, type DeskTestServer } from '../../../testing/desk-server.js';

describe('/desk/settings with settings in the data dir', () => {
  let s: DeskTestServer;
  beforeAll(async () => {
    s = await startDeskServer();
  });
  afterAll(() => s.stop());

  it('shows the first-run settings, where they live and that they are writable', async () => {
    const r = await s.desk('GET', '/desk/settings');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      path: path.join(s.dataDir, 'settings.json'),
      writable: true,
      reason: null,
      file_settings: { os_id: 'rundesk-local', auth: { jwks_file: path.join(s.dataDir, 'keys', 'trusted.jwks.json') } },
      settings: { os_id: 'rundesk-local', auth: { algorithm: 'RS256', validate: true } },
      auth_status: { algorithm: 'RS256', jwks_file: { key_count: 1 } },
    });
  });

  it('When settings are PUT, Then they are live and written to the file (0600)', async () => {
    const body = { os_id: 'rundesk-local', auth: { jwks_file: path.join(s.dataDir, 'keys', 'trusted.jwks.json'), algorithm: 'ES256', user_isolation: true } };
    const r = await s.desk('PUT', '/desk/settings', body);
    expect(r.status).toBe(200);
    expect(r.body.settings.auth).toMatchObject({ algorithm: 'ES256', user_isolation: true });
    const file = path.join(s.dataDir, 'settings.json');
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual(body);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('When bad settings are PUT, Then 422 names every bad field and nothing changes', async () => {
    const before = fs.readFileSync(path.join(s.dataDir, 'settings.json'), 'utf8');
    const r = await s.desk('PUT', '/desk/settings', { auth: { algorithm: 'XX256', verfication_keys: [], token_source: 'SMOKE' } });
    expect(r.status).toBe(422);
    const paths = (r.body.issues as { path: string }[]).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['auth.algorithm', 'auth.verfication_keys', 'auth.token_source']));
    expect(fs.readFileSync(path.join(s.dataDir, 'settings.json'), 'utf8')).toBe(before);
    expect((await s.desk('PUT', '/desk/settings', [1, 2])).status).toBe(422);
  });

  it('When the settings would leave no key source, Then 422 says so', async () => {
    const r = await s.desk('PUT', '/desk/settings', { auth: { validate: true } });
    expect(r.status).toBe(422);
    expect(r.body.detail).toMatch(/no key source/);
  });

  describe('POST /desk/settings/validate (dry run)', () => {
    const file = () => path.join(s.dataDir, 'settings.json');
    const jwks = () => path.join(s.dataDir, 'keys', 'trusted.jwks.json');
    const paths = (body: { issues: { path: string }[] }) => body.issues.map((i) => i.path);

    it('When the settings are good, Then valid:true and nothing is applied or written', async () => {
      const fileBefore = fs.readFileSync(file());
      const live = (await s.desk('GET', '/desk/settings')).body.settings;
      const r = await s.desk('POST', '/desk/settings/validate', { os_id: 'rundesk-local', auth: { jwks_file: jwks(), algorithm: 'ES256', scopes_claim: 'scp' } });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ valid: true, issues: [] });
      expect(fs.readFileSync(file())).toEqual(fileBefore);
      expect((await s.desk('GET', '/desk/settings')).body.settings).toEqual(live);
    });

    it('When fields are bad, Then valid:false with an issue naming each path, and nothing changes', async () => {
      const fileBefore = fs.readFileSync(file());
      const live = (await s.desk('GET', '/desk/settings')).body.settings;
      const r = await s.desk('POST', '/desk/settings/validate', { auth: { jwks_file: jwks(), algorithm: 'XX256', verfication_keys: [], scopes_claim: '' } });
      expect(r.status).toBe(200);
      expect(r.body.valid).toBe(false);
      expect(paths(r.body)).toEqual(expect.arrayContaining(['auth.algorithm', 'auth.verfication_keys', 'auth.scopes_claim']));
      const algorithm = r.body.issues.find((i: { path: string }) => i.path === 'auth.algorithm');
      expect(algorithm.message).toMatch(/RS256/);
      // The same issues PUT answers with.
      const put = await s.desk('PUT', '/desk/settings', { auth: { jwks_file: jwks(), algorithm: 'XX256', verfication_keys: [], scopes_claim: '' } });
      expect(put.status).toBe(422);
      expect(put.body.issues).toEqual(r.body.issues);
      expect(fs.readFileSync(file())).toEqual(fileBefore);
      expect((await s.desk('GET', '/desk/settings')).body.settings).toEqual(live);
    });

    it('builds the auth layer: a missing jwks_file or no key source is an issue', async () => {
      const missing = path.join(s.root, 'nowhere', 'jwks.json');
      const r = await s.desk('POST', '/desk/settings/validate', { auth: { jwks_file: missing } });
      expect(r.body.valid).toBe(false);
      expect(r.body.issues).toEqual([{ path: 'auth.jwks_file', message: 'does not exist' }]);
      const none = await s.desk('POST', '/desk/settings/validate', { auth: { validate: true } });
      expect(none.body).toMatchObject({ valid: false, issues: [expect.objectContaining({ message: expect.stringMatching(/no key source/) })] });
    });

    it('checks database entries without attaching them', async () => {
      const notThere = path.join(s.root, 'missing.db');
      const text = path.join(s.root, 'notes.db');
      fs.writeFileSync(text, 'not a database');
      const r = await s.desk('POST', '/desk/settings/validate', {
        auth: { jwks_file: jwks() },
        databases: [
          { id: 'gone', path: notThere, read_only: true },
          { id: 'notes', path: text, read_only: true },
        ],
      });
      expect(r.body.valid).toBe(false);
      expect(r.body.issues).toEqual([
        { path: 'databases.0', message: expect.stringMatching(/does not exist/) },
        { path: 'databases.1', message: expect.stringMatching(/not an SQLite file/) },
      ]);
      const dbs = await s.desk('GET', '/desk/databases');
      expect(dbs.body.databases.map((d: { id: string }) => d.id)).toEqual(['default']);
      expect(fs.existsSync(notThere)).toBe(false);
    });

    it('answers 422 for a body that is not a settings object', async () => {
      expect((await s.desk('POST', '/desk/settings/validate', [1, 2])).status).toBe(422);
    });

    it('sits behind the desk guard', async () => {
      expect((await s.desk('POST', '/desk/settings/validate', {}, { 'x-desk-token': 'wrong' })).status).toBe(401);
    });
  });

  it('describes every auth setting with type, default and help text', async () => {
    const r = await s.desk('GET', '/desk/settings/schema');
    expect(r.status).toBe(200);
    const fields = r.body.auth as { name: string; type: string; help: string; default?: unknown; enum?: string[]; nullable: boolean }[];
    expect(fields.map((f) => f.name)).toEqual(expect.arrayContaining(['verification_keys', 'jwks_file', 'algorithm', 'scope_mappings', 'user_isolation']));
    expect(fields.find((f) => f.name === 'algorithm')).toMatchObject({ type: 'string', default: 'RS256', enum: expect.arrayContaining(['RS256', 'HS256']) });
    expect(fields.find((f) => f.name === 'token_source')).toMatchObject({ default: 'HEADER', enum: ['HEADER', 'COOKIE', 'BOTH'] });
    expect(fields.find((f) => f.name === 'audience')).toMatchObject({ nullable: true });
    for (const f of fields) expect(f.help, f.name).not.toBe('');
    expect(r.body.json_schema).toHaveProperty('properties.auth');
    expect(r.body.default_scope_mappings['GET /sessions/{session_id}/runs/{run_id}']).toEqual(['sessions:read']);
  });

  it('groups every auth setting into exactly one form section, in the order the fields are listed', async () => {
    const r = await s.desk('GET', '/desk/settings/schema');
    const sections = r.body.sections as { id: string; title: string; fields: string[] }[];
    const fields = r.body.auth as { name: string; label: string; section: string }[];
    const inSections = sections.flatMap((sec) => sec.fields);
    // Every setting the schema knows is drawn by the form, once, and the field list follows the page.
    expect([...inSections].sort()).toEqual(fields.map((f) => f.name).sort());
    expect(new Set(inSections).size).toBe(inSections.length);
    expect(fields.map((f) => f.name)).toEqual(inSections);
    for (const f of fields) {
      expect(sections.find((sec) => sec.id === f.section)?.fields, f.name).toContain(f.name);
      expect(f.label, f.name).not.toBe(f.name);
    }
    expect(sections.map((sec) => sec.title)).toContain('Scope mappings');
  });

  it('describes the top-level settings (os_id, CORS origins, the answering database) with defaults and help', async () => {
    const general = (await s.desk('GET', '/desk/settings/schema')).body.general as { name: string; type: string; help: string; default?: unknown; nullable: boolean }[];
    expect(general.map((f) => f.name)).toEqual(['os_id', 'cors_allowed_origins', 'default_database']);
    expect(general.find((f) => f.name === 'cors_allowed_origins')).toMatchObject({
      type: 'array<string>',
      default: expect.arrayContaining(['http://localhost:3000', 'https://os.agno.com']),
    });
    expect(general.find((f) => f.name === 'default_database')).toMatchObject({ nullable: true, default: null });
    for (const f of general) expect(f.help, f.name).not.toBe('');
  });
});

describe('/desk/settings with --config', () => {
  let s: DeskTestServer;
  beforeAll(async () => {
    s = await startDeskServer({ config: { auth: { verification_keys: ['a-shared-secret-of-at-least-32-bytes!!'], algorithm: 'HS256' } } });
  });
  afterAll(() => s.stop());

  it('shows the settings as read-only with the reason, and PUT answers 409 saying why', async () => {
    const g = await s.desk('GET', '/desk/settings');
    expect(g.body).toMatchObject({ writable: false, reason: expect.stringMatching(/--config/) });
    const p = await s.desk('PUT', '/desk/settings', { auth: { algorithm: 'HS256', verification_keys: ['x'] } });
    expect(p.status).toBe(409);
    expect(p.body).toMatchObject({ error_code: 'CONFLICT', detail: expect.stringMatching(/--config .*config\.json/) });
  });

  it('still dry-runs settings (nothing is written), resolving paths like the config file', async () => {
    const configFile = path.join(s.root, 'config.json');
    const before = fs.readFileSync(configFile);
    const ok = await s.desk('POST', '/desk/settings/validate', { auth: { verification_keys: ['a-shared-secret-of-at-least-32-bytes!!'], algorithm: 'HS384' } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ valid: true, issues: [] });
    const bad = await s.desk('POST', '/desk/settings/validate', { auth: { algorithm: 'HS999', jwks_file: 'missing.jwks.json' } });
    expect(bad.body.valid).toBe(false);
    expect(bad.body.issues.map((i: { path: string }) => i.path)).toContain('auth.algorithm');
    expect(fs.readFileSync(configFile)).toEqual(before);
    expect((await s.desk('GET', '/desk/settings')).body.settings.auth.algorithm).toBe('HS256');
  });

  it('refuses to attach databases or apply presets, which would need a settings write', async () => {
    expect((await s.desk('POST', '/desk/databases', { path: path.join(s.root, 'x.db') })).status).toBe(409);
    expect((await s.desk('POST', '/desk/presets/okta/fixture', { apply: true })).status).toBe(409);
  });
});
