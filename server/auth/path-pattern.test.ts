import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchPath, parsePathPattern, type PathPattern } from './path-pattern.js';

function pattern(text: string): PathPattern {
  const parsed = parsePathPattern(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
}

const segment = fc.stringMatching(/^[A-Za-z0-9_.~%-]{1,10}$/);
const segments = fc.array(segment, { minLength: 0, maxLength: 6 });

describe('excluded-path patterns', () => {
  it('rejects malformed patterns with a reason', () => {
    expect(parsePathPattern('docs')).toMatchObject({ ok: false });
    expect(parsePathPattern('/docs*')).toMatchObject({ ok: false });
    expect(parsePathPattern('/a/**/b')).toMatchObject({ ok: false });
    expect(parsePathPattern('/a//b')).toMatchObject({ ok: false });
  });

  it('matches one whole segment per *, and any depth with a trailing **', () => {
    expect(matchPath(pattern('/docs/*'), '/docs/a')).toBe(true);
    expect(matchPath(pattern('/docs/*'), '/docs/a/b')).toBe(false);
    expect(matchPath(pattern('/docs/**'), '/docs')).toBe(true);
    expect(matchPath(pattern('/docs/**'), '/docs/a/b')).toBe(true);
    expect(matchPath(pattern('/docs/**'), '/docsx')).toBe(false);
    expect(matchPath(pattern('/Health'), '/HEALTH/')).toBe(true);
  });

  it('never lets * match across a slash (property)', () => {
    fc.assert(
      fc.property(segments, segment, segment, (prefix, a, b) => {
        const p = pattern(`/${[...prefix, '*'].join('/')}`);
        expect(matchPath(p, `/${[...prefix, a].join('/')}`)).toBe(true);
        expect(matchPath(p, `/${[...prefix, a, b].join('/')}`)).toBe(false);
      }),
    );
  });
});
