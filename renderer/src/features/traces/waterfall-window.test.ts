import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FLING_OVERSCAN, flingOf, OVERSCAN, rowsToRender } from './waterfall-window';

const ranges = fc
  .record({ count: fc.integer({ min: 1, max: 60_000 }), start: fc.nat(), visible: fc.integer({ min: 1, max: 60 }) })
  .map(({ count, start, visible }) => {
    const startIndex = start % count;
    return { count, startIndex, endIndex: Math.min(count - 1, startIndex + visible - 1) };
  });
const flings = fc.constantFrom<-1 | 0 | 1>(-1, 0, 1);

describe('the waterfall window', () => {
  it('renders every row on screen, contiguous and within the list', () => {
    fc.assert(
      fc.property(ranges, flings, (range, fling) => {
        const rows = rowsToRender(range, fling);
        expect(rows[0]).toBeGreaterThanOrEqual(0);
        expect(rows.at(-1)).toBeLessThanOrEqual(range.count - 1);
        expect(rows[0]).toBeLessThanOrEqual(range.startIndex);
        expect(rows.at(-1)).toBeGreaterThanOrEqual(range.endIndex);
        rows.forEach((r, i) => i > 0 && expect(r).toBe(rows[i - 1]! + 1));
      }),
    );
  });

  it('keeps OVERSCAN rows either side at rest or in a slow scroll, FLING_OVERSCAN in a fling', () => {
    fc.assert(
      fc.property(ranges, flings, (range, fling) => {
        const keep = fling === 0 ? OVERSCAN : FLING_OVERSCAN;
        const rows = rowsToRender(range, fling);
        expect(rows[0]).toBe(Math.max(0, range.startIndex - keep));
        expect(rows.at(-1)).toBe(Math.min(range.count - 1, range.endIndex + keep));
      }),
    );
    expect(rowsToRender({ startIndex: 100, endIndex: 119, count: 5000 }, 1)).toHaveLength(22);
    expect(rowsToRender({ startIndex: 100, endIndex: 119, count: 5000 }, 0)).toHaveLength(44);
  });

  it('is a fling only while scrolling, and only for a step longer than the rows kept', () => {
    expect(flingOf(0, 30 * OVERSCAN, true, 30)).toBe(0);
    expect(flingOf(0, 30 * OVERSCAN + 1, true, 30)).toBe(1);
    expect(flingOf(5000, 5000 - 30 * OVERSCAN - 1, true, 30)).toBe(-1);
    expect(flingOf(0, 5000, false, 30)).toBe(0);
    // Taller (stacked) rows need a longer step.
    expect(flingOf(0, 30 * OVERSCAN + 1, true, 46)).toBe(0);
  });
});
