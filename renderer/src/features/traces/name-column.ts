import type { SpanNode } from '../../lib/trace/tree';
import type { FlatSpan } from '../../lib/trace/types';

/** Indent per tree level in the name column (px). */
export const INDENT = 14;
/** Everything in a name cell but the name and caption: padding, caret, dot, gaps, an error or critical-path mark. */
const CHROME = 74;
export const MIN_NAME_COL = 180;
/** The time axis keeps at least this much of the row: a bar and its duration label (64 px). */
export const MIN_TRACK = 130;

export type TextWidth = (text: string, small: boolean) => number;

/** Widths by character count (13 px UI font ≈ 7.4 px, 12 px ≈ 6.6 px): a bound when there is no canvas. */
export const estimateWidth: TextWidth = (text, small) => text.length * (small ? 6.6 : 7.4);

/**
 * The name column's width that shows every span's name and caption whole, at its depth in the
 * tree (`stacked`: the caption under the name): the widest measured. All spans count, not only the rows open now, so collapsing a branch
 * does not move the column. Only the spans widest by estimate are measured precisely, so 50,000
 * spans cost one pass.
 */
export function nameColumnWidth(
  nodes: readonly SpanNode[],
  captionOf: (span: FlatSpan) => string | null,
  measure: TextWidth = estimateWidth,
  precise = 40,
  stacked = false,
): number {
  // Side by side a row needs name + caption; stacked (the caption on a line of its own), the wider of the two.
  const join = (name: number, caption: number) => (stacked ? Math.max(name, caption) : name + caption);
  const scored: { est: number; node: SpanNode; caption: string }[] = [];
  let floor = 0;
  for (const node of nodes) {
    const caption = captionOf(node.span) ?? '';
    const est = node.depth * INDENT + join(estimateWidth(node.span.name, false), estimateWidth(caption, true));
    if (scored.length >= precise && est <= floor) continue;
    scored.push({ est, node, caption });
    if (scored.length > precise * 4) {
      scored.sort((a, b) => b.est - a.est);
      scored.length = precise;
      floor = scored[precise - 1]!.est;
    }
  }
  let widest = 0;
  for (const { node, caption } of scored) {
    widest = Math.max(widest, node.depth * INDENT + join(measure(node.span.name, false), caption ? measure(caption, true) + (stacked ? 0 : 6) : 0));
  }
  return Math.max(MIN_NAME_COL, Math.ceil(widest + CHROME));
}

/** The column width used: the user's when they dragged it, else the content's, within the frame's limits. */
export function clampNameColumn(width: number, frameWidth: number): number {
  const max = frameWidth > 0 ? Math.max(MIN_NAME_COL, Math.floor(frameWidth - MIN_TRACK)) : width;
  return Math.min(max, Math.max(MIN_NAME_COL, Math.round(width)));
}
