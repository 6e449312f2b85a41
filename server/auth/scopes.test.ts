import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acceptedAlternatives,
  familyIds,
  formatScope,
  grantedIds,
  parseScope,
  pathResource,
  patternResource,
  requirementFor,
  scopeGrants,
} from './scopes.js';

const part = fc.stringMatching(/^[a-z0-9_-]{1,12}$/);
const id = fc.stringMatching(/^[A-Za-z0-9_.:-]{1,16}$/).filter((s) => !s.startsWith(':') && !s.endsWith(':') && !s.includes('::') && s !== '*');

describe('parseScope', () => {
  it('splits resource, id and action', () => {
    expect(parseScope('agents:read')).toEqual({ resource: 'agents', id: null, action: 'read' });
    expect(parseScope('agents:a1:read')).toEqual({ resource: 'agents', id: 'a1', action: 'read' });
    expect(parseScope('agents:*:read')).toEqual({ resource: 'agents', id: '*', action: 'read' });
  });

  it('keeps ids that contain colons whole', () => {
    expect(parseScope('agents:ns:a1:read')).toEqual({ resource: 'agents', id: 'ns:a1', action: 'read' });
  });

  it('treats anything else as an opaque scope', () => {
    for (const s of ['openid', 'a::b', ':read', 'agents:', 'agents read', '']) expect(parseScope(s)).toBeNull();
  });

  it('round-trips through formatScope for any parsed scope', () => {
    fc.assert(
      fc.property(part, fc.option(fc.oneof(id, fc.constant('*')), { nil: null }), part, (resource, scopeId, action) => {
        const scope = { resource, id: scopeId, action };
        expect(parseScope(formatScope(scope))).toEqual(scope);
      }),
    );
  });

  it('formats back to the same string for any parseable scope', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (s) => {
        const parsed = parseScope(s);
        if (parsed) expect(formatScope(parsed)).toBe(s);
      }),
    );
  });
});

const admin = 'platform:admin';
const at = (path: string) => pathResource(path);
const req = (scope: string, path: string | null = null) => requirementFor(scope, path === null ? null : at(path), admin);
const family = fc.constantFrom('agents', 'teams', 'workflows');
const other = part.filter((p) => !['agents', 'teams', 'workflows', 'a2a', 'system'].includes(p));
const simpleId = fc.stringMatching(/^[A-Za-z0-9_.-]{1,16}$/).filter((s) => s !== '*');

describe('pathResource', () => {
  it('reads a family and its id from the path only under /agents, /teams and /workflows', () => {
    expect(at('/agents/a%201/runs')).toEqual({ family: 'agents', id: 'a 1', anyId: false });
    expect(at('/teams')).toEqual({ family: 'teams', id: null, anyId: false });
    expect(at('/a2a/workflows/w1')).toEqual({ family: 'workflows', id: 'w1', anyId: false });
    expect(at('/sessions/s1')).toBeNull();
    expect(at('/knowledge/agents/x')).toBeNull();
    expect(patternResource('/agents/{agent_id}/runs')).toEqual({ family: 'agents', id: null, anyId: true });
  });
});

