import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareSpecificity, matchPath, matchRoute, parsePathPattern, parseRoutePattern, type RoutePattern } from './route-pattern.js';

function route(key: string): RoutePattern {
  const parsed = parseRoutePattern(key);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
}

const segment = fc.stringMatching(/^[A-Za-z0-9_.~%-]{1,10}$/);
const segments = fc.array(segment, { minLength: 0, maxLength: 6 });
const method = fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', '*');
const patternSegment = fc.oneof(segment, fc.constant('*'));
const patternKey = fc
  .tuple(method, fc.array(patternSegment, { maxLength: 5 }), fc.boolean())
  .map(([m, segs, glob]) => `${m} /${[...segs, ...(glob ? ['**'] : [])].join('/')}`);

describe('parseRoutePattern', () => {
  it('normalizes method, case and trailing slash', () => {
    expect(route('get /Sessions/*/').key).toBe('GET /sessions/*');
    expect(route('GET /').key).toBe('GET /');
  });

  it('rejects malformed keys with a reason', () => {
    expect(parseRoutePattern('/agents')).toMatchObject({ ok: false });
    expect(parseRoutePattern('FETCH /agents')).toMatchObject({ ok: false, message: 'unknown method "FETCH"' });
    expect(parseRoutePattern('GET /docs*')).toMatchObject({ ok: false });
    expect(parseRoutePattern('GET /a/**/b')).toMatchObject({ ok: false });
    expect(parseRoutePattern('GET /a//b')).toMatchObject({ ok: false });
  });
});

describe('matchRoute', () => {
  it('matches one whole segment per *', () => {
    const p = route('GET /sessions/*');
    expect(matchRoute(p, 'GET', '/sessions/s1')).toBe(true);
    expect(matchRoute(p, 'GET', '/sessions/s1/runs')).toBe(false);
    expect(matchRoute(p, 'GET', '/sessions')).toBe(false);
    expect(matchRoute(p, 'GET', '/sessions//')).toBe(false);
    expect(matchRoute(p, 'POST', '/sessions/s1')).toBe(false);
  });

  it('matches any depth with a trailing **', () => {
    const p = route('* /docs/**');
    expect(matchRoute(p, 'GET', '/docs')).toBe(true);
    expect(matchRoute(p, 'DELETE', '/docs/a/b/c')).toBe(true);
    expect(matchRoute(p, 'GET', '/docsx')).toBe(false);
  });

  it('ignores letter case in literals, like Express routing', () => {
    expect(matchRoute(route('GET /agents'), 'get', '/AGENTS')).toBe(true);
  });

  it('matches a path against its own literal pattern (property)', () => {
    fc.assert(
      fc.property(segments, method, (segs, m) => {
        const path = `/${segs.join('/')}`;
        const p = route(`${m} ${path}`);
        expect(matchRoute(p, m === '*' ? 'GET' : m, path)).toBe(true);
      }),
    );
  });

  it('is indifferent to a trailing slash (property)', () => {
    fc.assert(
      fc.property(patternKey, segments, (key, segs) => {
        const p = route(key);
        const path = `/${segs.join('/')}`;
        expect(matchPath(p, `${path}/`)).toBe(matchPath(p, path));
      }),
    );
  });

  it('never lets * match across a slash (property)', () => {
    fc.assert(
      fc.property(segments, segment, segment, (prefix, a, b) => {
        const p = parsePathPattern(`/${[...prefix, '*'].join('/')}`);
        if (!p.ok) throw new Error(p.message);
        expect(matchPath(p.value, `/${[...prefix, a].join('/')}`)).toBe(true);
        expect(matchPath(p.value, `/${[...prefix, a, b].join('/')}`)).toBe(false);
      }),
    );
  });
});

describe('compareSpecificity', () => {
  const sorted = (...keys: string[]): string[] => keys.map(route).sort(compareSpecificity).map((p) => p.key);

  it('puts exact paths first, then fewer wildcards, then earlier literals', () => {
    expect(sorted('GET /sessions/**', 'GET /sessions/*/runs/*', 'GET /sessions/s1/runs/r1', 'GET /sessions/*/runs/r1')).toEqual([
      'GET /sessions/s1/runs/r1',
      'GET /sessions/*/runs/r1',
      'GET /sessions/*/runs/*',
      'GET /sessions/**',
    ]);
    expect(sorted('GET /a/*/c', 'GET /a/b/*')).toEqual(['GET /a/b/*', 'GET /a/*/c']);
    expect(sorted('* /agents/*', 'GET /agents/*')).toEqual(['GET /agents/*', '* /agents/*']);
  });

  it('is a total order: reflexive, antisymmetric, transitive (property)', () => {
    fc.assert(
      fc.property(patternKey, patternKey, patternKey, (ka, kb, kc) => {
        const [a, b, c] = [route(ka), route(kb), route(kc)];
        expect(compareSpecificity(a, a)).toBe(0);
        expect(Math.sign(compareSpecificity(a, b)) + Math.sign(compareSpecificity(b, a))).toBe(0);
        if (a.key !== b.key) expect(compareSpecificity(a, b)).not.toBe(0);
        if (compareSpecificity(a, b) <= 0 && compareSpecificity(b, c) <= 0) expect(compareSpecificity(a, c)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('ranks a literal pattern before every wildcard pattern that matches the same path (property)', () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }), (segs, stars) => {
        const literal = route(`GET /${segs.join('/')}`);
        const wild = route(`GET /${segs.map((s, i) => (stars[i] ? '*' : s)).join('/')}`);
        fc.pre(wild.key !== literal.key);
        expect(matchPath(wild, `/${segs.join('/')}`)).toBe(true);
        expect(compareSpecificity(literal, wild)).toBeLessThan(0);
      }),
    );
  });
});
