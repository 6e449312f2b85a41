import type { SpanNode, SpanTree } from './tree';

/** One row of the waterfall: a span, its depth, and its bar as fractions of the time window. */
export interface WaterfallRow {
  node: SpanNode;
  /** Depth below the window's root (0 for the root, or the zoomed span). */
  depth: number;
  /** Bar start, 0..1 of the window. */
  offset: number;
  /** Bar length, 0..1 of the window (at least `minWidth`, never past the window's end). */
  width: number;
  hasChildren: boolean;
  expanded: boolean;
  /** Shown only as the path to a span a filter matched (drawn faint). */
  context?: boolean;
}

export interface TimeWindow {
  start: number;
  end: number;
}

/** The window the waterfall spans: the whole trace, or the zoomed span's own time. */
export function windowOf(tree: SpanTree, zoom: SpanNode | null): TimeWindow {
  if (zoom) return { start: zoom.span.start, end: Math.max(zoom.span.end, subtreeEnd(zoom)) };
  return { start: tree.start, end: tree.end };
}

function subtreeEnd(node: SpanNode): number {
  let end = node.span.end;
  for (const c of node.children) end = Math.max(end, subtreeEnd(c));
  return end;
}

/** Bar position of `[start, end]` inside `w`, clamped to it; a zero-length span still shows. */
export function barOf(start: number, end: number, w: TimeWindow, minWidth = 0.002): { offset: number; width: number } {
  const span = w.end - w.start;
  if (!(span > 0)) return { offset: 0, width: 1 };
  const offset = Math.min(1, Math.max(0, (start - w.start) / span));
  const raw = Math.max(0, (Math.min(end, w.end) - Math.max(start, w.start)) / span);
  const width = Math.min(1 - offset, Math.max(minWidth, raw));
  return { offset, width: Math.max(0, width) };
}

/**
 * The rows shown: depth first from the roots (or from the zoomed span), skipping the insides
 * of collapsed spans. Iterative, so a deep 5,000-span trace does not grow the call stack.
 * With a filter (`filtered`), only its matches and their ancestors are rows; the ancestors that
 * did not match are marked `context`.
 */
export function waterfallRows(
  tree: SpanTree,
  collapsed: ReadonlySet<string>,
  zoom: SpanNode | null = null,
  minWidth?: number,
  filtered?: { matches: ReadonlySet<string>; shown: ReadonlySet<string> } | null,
): WaterfallRow[] {
  const w = windowOf(tree, zoom);
  const rows: WaterfallRow[] = [];
  const baseDepth = zoom ? zoom.depth : 0;
  const stack: SpanNode[] = zoom ? [zoom] : [...tree.roots].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    if (filtered && !filtered.shown.has(node.span.id)) continue;
    const expanded = !collapsed.has(node.span.id);
    const bar = barOf(node.span.start, node.span.end, w, minWidth);
    const row: WaterfallRow = { node, depth: node.depth - baseDepth, ...bar, hasChildren: node.children.length > 0, expanded };
    if (filtered && !filtered.matches.has(node.span.id)) row.context = true;
    rows.push(row);
    if (expanded) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return rows;
}

/** Evenly spaced "nice" tick times (ms from the window's start) for the time axis. */
export function axisTicks(durationMs: number, target = 6): number[] {
  if (!(durationMs > 0)) return [0];
  const rough = durationMs / target;
  const pow = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * pow).find((s) => s >= rough) ?? 10 * pow;
  const ticks: number[] = [];
  for (let t = 0; t <= durationMs + 1e-9; t += step) ticks.push(Math.round(t * 1000) / 1000);
  return ticks;
}
