import { describe, expect, it } from 'vitest';
import { lintMappings, servedRoutesOf } from './mappings-lint.js';

const served = servedRoutesOf([
  { method: 'get', path: '/sessions/{session_id}/runs/{run_id}' },
  { method: 'get', path: '/sessions/{session_id}' },
  { method: 'delete', path: '/sessions/{session_id}' },
  { method: 'get', path: '/agents' },
  { method: 'get', path: '/health' },
  { method: 'post', path: '/reports/{id}' },
]);

describe('lintMappings', () => {
  it('reads served routes from the route objects, methods upper-cased', () => {
    expect(served.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /sessions/{session_id}/runs/{run_id}',
      'GET /sessions/{session_id}',
      'DELETE /sessions/{session_id}',
      'GET /agents',
      'GET /health',
      'POST /reports/{id}',
    ]);
  });

  it('lists served routes no mapping covers, skipping excluded paths', () => {
    const effective = [
      { pattern: 'GET /sessions/*/runs/*', scopes: ['sessions:read'], source: 'default' as const },
      { pattern: 'GET /sessions/*', scopes: ['sessions:read'], source: 'default' as const },
      { pattern: '* /agents', scopes: ['agents:read'], source: 'custom' as const },
    ];
    const out = lintMappings(served, effective, null, ['/health']);
    expect(out.unmapped_routes.map((r) => `${r.method} ${r.path}`)).toEqual(['DELETE /sessions/{session_id}', 'POST /reports/{id}']);
    expect(out.unmatched_mappings).toEqual([]);
  });

  it('lists custom mappings that can match no served route, and accepts those that can', () => {
    const custom = {
      'GET /sesions/*': ['x'],
      'POST /sessions/*/runs/*': ['x'],
      'GET /sessions/abc': ['x'],
      'GET /reports/**': ['x'],
      'POST /reports/*': ['x'],
      '* /AGENTS': ['x'],
    };
    const out = lintMappings(served, [], custom, []);
    expect(out.unmatched_mappings.map((m) => m.pattern)).toEqual(['GET /sesions/*', 'POST /sessions/*/runs/*', 'GET /reports/**']);
  });

  it('When a mapping path is misspelled, Then its message names served routes of that method, nearest first', () => {
    const out = lintMappings(served, [], { 'GET /sesions/*': ['sessions:read'] }, []);
    expect(out.unmatched_mappings[0]!.message).toBe(
      'matches no route this server serves; check the method and the path (served GET routes include /sessions/{session_id}/runs/{run_id}, /sessions/{session_id}, /agents, /health)',
    );
  });

  it('When a custom mapping asks for a misspelled scope, Then the lint names the scope it was probably meant to be', () => {
    const effective = [{ pattern: 'GET /sessions/*', scopes: ['sessions:read'], source: 'default' as const }];
    const custom = { 'GET /sessions/*/runs/*': ['sesions:read', 'billing:export', 'sessions:abc:read'], '* /agents': ['platform:admn'] };
    const out = lintMappings(served, effective, custom, [], ['platform:admin']);
    expect(out.unknown_scopes).toEqual([
      {
        pattern: 'GET /sessions/*/runs/*',
        scope: 'sesions:read',
        suggestion: 'sessions:read',
        message: 'asks for unknown scope "sesions:read" (did you mean "sessions:read"?): tokens carrying sessions:read are refused here',
      },
      expect.objectContaining({ pattern: '* /agents', scope: 'platform:admn', suggestion: 'platform:admin' }),
    ]);
  });

  // New: these rules passed tokens on rundesk that the platform refuses.
  it('When a custom mapping asks for a scope the platform reads otherwise, Then the lint says how it is read there and here', () => {
    const custom = {
      'GET /sessions/*': ['Sessions.Read', 'sessions:s1:read', 'sessions:*:read'],
      'POST /agents/*/runs': ['agents:run', 'sessions:write', 'agents:a1:run'],
    };
    const out = lintMappings(served, [], custom, []);
    expect(out.platform_scope_notes.map((n) => [n.pattern, n.scope])).toEqual([
      ['GET /sessions/*', 'Sessions.Read'],
      ['GET /sessions/*', 'sessions:s1:read'],
      ['POST /agents/*/runs', 'sessions:write'],
    ]);
    expect(out.platform_scope_notes[1]!.message).toContain('use "sessions:read" or "sessions:*:read"');
    expect(out.platform_scope_notes[2]!.message).toContain('"agents:<id>:write"');
  });
});
