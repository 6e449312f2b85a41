import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareSpecificity, matchPath, matchRoute, parseRoutePattern, type RoutePattern } from './route-pattern.js';

function route(key: string): RoutePattern {
  const parsed = parseRoutePattern(key);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
}

/**
 * A reference fnmatch written independently of the matcher under test: plain backtracking
 * over characters, Python's rules (`*` any run, `?` one character, `[...]`/`[!...]` sets
 * with ranges, an unclosed `[` literal), compared case-insensitively as rundesk compares.
 */
function referenceFnmatch(name: string, pat: string): boolean {
  const n = name.toLowerCase();
  const p = pat.toLowerCase();
  const go = (i: number, j: number): boolean => {
    if (j === p.length) return i === n.length;
    const c = p[j] as string;
    if (c === '*') {
      for (let k = i; k <= n.length; k++) if (go(k, j + 1)) return true;
      return false;
    }
    if (i === n.length) return false;
    if (c === '?') return go(i + 1, j + 1);
    if (c === '[') {
      let k = j + 1;
      const negate = p[k] === '!';
      if (negate) k++;
      const start = k;
      if (p[k] === ']') k++;
      while (k < p.length && p[k] !== ']') k++;
      if (k < p.length) {
        const set = p.slice(start, k);
        let hit = false;
        for (let x = 0; x < set.length; x++) {
          if (set[x + 1] === '-' && x + 2 < set.length) {
            if ((set[x] as string) <= (n[i] as string) && (n[i] as string) <= (set[x + 2] as string)) hit = true;
            x += 2;
          } else if (set[x] === n[i]) hit = true;
        }
        return hit !== negate && go(i + 1, k + 1);
      }
    }
    return c === n[i] && go(i + 1, j + 1);
  };
  return go(0, 0);
}

const pathChar = fc.constantFrom('a', 'b', 'c', 'A', 'x', '-', '_', '.', '/', '%', '2', 'f');
const path = fc.array(pathChar, { maxLength: 12 }).map((cs) => `/${cs.join('')}`);
const patternChar = fc.oneof(pathChar, fc.constantFrom('*', '?', '[ab]', '[!a]', '[a-c]', '['));
const pattern = fc.array(patternChar, { maxLength: 8 }).map((cs) => `/${cs.join('')}`);

describe('parseRoutePattern', () => {
  it('normalizes method, letter case and a trailing slash, keeping {param} names', () => {
    expect(route('get /Sessions/*/').key).toBe('GET /sessions/*');
    expect(route('GET /Sessions/{Session_ID}').key).toBe('GET /sessions/{Session_ID}');
    expect(route('GET /').key).toBe('GET /');
  });

  it('rejects malformed keys with a reason', () => {
    expect(parseRoutePattern('/agents')).toMatchObject({ ok: false });
    expect(parseRoutePattern('FETCH /agents')).toMatchObject({ ok: false, message: 'unknown method "FETCH"' });
    expect(parseRoutePattern('GET agents')).toMatchObject({ ok: false });
    expect(parseRoutePattern('GET /[z-a]')).toMatchObject({ ok: false });
  });
});

