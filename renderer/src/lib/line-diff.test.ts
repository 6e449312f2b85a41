import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffLines, MAX_DIFF_LINES, withContext } from './line-diff';

/** The length of a longest common subsequence, by the textbook table (small inputs only). */
function lcsLength(a: readonly string[], b: readonly string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let diag = 0;
    b.forEach((y, j) => {
      const up = row[j + 1]!;
      row[j + 1] = x === y ? diag + 1 : Math.max(up, row[j]!);
      diag = up;
    });
  }
  return row[b.length]!;
}

const side = (lines: ReturnType<typeof diffLines>, kind: 'del' | 'add') => (lines ?? []).filter((l) => l.kind === 'same' || l.kind === kind).map((l) => l.text);

describe('line diff', () => {
  it('reads back both sides, and keeps the common lines of a longest common subsequence', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c', '{', '}'), { maxLength: 40 }), fc.array(fc.constantFrom('a', 'b', 'c', '{', '}'), { maxLength: 40 }), (a, b) => {
        const d = diffLines(a, b);
        expect(side(d, 'del')).toEqual(a);
        expect(side(d, 'add')).toEqual(b);
        if (JSON.stringify(a) === JSON.stringify(b)) expect(d?.every((l) => l.kind === 'same')).toBe(true);
        expect(d?.filter((l) => l.kind === 'same').length).toBe(lcsLength(a, b));
      }),
    );
  });

  it('diffs two bodies of MAX_DIFF_LINES lines, and declines one line more on either side', () => {
    const a = Array.from({ length: MAX_DIFF_LINES }, (_, i) => `  "k${i}": ${i},`);
    const b = a.map((l, i) => (i === 1500 ? '  "k1500": -1,' : l));
    expect(diffLines(a, b)?.filter((l) => l.kind !== 'same')).toEqual([
      { kind: 'del', text: '  "k1500": 1500,' },
      { kind: 'add', text: '  "k1500": -1,' },
    ]);
    expect(diffLines([...a, 'x'], b)).toBeNull();
    expect(diffLines(a, [...b, 'x'])).toBeNull();
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
