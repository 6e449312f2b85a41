import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editDistance as serverEditDistance, scopeTypoOf as serverScopeTypoOf } from '../../../server/api/desk/inspect/scope-typos';
import { editDistance, scopeTypoOf } from './scope-typos';

const known = new Set(['sessions:read', 'sessions:write', 'agents:read', 'traces:read', 'memories:read', 'platform:admin']);
const scope = fc.oneof(
  fc.constantFrom(...known, 'sesions:read', 'Sessions:Read', 'agent:read', 'agents:bot:read', 'agents:bot:raed', 'openid', 'billing:export'),
  fc.string({ maxLength: 16 }),
  // Near misses: a known scope with a character dropped, doubled or swapped.
  fc.tuple(fc.constantFrom(...known), fc.nat(20), fc.constantFrom('drop', 'double', 'swap')).map(([s, at, how]) => {
    const i = at % s.length;
    if (how === 'drop') return s.slice(0, i) + s.slice(i + 1);
    if (how === 'double') return s.slice(0, i) + s[i] + s.slice(i);
    return i + 1 < s.length ? s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2) : s;
  }),
);

describe('the browser’s scope-typo rule', () => {
  it('answers what the server’s mapping lint answers, for any scope', () => {
    fc.assert(
      fc.property(scope, (s) => {
        expect(scopeTypoOf(s, known)).toBe(serverScopeTypoOf(s, known));
      }),
      { numRuns: 500 },
    );
  });

  it('measures edit distance as the server does', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), fc.integer({ min: 0, max: 12 }), (a, b, max) => {
        expect(editDistance(a, b, max)).toBe(serverEditDistance(a, b, max));
      }),
    );
  });
});
