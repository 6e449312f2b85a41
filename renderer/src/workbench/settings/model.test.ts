import { describe, expect, it } from 'vitest';
import type { AuthSettings, Preset } from '../types';
import {
  applyPreset,
  audienceToList,
  buildSettingsBody,
  changedFields,
  defaultMappings,
  freshIssues,
  knownScopes,
  listToAudience,
  localIssues,
  mergeIssues,
  mappingsFromRows,
  overriddenDefaults,
  parseMappingKey,
  presetActive,
  routeIssues,
  rowIssues,
  rowsFromMappings,
} from './model';

const AUTH: AuthSettings = {
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
  excluded_route_paths: ['/', '/health'],
  admin_scope: 'platform:admin',
  user_isolation: false,
  jwks_file: '/data/keys/trusted.jwks.json',
};

describe('scope-mapping rows', () => {
  it('round-trips mappings through rows', () => {
    const m = { 'GET /sessions/*': ['sessions:read'], 'POST /x': [] };
    expect(mappingsFromRows(rowsFromMappings(m))).toEqual(m);
  });

  it('turns no rows into null so authorization stays automatic', () => {
    expect(mappingsFromRows([])).toBeNull();
  });

  it('parses a key into method and path', () => {
    expect(parseMappingKey('get /a/*')).toEqual({ method: 'GET', path: '/a/*' });
  });

  it('marks the defaults a custom row overrides', () => {
    const rows = rowsFromMappings({ 'GET /sessions': ['x'] });
    expect([...overriddenDefaults(rows, { 'GET /sessions': ['sessions:read'], 'GET /agents': ['agents:read'] })]).toEqual(['GET /sessions']);
  });

  it('flags duplicates and paths without a leading slash', () => {
    const rows = [
      { id: 'a', method: 'GET', path: '/x', scopes: [] },
      { id: 'b', method: 'GET', path: '/x', scopes: [] },
      { id: 'c', method: 'GET', path: 'y', scopes: [] },
    ];
    const issues = rowIssues(rows);
    expect(issues.has('a')).toBe(false);
    expect(issues.get('b')).toMatch(/duplicate/);
    expect(issues.get('c')).toMatch(/start with/);
  });
});

describe('local checks', () => {
  it('reports an empty scopes_claim and an unknown algorithm', () => {
    const issues = localIssues({ ...AUTH, scopes_claim: '', algorithm: 'XYZ256' }, []);
    expect(issues.scopes_claim).toBe('must not be empty');
    expect(issues.algorithm).toMatch(/XYZ256 is not a supported algorithm/);
  });

  it('accepts the defaults', () => {
    expect(localIssues(AUTH, [])).toEqual({});
  });
});

describe('server issues', () => {
  it('routes auth paths to fields and mapping keys to rows', () => {
    const r = routeIssues([
      { path: 'auth.algorithm', message: 'Invalid option' },
      { path: 'auth.scope_mappings.GET /x', message: 'bad' },
      { path: 'auth.excluded_route_paths.1', message: 'must start with "/"' },
      { path: 'databases.0.path', message: 'missing' },
    ]);
    expect(r.byField.get('algorithm')).toEqual(['Invalid option']);
    expect(r.byMapping.get('GET /x')).toEqual(['bad']);
    expect(r.byField.get('excluded_route_paths')).toEqual(['must start with "/"']);
    expect(r.other).toEqual([{ path: 'databases.0.path', message: 'missing' }]);
  });
});

describe('draft', () => {
  it('writes only the changed fields into the settings file as written', () => {
    const inForce = { os_id: 'x', cors_allowed_origins: [], default_database: null, server: { host: 'h', port: 1 }, auth: { ...AUTH, verification_keys: ['from-env'] }, databases: [] };
    const file = { auth: { algorithm: 'RS256' }, databases: [{ id: 'd', path: '/p' }] };
    const body = buildSettingsBody(file, inForce, { ...inForce.auth, user_isolation: true, jwks_url: '' }, rowsFromMappings({ 'GET /a': ['s'] }));
    expect(body).toEqual({
      auth: { algorithm: 'RS256', user_isolation: true, scope_mappings: { 'GET /a': ['s'] } },
      databases: [{ id: 'd', path: '/p' }],
    });
  });

  it('lists changed fields only', () => {
    expect(changedFields({ ...AUTH, user_isolation: true }, AUTH)).toEqual(['user_isolation']);
  });

  it('maps audience to chips and back', () => {
    expect(audienceToList('a')).toEqual(['a']);
    expect(listToAudience(['a'])).toBe('a');
    expect(listToAudience(['a', 'b'])).toEqual(['a', 'b']);
    expect(listToAudience([])).toBeNull();
  });
});

describe('presets', () => {
  const auth0 = { settings_patch: { algorithm: 'RS256', scopes_claim: 'permissions' } } satisfies Pick<Preset, 'settings_patch'>;
  it('applies and then reads as active', () => {
    const next = applyPreset(AUTH, auth0);
    expect(next.scopes_claim).toBe('permissions');
    expect(presetActive(next, auth0)).toBe(true);
    expect(presetActive(AUTH, auth0)).toBe(false);
  });
});

describe('default mappings', () => {
  it('remembers defaults that a later custom row replaced', () => {
    defaultMappings([{ pattern: 'GET /zz', scopes: ['z:read'], source: 'default' }]);
    const later = defaultMappings([{ pattern: 'GET /zz', scopes: ['other'], source: 'custom' }]);
    expect(later['GET /zz']).toEqual(['z:read']);
  });
});

describe('known scopes', () => {
  it('unions defaults, custom mappings and puts the admin scope first', () => {
    expect(knownScopes({ 'GET /a': ['a:read'] }, { 'GET /b': ['b:read'] }, 'platform:admin')).toEqual(['platform:admin', 'a:read', 'b:read']);
  });
});

describe('dry-run issues against the draft', () => {
  const checked = { os_id: 'x', auth: { algorithm: 'XX', scopes_claim: '' }, databases: [{ id: 'a' }] };
  const issues = [
    { path: 'auth.algorithm', message: 'bad alg' },
    { path: 'auth.scopes_claim', message: 'empty' },
    { path: 'databases.0', message: 'missing' },
    { path: 'auth', message: 'no key source' },
  ];

  it('drops issues about settings edited since the check, keeps the rest', () => {
    const draft = { os_id: 'x', auth: { algorithm: 'RS256', scopes_claim: '' }, databases: [{ id: 'a' }] };
    expect(freshIssues(issues, checked, draft).map((i) => i.path)).toEqual(['auth.scopes_claim', 'databases.0', 'auth']);
    expect(freshIssues(issues, checked, { ...draft, databases: [] }).map((i) => i.path)).toEqual(['auth.scopes_claim', 'auth']);
  });

  it('merges without duplicates', () => {
    expect(mergeIssues(issues.slice(0, 2), issues.slice(1, 3))).toEqual(issues.slice(0, 3));
  });
});