describe('matchRoute', () => {
  it('lets * match any characters, / included, as fnmatch does', () => {
    const p = route('GET /sessions/*');
    expect(matchRoute(p, 'GET', '/sessions/s1')).toBe(true);
    expect(matchRoute(p, 'GET', '/sessions/s1/runs/r1')).toBe(true);
    expect(matchRoute(p, 'GET', '/sessions/')).toBe(false);
    expect(matchRoute(p, 'GET', '/sessions')).toBe(false);
    expect(matchRoute(p, 'POST', '/sessions/s1')).toBe(false);
    expect(matchRoute(route('GET /docs*'), 'GET', '/docs-v2/a')).toBe(true);
  });

  it('matches {param} to exactly one non-empty segment', () => {
    const p = route('GET /sessions/{session_id}/runs');
    expect(matchRoute(p, 'GET', '/sessions/s1/runs')).toBe(true);
    expect(matchRoute(p, 'GET', '/sessions/a/b/runs')).toBe(false);
    expect(matchRoute(p, 'GET', '/sessions//runs')).toBe(false);
  });

  it('supports ? and character sets', () => {
    expect(matchRoute(route('GET /v?/agents'), 'GET', '/v2/agents')).toBe(true);
    expect(matchRoute(route('GET /v[12]/agents'), 'GET', '/v3/agents')).toBe(false);
    expect(matchRoute(route('GET /v[!12]/agents'), 'GET', '/v3/agents')).toBe(true);
  });

  it('compares a range as fnmatch does on lower-cased texts (found by the property below)', () => {
    // "2" to "[" holds the capital letters; lower-cased, "x" is not in it.
    expect(matchPath(route('GET /[2-[ab]'), '/x')).toBe(false);
    expect(matchPath(route('GET /[2-[ab]'), '/X')).toBe(false);
    expect(matchPath(route('GET /[2-[ab]'), '/5')).toBe(true);
    expect(matchPath(route('GET /[2-[ab]'), '/B')).toBe(true);
  });

  it('ignores letter case, like Express routing, and any method for *', () => {
    expect(matchRoute(route('GET /agents'), 'get', '/AGENTS')).toBe(true);
    expect(matchRoute(route('* /agents'), 'DELETE', '/agents')).toBe(true);
  });

  it('agrees with a reference fnmatch on random patterns and paths (property)', () => {
    fc.assert(
      fc.property(pattern, path, (pat, p) => {
        const parsed = parseRoutePattern(`GET ${pat}`);
        fc.pre(parsed.ok);
        if (!parsed.ok) return;
        // The matcher ignores trailing slashes on both sides; compare on trimmed texts.
        const trim = (t: string) => t.replace(/\/+$/, '') || '/';
        expect(matchPath(parsed.value, p)).toBe(referenceFnmatch(trim(p), trim(pat)));
      }),
      { numRuns: 2000 },
    );
  });

  it('matches a literal path against itself (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^(\/[a-z0-9_.~%-]{1,8}){0,5}$/), (p) => {
        const text = p === '' ? '/' : p;
        expect(matchRoute(route(`GET ${text}`), 'GET', text)).toBe(true);
      }),
    );
  });
});

describe('compareSpecificity', () => {
  const sorted = (...keys: string[]): string[] => keys.map(route).sort(compareSpecificity).map((p) => p.key);

  it('puts exact paths first, then more literal text, then fewer wildcards', () => {
    expect(sorted('GET /sessions/*', 'GET /sessions/*/runs/*', 'GET /sessions/s1/runs/r1', 'GET /sessions/*/runs/r1')).toEqual([
      'GET /sessions/s1/runs/r1',
      'GET /sessions/*/runs/r1',
      'GET /sessions/*/runs/*',
      'GET /sessions/*',
    ]);
    expect(sorted('* /agents/*', 'GET /agents/*')).toEqual(['GET /agents/*', '* /agents/*']);
    expect(sorted('GET /agents/*', 'GET /agents/{agent_id}')).toEqual(['GET /agents/{agent_id}', 'GET /agents/*']);
  });

  it('is a total order: reflexive, antisymmetric, transitive (property)', () => {
    const key = fc.tuple(fc.constantFrom('GET', 'POST', '*'), pattern).map(([m, p]) => `${m} ${p}`);
    fc.assert(
      fc.property(key, key, key, (ka, kb, kc) => {
        const [pa, pb, pc] = [ka, kb, kc].map((k) => parseRoutePattern(k));
        if (!pa?.ok || !pb?.ok || !pc?.ok) return;
        const [a, b, c] = [pa.value, pb.value, pc.value];
        expect(compareSpecificity(a, a)).toBe(0);
        expect(Math.sign(compareSpecificity(a, b)) + Math.sign(compareSpecificity(b, a))).toBe(0);
        if (a.key !== b.key) expect(compareSpecificity(a, b)).not.toBe(0);
        if (compareSpecificity(a, b) <= 0 && compareSpecificity(b, c) <= 0) expect(compareSpecificity(a, c)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('ranks a literal pattern before every wildcard pattern that matches the same path (property)', () => {
    const seg = fc.stringMatching(/^[a-z0-9]{1,6}$/);
    fc.assert(
      fc.property(fc.array(seg, { minLength: 1, maxLength: 5 }), fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }), (segs, stars) => {
        const literal = route(`GET /${segs.join('/')}`);
        const wild = route(`GET /${segs.map((s, i) => (stars[i] ? '*' : s)).join('/')}`);
        fc.pre(wild.key !== literal.key);
        expect(matchPath(wild, `/${segs.join('/')}`)).toBe(true);
        expect(compareSpecificity(literal, wild)).toBeLessThan(0);
      }),
    );
  });
});
