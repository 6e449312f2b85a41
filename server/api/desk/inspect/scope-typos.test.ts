import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editDistance, scopeTypoOf } from './scope-typos.js';

const known = new Set(['sessions:read', 'sessions:write', 'agents:read', 'traces:read', 'platform:admin']);

describe('scopeTypoOf', () => {
  it.each([
    ['sesions:read', 'sessions:read'],
    ['sessions:raed', 'sessions:read'],
    ['Sessions:Read', 'sessions:read'],
    ['agent:read', 'agents:read'],
    ['platform:admn', 'platform:admin'],
  ])('When a mapping asks for %s, Then it is taken for %s', (typo, meant) => {
    expect(scopeTypoOf(typo, known)).toBe(meant);
  });

  it.each([['sessions:read'], ['agents:support-bot:read'], ['billing:export'], ['openid']])('When a mapping asks for %s, Then nothing is said', (scope) => {
    expect(scopeTypoOf(scope, known)).toBeNull();
  });
});

describe('editDistance', () => {
  it('is a metric on short words: zero only for equal words, symmetric, and a swap of neighbours costs one', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), (a, b) => {
        const d = editDistance(a, b, 20);
        expect(d === 0).toBe(a === b);
        expect(editDistance(b, a, 20)).toBe(d);
      }),
    );
    expect(editDistance('ab', 'ba')).toBe(1);
  });
});