describe('scopeGrants', () => {
  it('lets a resource-wide scope cover every id', () => {
    expect(scopeGrants('agents:read', req('agents:read', '/agents/a1'), 'a1')).toBe(true);
    expect(scopeGrants('agents:*:read', req('agents:read', '/agents/a1'), 'a1')).toBe(true);
    expect(scopeGrants('agents:read', req('agents:special:read'), null)).toBe(true);
  });

  it('lets a per-resource scope cover only the path’s own id, and only on a family path', () => {
    expect(scopeGrants('agents:a1:read', req('agents:read', '/agents/a1'), 'a1')).toBe(true);
    expect(scopeGrants('agents:a1:read', req('agents:read', '/agents/a2'), 'a2')).toBe(false);
    expect(scopeGrants('agents:a1:read', req('agents:read'), null)).toBe(false);
    // The platform compares a held id with the path's id, never with the mapping's.
    expect(scopeGrants('agents:a1:read', req('agents:a1:read'), null)).toBe(false);
    expect(scopeGrants('agents:a2:read', req('agents:a1:read', '/agents/a2'), 'a2')).toBe(true);
    expect(scopeGrants('sessions:s1:read', req('sessions:read'), null)).toBe(false);
  });

  it('reads a two-part scope on a family path as that family’s scope for the id', () => {
    expect(req('sessions:write', '/agents/a1/runs')).toEqual({ written: 'sessions:write', resource: 'agents', action: 'write', perId: true });
    expect(scopeGrants('sessions:write', req('sessions:write', '/agents/a1/runs'), 'a1')).toBe(false);
    expect(scopeGrants('agents:a1:write', req('sessions:write', '/agents/a1/runs'), 'a1')).toBe(true);
  });

  it('never crosses resources or actions, and an opaque scope grants nothing', () => {
    expect(scopeGrants('agents:read', req('teams:read'), null)).toBe(false);
    expect(scopeGrants('agents:read', req('agents:run'), null)).toBe(false);
    expect(scopeGrants('agents:*:read', req('agents:run', '/agents/a1'), 'a1')).toBe(false);
    expect(scopeGrants('openid', req('openid'), null)).toBe(false);
    expect(scopeGrants(admin, req(admin), null)).toBe(false);
  });

  it('reads the legacy system resource as config', () => {
    expect(scopeGrants('system:read', req('config:read'), null)).toBe(true);
  });

  it('never lets a per-resource scope grant another id (property)', () => {
    fc.assert(
      fc.property(family, part, simpleId, simpleId, (fam, action, held, wanted) => {
        fc.pre(held !== wanted);
        const path = `/${fam}/${encodeURIComponent(wanted)}`;
        expect(scopeGrants(`${fam}:${held}:${action}`, req(`${fam}:${action}`, path), wanted)).toBe(false);
        expect(scopeGrants(`${fam}:${held}:${action}`, req(`${fam}:${held}:${action}`, path), wanted)).toBe(false);
      }),
    );
  });

  it('never lets a per-resource scope grant anything off the family paths (property)', () => {
    fc.assert(
      fc.property(other, part, simpleId, simpleId, (resource, action, held, segment) => {
        const path = `/${resource}/${encodeURIComponent(segment)}`;
        for (const required of [`${resource}:${action}`, `${resource}:${held}:${action}`, `${resource}:*:${action}`]) {
          expect(scopeGrants(`${resource}:${held}:${action}`, req(required, path), at(path)?.id ?? null)).toBe(false);
        }
      }),
    );
  });

  it('always lets a resource-wide scope grant any id of its resource and action (property)', () => {
    fc.assert(
      fc.property(family, part, simpleId, (fam, action, wanted) => {
        const path = `/${fam}/${encodeURIComponent(wanted)}`;
        expect(scopeGrants(`${fam}:${action}`, req(`${fam}:${action}`, path), wanted)).toBe(true);
        expect(scopeGrants(`${fam}:*:${action}`, req(`${fam}:${wanted}:${action}`, path), wanted)).toBe(true);
        expect(scopeGrants(`${fam}:${wanted}:${action}`, req(`${fam}:${action}`, path), wanted)).toBe(true);
      }),
    );
  });
});

describe('grantedIds, familyIds and acceptedAlternatives', () => {
  it('collects the ids of matching per-resource scopes', () => {
    expect(grantedIds(['agents:a1:read', 'agents:a2:read', 'agents:a3:run', 'teams:t1:read'], req('agents:read', '/agents/x'))).toEqual(['a1', 'a2']);
    expect(grantedIds(['sessions:s1:read'], req('sessions:read', '/sessions/s1'))).toEqual([]);
    expect(familyIds(['agents:a1:run', 'teams:t1:read'], 'agents', admin, null)).toEqual(['a1']);
    expect(familyIds(['agents:a1:run'], 'agents', admin, 'read')).toEqual([]);
  });

  it('lists every scope that would satisfy a requirement', () => {
    expect(acceptedAlternatives(req('agents:read', '/agents/a1'), 'a1')).toEqual(['agents:read', 'agents:a1:read', 'agents:*:read']);
    expect(acceptedAlternatives(req('sessions:read', '/sessions/s1'), null)).toEqual(['sessions:read', 'sessions:*:read']);
    expect(acceptedAlternatives(req('openid'), null)).toEqual([]);
  });
});
