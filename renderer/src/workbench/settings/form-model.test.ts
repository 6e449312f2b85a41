import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AuthSettingsSchema } from '../../../../server/settings/schema';
import type { Preset, SettingDescription, Settings } from '../../api-types/desk-shapes';
import { applyPreset, buildSettingsBody, changedFields, differsFromDefault, presetActive } from './draft';
import { freshIssues, mergeIssues, routeIssues } from './issues';
import { duplicateRows, knownScopes, mappingKey, mappingsFromRows, overriddenDefaults, parseMappingKey, rowsFromMappings } from './mappings';
import { defaultText, fromList, isDeprecated, toList, widgetFor } from './widgets';

// The server's own defaults (what a fresh settings file resolves to), not a copy of them.
const AUTH: Settings['auth'] = { ...AuthSettingsSchema.parse({}), jwks_file: '/data/keys/trusted.jwks.json' };
const NAMES = [...Object.keys(AUTH), 'verification_keys', 'jwks_url', 'secret_key'];

describe('scope-mapping rows', () => {
  it('round-trips mappings through rows', () => {
    const m = { 'GET /sessions/*': ['sessions:read'], 'POST /x': [] };
    expect(mappingsFromRows(rowsFromMappings(m))).toEqual(m);
  });

  it('round-trips any "<METHOD> <path>" key through a row', () => {
    const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', '*');
    const path = fc.stringMatching(/^\/[A-Za-z0-9_{}*./-]{0,20}$/);
    fc.assert(fc.property(method, path, (m, p) => mappingKey(parseMappingKey(`${m} ${p}`)) === `${m} ${p}`));
  });

  it('turns no rows into null so authorization stays automatic', () => {
    expect(mappingsFromRows([])).toBeNull();
  });

  it('marks the defaults a custom row overrides', () => {
    const rows = rowsFromMappings({ 'GET /sessions': ['x'] });
    expect([...overriddenDefaults(rows, { 'GET /sessions': ['sessions:read'], 'GET /agents': ['agents:read'] })]).toEqual(['GET /sessions']);
  });

  it('flags a row that repeats an earlier key, and nothing else (the server checks the rest)', () => {
    const rows = [
      { id: 'a', method: 'GET', path: '/x', scopes: [] },
      { id: 'b', method: 'get', path: '/x ', scopes: [] },
      { id: 'c', method: 'GET', path: 'no-slash', scopes: [''] },
    ];
    const dups = duplicateRows(rows);
    expect([...dups.keys()]).toEqual(['b']);
    expect(dups.get('b')).toMatch(/duplicate/);
  });

  it('unions known scopes and puts the admin scope first', () => {
    expect(knownScopes({ 'GET /a': ['a:read'] }, { 'GET /b': ['b:read'] }, 'platform:admin')).toEqual(['platform:admin', 'a:read', 'b:read']);
  });
});

