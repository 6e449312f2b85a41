import { describe, expect, it } from 'vitest';
import { divergenceNote } from './divergence.js';
import { platformOrder, platformPick, platformShadow } from './platform-order.js';
import { DEFAULT_SCOPE_MAPPINGS } from '../api/platform/platform-routes.js';
import { buildMappingTable } from './scope-mappings.js';

function note(custom: Record<string, string[]>, method: string, path: string, matching: 'platform' | 'specific' = 'specific'): string | null {
  const { table } = buildMappingTable(custom, DEFAULT_SCOPE_MAPPINGS, matching);
  return divergenceNote(table, method, path);
}

describe("the platform's first-match lookup", () => {
  it('tries the exact key first, then walks its table in order with fnmatch', () => {
    const order = platformOrder([]);
    expect(platformPick(order, 'GET', '/agents')).toBe('GET /agents');
    expect(platformPick(order, 'GET', '/sessions/s/runs/r')).toBe('GET /sessions/*');
    expect(platformPick(order, 'POST', '/agents/a/runs/r/cancel')).toBe('POST /agents/*/runs/*/cancel');
    expect(platformPick(order, 'GET', '/nothing')).toBeNull();
  });

  it('keeps an overriding custom key in the default place and appends new ones', () => {
    const order = platformOrder(['GET /zzz', 'GET /sessions/*']).map((k) => k.written);
    expect(order.indexOf('GET /sessions/*')).toBeLessThan(order.indexOf('GET /memories'));
    expect(order[order.length - 1]).toBe('GET /zzz');
  });

  it('compares methods exactly and letters case-sensitively', () => {
    const order = platformOrder(['* /custom', 'GET /Custom']);
    expect(platformPick(order, 'GET', '/custom')).toBeNull();
    expect(platformPick(order, 'GET', '/Custom')).toBe('GET /Custom');
  });
});

describe('divergence notes for one request', () => {
  it('with platform matching, names the custom rule that does not decide and the key to redefine', () => {
    expect(note({ 'GET /sessions/*/runs/*': ['runs:read'] }, 'GET', '/sessions/s/runs/r', 'platform')).toBe(
      '`GET /sessions/*/runs/*` does not decide this request: as on the platform, `GET /sessions/*` is matched first (redefine `GET /sessions/*` to change it); with scope_matching "specific", `GET /sessions/*/runs/*` would decide',
    );
    expect(note({ 'GET /sessions/*': ['x:read'] }, 'GET', '/sessions/s/runs/r', 'platform')).toBeNull();
  });

  it('says when an earlier default decides a request that a custom rule decides in rundesk', () => {
    expect(note({ 'GET /sessions/*/runs/*': ['runs:read'] }, 'GET', '/sessions/s/runs/r')).toBe(
      'on the platform, `GET /sessions/*` is matched first here; `GET /sessions/*/runs/*` does not decide this request there',
    );
  });

  it('says nothing when both pick the same custom rule, or when only defaults are involved', () => {
    expect(note({ 'GET /sessions/*': ['x:read'] }, 'GET', '/sessions/s/runs/r')).toBeNull();
    expect(note({}, 'GET', '/sessions/s/runs/r')).toBeNull();
  });

  it('says when the platform follows the written order among custom rules and rundesk the most specific', () => {
    expect(note({ 'GET /reports/*': ['a:read'], 'GET /reports/*/pdf': ['b:read'] }, 'GET', '/reports/1/pdf')).toBe(
      'on the platform, `GET /reports/*` is matched first here; `GET /reports/*/pdf` does not decide this request there',
    );
    expect(note({ 'GET /reports/*/pdf': ['b:read'], 'GET /reports/*': ['a:read'] }, 'GET', '/reports/1/pdf')).toBeNull();
  });
});

describe('shadowed custom rules for the lint', () => {
  it('names the earlier rule that covers a custom rule entirely', () => {
    expect(platformShadow(['GET /sessions/*/runs/*'], 'GET /sessions/*/runs/*')).toEqual({
      shadowedBy: 'GET /sessions/*',
      message: 'on the platform, `GET /sessions/*` is matched first here; this rule never decides there; redefine `GET /sessions/*` to change these requests',
    });
  });

  it('flags a {param} rule that the platform reads as * behind a default', () => {
    expect(platformShadow(['GET /agents/{agent_id}/runs'], 'GET /agents/{agent_id}/runs')?.shadowedBy).toBe('GET /agents/*');
  });

  it('flags a * method, which the platform never matches', () => {
    expect(platformShadow(['* /custom'], '* /custom')?.message).toContain('no `*` method');
  });

  it('leaves alone rules the platform applies as rundesk does', () => {
    expect(platformShadow(['GET /sessions/*'], 'GET /sessions/*')).toBeNull();
    expect(platformShadow(['GET /custom/*'], 'GET /custom/*')).toBeNull();
  });
});
