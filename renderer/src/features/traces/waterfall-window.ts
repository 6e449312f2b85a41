/** Rows kept above and below the window, so a wheel step or a slow fling finds them already there. */
export const OVERSCAN = 12;
/**
 * Rows kept either side while the list moves further in one step than OVERSCAN rows (a fast
 * fling, a drag of the scrollbar): the next step lands past any rows kept, so the rows on screen
 * are rendered before the frame is painted instead, and rendering the kept ones had been about
 * half of each frame's work.
 */
export const FLING_OVERSCAN = 1;

/** -1 or 1 while the list moves further in one scroll step than OVERSCAN rows (up or down), else 0. */
export function flingOf(previousOffset: number, offset: number, isScrolling: boolean, rowHeight: number): -1 | 0 | 1 {
  const step = offset - previousOffset;
  if (!isScrolling || Math.abs(step) <= OVERSCAN * rowHeight) return 0;
  return step > 0 ? 1 : -1;
}

/** The row indexes to render for the rows on screen (`startIndex`–`endIndex` of `count`). */
export function rowsToRender(range: { startIndex: number; endIndex: number; count: number }, fling: -1 | 0 | 1): number[] {
  const keep = fling === 0 ? OVERSCAN : FLING_OVERSCAN;
  const start = Math.max(0, range.startIndex - keep);
  const end = Math.min(range.count - 1, range.endIndex + keep);
  return Array.from({ length: Math.max(0, end - start + 1) }, (_, i) => start + i);
}