describe('server issues', () => {
  it('routes auth paths to fields and mapping keys to rows', () => {
    const r = routeIssues(
      [
        { path: 'auth.algorithm', message: 'Invalid option' },
        { path: 'auth.scope_mappings.GET /x', message: 'bad' },
        { path: 'auth.excluded_route_paths.1', message: 'must start with "/"' },
        { path: 'databases.0.path', message: 'missing' },
        { path: 'auth', message: 'no key source' },
      ],
      NAMES,
    );
    expect(r.byField.get('algorithm')).toEqual(['Invalid option']);
    expect(r.byMapping.get('GET /x')).toEqual(['bad']);
    expect(r.byField.get('excluded_route_paths')).toEqual(['must start with "/"']);
    expect(r.other.map((i) => i.path)).toEqual(['databases.0.path', 'auth']);
  });

  it('gives a setting whose name starts with another one its own issues', () => {
    const r = routeIssues([{ path: 'auth.audience_claim', message: 'must not be empty' }], ['audience', 'audience_claim']);
    expect(r.byField.get('audience_claim')).toEqual(['must not be empty']);
    expect(r.byField.has('audience')).toBe(false);
  });

  it('keeps issues about settings the form does not know in the summary', () => {
    expect(routeIssues([{ path: 'auth.brand_new', message: 'x' }], NAMES).other).toHaveLength(1);
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

describe('draft', () => {
  const inForce: Settings = {
    os_id: 'x',
    cors_allowed_origins: [],
    default_database: null,
    cache_budget_mb: 256,
    server: { host: 'h', port: 1 },
    upstream: { url: null, timeout_seconds: 300 },
    auth: { ...AUTH, verification_keys: ['from-env'] },
    databases: [],
  };

  it('writes only the changed settings into the settings file as written, invalid values included', () => {
    const file = { auth: { algorithm: 'RS256' }, databases: [{ id: 'd', path: '/p' }] };
    const draft = { ...inForce.auth, user_isolation: true, jwks_url: '', algorithm: 'XYZ256' };
    const body = buildSettingsBody(file, inForce, draft, rowsFromMappings({ 'GET /a': ['s'] }), NAMES);
    expect(body).toEqual({
      auth: { algorithm: 'XYZ256', user_isolation: true, scope_mappings: { 'GET /a': ['s'] } },
      databases: [{ id: 'd', path: '/p' }],
    });
  });

  it('lists changed settings only', () => {
    expect(changedFields({ ...AUTH, user_isolation: true }, AUTH, NAMES)).toEqual(['user_isolation']);
  });

  it('compares a value with the schema default; without one, any value counts as set', () => {
    expect(differsFromDefault('RS256', { default: 'RS256' })).toBe(false);
    expect(differsFromDefault('HS256', { default: 'RS256' })).toBe(true);
    expect(differsFromDefault('', { default: null })).toBe(false);
    expect(differsFromDefault([], {})).toBe(false);
    expect(differsFromDefault(['pem'], {})).toBe(true);
  });

  it('applies a preset, which then reads as active', () => {
    const auth0 = { settings_patch: { algorithm: 'RS256', scopes_claim: 'permissions' } } satisfies Pick<Preset, 'settings_patch'>;
    const next = applyPreset(AUTH, auth0);
    expect(next.scopes_claim).toBe('permissions');
    expect(presetActive(next, auth0)).toBe(true);
    expect(presetActive(AUTH, auth0)).toBe(false);
  });
});

describe('controls from the schema', () => {
  const field = (over: Partial<SettingDescription>): SettingDescription => ({ name: 'x', label: 'X', section: 's', type: 'string', nullable: false, help: 'h', ...over });

  it('picks a control from the type, the allowed values and nullability', () => {
    expect(widgetFor(field({ type: 'boolean' }))).toBe('toggle');
    expect(widgetFor(field({ type: 'boolean', nullable: true }))).toBe('tri-state');
    expect(widgetFor(field({ enum: ['HEADER', 'COOKIE', 'BOTH'] }))).toBe('choice');
    expect(widgetFor(field({ enum: ['RS256', 'RS384', 'RS512', 'PS256', 'HS256'] }))).toBe('suggest');
    expect(widgetFor(field({ type: 'array<string>' }))).toBe('chips');
    expect(widgetFor(field({ type: 'string | array<string>', nullable: true }))).toBe('one-or-many');
    expect(widgetFor(field({ type: 'map<string, array<string>>', nullable: true }))).toBe('mappings');
    expect(widgetFor(field({ name: 'verification_keys', type: 'array<string>' }))).toBe('secrets');
    expect(widgetFor(field({ type: 'string', nullable: true }))).toBe('text');
  });

  it('writes the default after the help, unless the help names it', () => {
    expect(defaultText(field({ default: 'RS256' }))).toBe('RS256');
    expect(defaultText(field({ default: null }))).toBe('none');
    expect(defaultText(field({ default: [] }))).toBe('[]');
    expect(defaultText(field({ default: ['/', '/health'] }))).toBe('["/","/health"]');
    expect(defaultText(field({ help: 'Keys. Default: env JWT_VERIFICATION_KEY.' }))).toBeUndefined();
    expect(defaultText(field({ help: 'A path.' }))).toBe('none');
  });

  it('reads deprecation off the help, and one-or-many values as a list', () => {
    expect(isDeprecated(field({ help: 'Deprecated: use verification_keys.' }))).toBe(true);
    expect(isDeprecated(field({ help: 'Not deprecated.' }))).toBe(false);
    expect(toList('a')).toEqual(['a']);
    expect(toList(null)).toEqual([]);
    expect(fromList(['a'])).toBe('a');
    expect(fromList(['a', 'b'])).toEqual(['a', 'b']);
    expect(fromList([])).toBeNull();
  });
});
