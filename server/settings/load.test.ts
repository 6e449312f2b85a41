import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.js';
import { loadSettings, readSettingsFile, resolveSettings } from './load.js';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-settings-'));

function configError(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('resolveSettings', () => {
  it('When the object is empty, then every default of the auth settings applies', () => {
    const { settings } = resolveSettings({}, {}, '/');
    expect(settings.os_id).toBe('rundesk-local');
    expect(settings.server).toEqual({ host: '127.0.0.1', port: 7777 });
    expect(settings.auth).toMatchObject({
      algorithm: 'RS256',
      validate: true,
      authorization: null,
      token_source: 'HEADER',
      token_header_key: 'Authorization',
      cookie_name: 'access_token',
      scopes_claim: 'scopes',
      user_id_claim: 'sub',
      session_id_claim: 'session_id',
      audience_claim: 'aud',
      audience: null,
      verify_audience: false,
      dependencies_claims: [],
      session_state_claims: [],
      scope_mappings: null,
      admin_scope: 'platform:admin',
      user_isolation: false,
    });
    expect(settings.auth.excluded_route_paths).toEqual(['/', '/health', '/info', '/docs', '/redoc', '/openapi.json', '/docs/oauth2-redirect']);
  });

  it('When keys are not in the file, then JWT_VERIFICATION_KEY and JWT_JWKS_FILE fill them', () => {
    const { settings } = resolveSettings({}, { JWT_VERIFICATION_KEY: 'secret-from-env', JWT_JWKS_FILE: 'keys.json' }, '/etc/rd');
    expect(settings.auth.verification_keys).toEqual(['secret-from-env']);
    expect(settings.auth.jwks_file).toBe('/etc/rd/keys.json');
  });

  it('When the file sets keys, then the environment does not override them', () => {
    const { settings } = resolveSettings({ auth: { verification_keys: ['file-key'] } }, { JWT_VERIFICATION_KEY: 'env' }, '/');
    expect(settings.auth.verification_keys).toEqual(['file-key']);
  });

  it('When token_source is lower case, then it is accepted case-insensitively', () => {
    expect(resolveSettings({ auth: { token_source: 'both' } }, {}, '/').settings.auth.token_source).toBe('BOTH');
  });

  it('When a key is unknown, then the error names it with its path', () => {
    const err = configError(() => resolveSettings({ auth: { verfication_keys: [] } }, {}, '/'));
    expect(err.issues).toContainEqual({ path: 'auth.verfication_keys', message: 'unknown key "verfication_keys"' });
  });

  it('When a value has the wrong type, then the error names the key', () => {
    const err = configError(() => resolveSettings({ server: { port: 'seventy' }, auth: { user_isolation: 'yes' } }, {}, '/'));
    expect(err.issues.map((i) => i.path)).toEqual(expect.arrayContaining(['server.port', 'auth.user_isolation']));
    expect(err.message).not.toContain('\n');
  });

  it('When secret_key is used, then a deprecation warning is given', () => {
    expect(resolveSettings({ auth: { secret_key: 's' } }, {}, '/').warnings[0]).toMatch(/deprecated/);
  });

  it('When database ids repeat or use "default", then it is rejected', () => {
    expect(() => resolveSettings({ databases: [{ id: 'a', path: 'x' }, { id: 'a', path: 'y' }] }, {}, '/')).toThrow(/unique/);
    expect(() => resolveSettings({ databases: [{ id: 'default', path: 'x' }] }, {}, '/')).toThrow(/built-in/);
  });

  it('When a scope mapping key is not "<METHOD> /path", then it is rejected', () => {
    expect(() => resolveSettings({ auth: { scope_mappings: { '/sessions': ['x'] } } }, {}, '/')).toThrow(ConfigError);
    expect(() => resolveSettings({ auth: { scope_mappings: { '/sessions': ['x'] } } }, {}, '/')).toThrow(
      'auth.scope_mappings./sessions: the key must look like "<METHOD> /path", e.g. "GET /sessions/*"',
    );
  });

  it('When a scope mapping path lacks its leading slash, then the message says so and shows the fixed key', () => {
    expect(() => resolveSettings({ auth: { scope_mappings: { 'GET sessions/*': ['x'] } } }, {}, '/')).toThrow(
      'auth.scope_mappings.GET sessions/*: the key\'s path must start with "/": "GET /sessions/*"',
    );
  });
});

describe('settings files', () => {
  it('When the file is not JSON, then the one-line error says so and names the file', () => {
    const dir = tmp();
    const file = path.join(dir, 's.json');
    fs.writeFileSync(file, '{ nope');
    const err = configError(() => readSettingsFile(file, {}));
    expect(err.message).toContain(file);
    expect(err.message).toContain('not valid JSON');
  });

  it('When the file is missing, then the error says it does not exist', () => {
    expect(() => readSettingsFile('/nonexistent/rundesk.json', {})).toThrow(/does not exist/);
  });

  it('When there is no settings.json, then the first run creates it (0600) and --config is never written', () => {
    const dir = tmp();
    const loaded = loadSettings({ dataDir: path.join(dir, 'data'), env: {}, firstRunSettings: () => ({ os_id: 'first' }) });
    expect(loaded.settings.os_id).toBe('first');
    expect(loaded.writable).toBe(true);
    expect(fs.statSync(loaded.path).mode & 0o777).toBe(0o600);

    const config = path.join(dir, 'config.json');
    fs.writeFileSync(config, '{"os_id":"from-config"}');
    const fromConfig = loadSettings({ configPath: config, dataDir: path.join(dir, 'data2'), env: {}, firstRunSettings: () => ({}) });
    expect(fromConfig).toMatchObject({ writable: false, path: config });
    expect(fs.existsSync(path.join(dir, 'data2', 'settings.json'))).toBe(false);
  });
});
