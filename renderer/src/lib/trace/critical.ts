import { spanKind, type SpanKind } from './kind';
import type { SpanNode, SpanTree } from './tree';

export const durationOf = (node: SpanNode): number => Math.max(0, node.span.end - node.span.start);

/** Time a span spent outside its children (the union of their intervals, clipped to it, removed). */
export function selfTime(node: SpanNode): number {
  const { start, end } = node.span;
  const intervals = node.children
    .map((c) => [Math.max(start, c.span.start), Math.min(end, c.span.end)] as const)
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  let covered = 0;
  let curS = -Infinity;
  let curE = -Infinity;
  for (const [s, e] of intervals) {
    if (s > curE) {
      if (curE > curS) covered += curE - curS;
      curS = s;
      curE = e;
    } else curE = Math.max(curE, e);
  }
  if (curE > curS) covered += curE - curS;
  return Math.max(0, end - start - covered);
}

/**
 * The chain of spans that set the trace's end: from each root, follow the child that ends last
 * (it is the one its parent waited for), until a span with no children. Ties go to the child
 * that started later (it ran closest to the end).
 */
export function criticalPath(tree: SpanTree): SpanNode[] {
  const root = tree.roots.reduce<SpanNode | null>((best, r) => (!best || r.span.end > best.span.end ? r : best), null);
  const path: SpanNode[] = [];
  for (let node = root; node; ) {
    path.push(node);
    let next: SpanNode | null = null;
    for (const c of node.children) if (!next || c.span.end > next.span.end || (c.span.end === next.span.end && c.span.start > next.span.start)) next = c;
    node = next;
  }
  return path;
}

/**
 * The `limit` longest spans, optionally of some kinds only (longest first, ties by start).
 * Spans with children are left out when `leavesOnly`: a delegation's time is its member run's.
 */
export function slowestSpans(tree: SpanTree, limit = 5, kinds?: readonly SpanKind[], leavesOnly = false): SpanNode[] {
  return tree.order
    .filter((n) => (!kinds || kinds.includes(spanKind(n.span))) && (!leavesOnly || n.children.length === 0))
    .sort((a, b) => durationOf(b) - durationOf(a) || a.span.start - b.span.start)
    .slice(0, limit);
}
