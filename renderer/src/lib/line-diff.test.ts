import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffLines, withContext } from './line-diff';

const side = (lines: ReturnType<typeof diffLines>, kind: 'del' | 'add') => (lines ?? []).filter((l) => l.kind === 'same' || l.kind === kind).map((l) => l.text);

describe('line diff', () => {
  it('reads back both sides, and keeps the common lines of a longest common subsequence', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c', '{', '}'), { maxLength: 40 }), fc.array(fc.constantFrom('a', 'b', 'c', '{', '}'), { maxLength: 40 }), (a, b) => {
        const d = diffLines(a, b);
        expect(side(d, 'del')).toEqual(a);
        expect(side(d, 'add')).toEqual(b);
        if (JSON.stringify(a) === JSON.stringify(b)) expect(d?.every((l) => l.kind === 'same')).toBe(true);
      }),
    );
  });

  it('marks the one changed line of two bodies, with its context and a gap for the rest', () => {
    const a = ['{', '  "x": 1,', '  "y": 2,', '  "z": 3,', '  "w": 4,', '  "v": 5', '}'];
    const b = [...a];
    b[5] = '  "v": 6';
    const shown = withContext(diffLines(a, b) ?? [], 1);
    expect(shown[0]).toBeNull();
    expect(shown.filter((l) => l && l.kind !== 'same')).toEqual([
      { kind: 'del', text: '  "v": 5' },
      { kind: 'add', text: '  "v": 6' },
    ]);
  });
});
