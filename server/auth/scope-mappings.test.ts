import { describe, expect, it } from 'vitest';
import { evaluateAccess } from './access.js';
import { DEFAULT_SCOPE_MAPPINGS } from './default-scope-mappings.js';
import { buildMappingTable, findMapping } from './scope-mappings.js';

const defaults = buildMappingTable(null).table;

function access(scopes: string[], method: string, path: string, custom: Record<string, string[]> | null = null) {
  const { table } = buildMappingTable(custom);
  return evaluateAccess({ scopes, adminScope: 'platform:admin', authorizationEnabled: true, mapping: findMapping(table, method, path), path });
}

describe('the default mapping table', () => {
  it('parses every default key', () => {
    expect(buildMappingTable(null).issues).toEqual([]);
    expect(defaults.entries).toHaveLength(Object.keys(DEFAULT_SCOPE_MAPPINGS).length);
  });

  it.each([
    ['GET', '/sessions', 'sessions:read'],
    ['GET', '/sessions/s1', 'sessions:read'],
    ['GET', '/sessions/s1/runs', 'sessions:read'],
    ['GET', '/sessions/s1/runs/r1', 'sessions:read'],
    ['POST', '/sessions/s1/runs', 'sessions:write'],
    ['DELETE', '/sessions/s1', 'sessions:delete'],
    ['GET', '/agents', 'agents:read'],
    ['GET', '/agents/a1', 'agents:read'],
    ['POST', '/agents/a1/runs', 'agents:run'],
    ['POST', '/teams/t1/runs/r1/cancel', 'teams:run'],
    ['POST', '/workflows/w1/runs/r1/continue', 'workflows:run'],
    ['GET', '/teams', 'teams:read'],
    ['GET', '/workflows/w1', 'workflows:read'],
    ['PATCH', '/memories/m1', 'memories:write'],
    ['GET', '/config', 'config:read'],
  ])('maps %s %s to %s', (method, path, scope) => {
    expect(findMapping(defaults, method, path)?.scopes).toEqual([scope]);
  });

  it('answers HEAD with the GET mapping, as Express answers HEAD with GET handlers', () => {
    expect(findMapping(defaults, 'HEAD', '/agents')?.pattern.key).toBe('GET /agents');
  });

  it('cannot be dodged by letter case or a trailing slash', () => {
    expect(findMapping(defaults, 'get', '/AGENTS/')?.pattern.key).toBe('GET /agents');
  });

  it('leaves unknown routes unmapped', () => {
    expect(findMapping(defaults, 'GET', '/nothing-here')).toBeNull();
  });
});

describe('custom scope_mappings', () => {
  it('override a default with the same key', () => {
    const { table } = buildMappingTable({ 'GET /agents': ['catalog:list'] });
    expect(findMapping(table, 'GET', '/agents')).toMatchObject({ scopes: ['catalog:list'], source: 'custom' });
  });

  it('win over a less specific default', () => {
    const { table } = buildMappingTable({ 'GET /sessions/*/runs/*': ['runs:read'] });
    expect(findMapping(table, 'GET', '/sessions/s1/runs/r1')).toMatchObject({ scopes: ['runs:read'], source: 'custom' });
    expect(findMapping(table, 'GET', '/sessions/s1')?.scopes).toEqual(['sessions:read']);
  });

  it('add new routes', () => {
    const { table } = buildMappingTable({ 'POST /custom/*': ['custom:write'] });
    expect(findMapping(table, 'POST', '/custom/x')?.scopes).toEqual(['custom:write']);
  });

  it('report malformed keys and scopes as issues naming the key', () => {
    expect(buildMappingTable({ 'GET /a*': ['x:y'], 'GET /b': ['two words'] }).issues).toEqual([
      { path: 'auth.scope_mappings.GET /a*', message: '"*" must be a whole segment (got "a*")' },
      { path: 'auth.scope_mappings.GET /b', message: 'scope "two words" must not contain whitespace' },
    ]);
  });
});

describe('evaluateAccess', () => {
  it('allows a caller holding the mapped scope', () => {
    expect(access(['sessions:read'], 'GET', '/sessions/s1/runs/r1')).toMatchObject({ allowed: true, accessibleResourceIds: ['*'] });
  });

  it('denies a caller without it and names what would do', () => {
    expect(access(['agents:read'], 'GET', '/sessions/s1/runs/r1')).toMatchObject({
      allowed: false,
      missingScopes: ['sessions:read'],
      acceptedScopes: ['sessions:read', 'sessions:s1:read', 'sessions:*:read'],
    });
  });

  it('lets the admin scope through everything', () => {
    expect(access(['platform:admin'], 'DELETE', '/sessions/s1')).toMatchObject({ allowed: true, isAdmin: true });
  });

  it('lets an empty mapping through without scopes', () => {
    expect(access([], 'GET', '/public', { 'GET /public': [] })).toMatchObject({ allowed: true });
  });

  it('lets unmapped routes through for any authenticated caller', () => {
    expect(access([], 'GET', '/unmapped')).toMatchObject({ allowed: true, requiredScopes: [] });
  });

  it('allows listing routes with only per-resource scopes and lists the ids', () => {
    expect(access(['agents:a1:read', 'agents:a2:read'], 'GET', '/agents')).toMatchObject({
      allowed: true,
      accessibleResourceIds: ['a1', 'a2'],
    });
    expect(access(['agents:read'], 'GET', '/agents').accessibleResourceIds).toEqual(['*']);
    expect(access(['agents:*:read'], 'GET', '/agents').accessibleResourceIds).toEqual(['*']);
    expect(access(['teams:t1:read'], 'GET', '/agents').allowed).toBe(false);
  });

  it('checks the per-resource scope on routes naming one resource', () => {
    expect(access(['agents:a1:read'], 'GET', '/agents/a1').allowed).toBe(true);
    expect(access(['agents:a1:read'], 'GET', '/agents/a2')).toMatchObject({ allowed: false, perResourceIds: ['a1'] });
    expect(access(['agents:*:read'], 'GET', '/agents/a2').allowed).toBe(true);
    expect(access(['agents:a1:run'], 'POST', '/agents/a1/runs').allowed).toBe(true);
    expect(access(['sessions:s1:read'], 'GET', '/sessions/s1/runs/r1').allowed).toBe(true);
  });

  it('decodes the id in the path like Express decodes params', () => {
    expect(access(['agents:me@home:read'], 'GET', '/agents/me%40home').allowed).toBe(true);
  });

  it('lets everything through when authorization is off', () => {
    const mapping = findMapping(defaults, 'DELETE', '/sessions/s1');
    expect(evaluateAccess({ scopes: [], adminScope: 'platform:admin', authorizationEnabled: false, mapping, path: '/sessions/s1' })).toMatchObject({
      allowed: true,
      requiredScopes: [],
      accessibleResourceIds: ['*'],
    });
  });
});
