import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptedAlternatives, formatScope, heldResourceIds, parseScope, scopeGrants } from './scopes.js';

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

describe('scopeGrants', () => {
  it('lets a resource-wide scope cover every id', () => {
    expect(scopeGrants('agents:read', 'agents:read', 'a1')).toBe(true);
    expect(scopeGrants('agents:*:read', 'agents:read', 'a1')).toBe(true);
    expect(scopeGrants('agents:read', 'agents:special:read', null)).toBe(true);
  });

  it('lets a per-resource scope cover only its own id', () => {
    expect(scopeGrants('agents:a1:read', 'agents:read', 'a1')).toBe(true);
    expect(scopeGrants('agents:a1:read', 'agents:read', 'a2')).toBe(false);
    expect(scopeGrants('agents:a1:read', 'agents:read', null)).toBe(false);
    expect(scopeGrants('agents:a1:read', 'agents:a1:read', null)).toBe(true);
  });

  it('never crosses resources or actions', () => {
    expect(scopeGrants('agents:read', 'teams:read', null)).toBe(false);
    expect(scopeGrants('agents:read', 'agents:run', null)).toBe(false);
    expect(scopeGrants('agents:*:read', 'agents:a1:run', 'a1')).toBe(false);
  });

  it('never lets a per-resource scope grant a different id (property)', () => {
    fc.assert(
      fc.property(part, part, id, id, (resource, action, held, wanted) => {
        fc.pre(held !== wanted);
        expect(scopeGrants(`${resource}:${held}:${action}`, `${resource}:${action}`, wanted)).toBe(false);
        expect(scopeGrants(`${resource}:${held}:${action}`, `${resource}:${wanted}:${action}`, null)).toBe(false);
      }),
    );
  });

  it('always lets a resource-wide scope grant any id of its resource and action (property)', () => {
    fc.assert(
      fc.property(part, part, id, (resource, action, wanted) => {
        expect(scopeGrants(`${resource}:${action}`, `${resource}:${action}`, wanted)).toBe(true);
        expect(scopeGrants(`${resource}:*:${action}`, `${resource}:${wanted}:${action}`, null)).toBe(true);
      }),
    );
  });
});

describe('heldResourceIds and acceptedAlternatives', () => {
  it('collects the ids of matching per-resource scopes', () => {
    expect(heldResourceIds(['agents:a1:read', 'agents:a2:read', 'agents:a3:run', 'teams:t1:read'], 'agents:read')).toEqual(['a1', 'a2']);
  });

  it('lists every scope that would satisfy a requirement', () => {
    expect(acceptedAlternatives('agents:read', 'a1')).toEqual(['agents:read', 'agents:a1:read', 'agents:*:read']);
    expect(acceptedAlternatives('openid', null)).toEqual(['openid']);
  });
});
