import { describe, expect, it } from 'vitest';
import { audienceFromClaim, audienceMatches, idFromClaim, pickClaims, readClaim, scopesFromClaim } from './claims.js';

describe('readClaim', () => {
  const claims = { 'realm_access.roles': ['flat'], realm_access: { roles: ['nested'] }, app: { meta: { team: 't1' } } };

  it('prefers a claim with the exact dotted name', () => {
    expect(readClaim(claims, 'realm_access.roles')).toEqual(['flat']);
  });

  it('falls back to a path through nested objects', () => {
    expect(readClaim({ realm_access: { roles: ['nested'] } }, 'realm_access.roles')).toEqual(['nested']);
    expect(readClaim(claims, 'app.meta.team')).toBe('t1');
    expect(readClaim(claims, 'app.missing.team')).toBeUndefined();
  });

  it('never resolves inherited properties', () => {
    expect(readClaim({}, 'constructor')).toBeUndefined();
    expect(readClaim({ a: {} }, 'a.__proto__')).toBeUndefined();
    expect(readClaim({ a: {} }, 'a.toString')).toBeUndefined();
  });
});

describe('claim values', () => {
  it('splits a space-delimited scope string (RFC 9068)', () => {
    expect(scopesFromClaim('agents:read  sessions:read agents:read')).toEqual(['agents:read', 'sessions:read']);
  });

  it('keeps string entries of a scope list and ignores the rest', () => {
    expect(scopesFromClaim(['a:b', 3, null, 'c:d'])).toEqual(['a:b', 'c:d']);
    expect(scopesFromClaim({ a: 1 })).toEqual([]);
  });

  it('reads ids and audiences', () => {
    expect(idFromClaim('u1')).toBe('u1');
    expect(idFromClaim(42)).toBe('42');
    expect(idFromClaim({})).toBeNull();
    expect(audienceFromClaim(['a', 1, 'b'])).toEqual(['a', 'b']);
    expect(audienceFromClaim(7)).toBeNull();
  });

  it('matches an audience when any value is expected, and never when missing', () => {
    expect(audienceMatches(['x', 'os'], ['os'])).toBe(true);
    expect(audienceMatches('x', ['os', 'y'])).toBe(false);
    expect(audienceMatches(null, ['os'])).toBe(false);
  });

  it('copies only present claims under their configured names', () => {
    expect(pickClaims({ org: 'o1', ctx: { plan: 'pro' } }, ['org', 'ctx.plan', 'absent'])).toEqual({ org: 'o1', 'ctx.plan': 'pro' });
  });
});
