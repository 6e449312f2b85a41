import type { FlatSpan, TraceColumns, TraceData, TraceDetail, TraceNode } from './types';

export interface SpanNode {
  span: FlatSpan;
  parent: SpanNode | null;
  children: SpanNode[];
  depth: number;
}

export interface SpanTree {
  roots: SpanNode[];
  byId: Map<string, SpanNode>;
  /** Every node, depth first, children by start time. */
  order: SpanNode[];
  /** Earliest start and latest end over every span (epoch ms). */
  start: number;
  end: number;
}

function toMs(iso: string | null | undefined): number {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(t) ? t : NaN;
}

/**
 * The platform's nested `tree` as a flat list with parent ids. The root node carries no
 * input/output/error (the detail holds them at its top level) and no run id, so they are put
 * back on it here: every span then reads the same way.
 */
export function flattenTraceDetail(detail: Pick<TraceDetail, 'tree' | 'input' | 'output' | 'error' | 'run_id'>): FlatSpan[] {
  const out: FlatSpan[] = [];
  const visit = (node: TraceNode, parentId: string | null, isRoot: boolean) => {
    const start = toMs(node.start_time);
    const end = toMs(node.end_time);
    const metadata: Record<string, unknown> = { ...(node.metadata ?? {}) };
    if (isRoot && detail.run_id && metadata.run_id === undefined) metadata.run_id = detail.run_id;
    out.push({
      id: node.id,
      parentId,
      name: node.name,
      type: node.type,
      status: node.status,
      start: Number.isFinite(start) ? start : 0,
      end: Number.isFinite(end) && end >= start ? end : Number.isFinite(start) ? start : 0,
      input: (isRoot ? (node.input ?? detail.input) : node.input) ?? null,
      output: (isRoot ? (node.output ?? detail.output) : node.output) ?? null,
      error: (isRoot ? (node.error ?? detail.error) : node.error) ?? null,
      stepType: node.step_type ?? null,
      metadata,
    });
    for (const child of node.spans ?? []) visit(child, node.id, false);
  };
  for (const root of detail.tree) visit(root, null, true);
  return out;
}

/**
 * rundesk's columns answer as the UI's trace: one span per entry, in the answer's order (root
 * first). The root carries the trace's input/output/error and run id, as `flattenTraceDetail`
 * puts them back; every other span is marked incomplete (no input or output yet).
 */
export function traceFromColumns(answer: TraceColumns): TraceData {
  const { spans: c, ...head } = answer;
  const spans = new Array<FlatSpan>(c.count);
  for (let i = 0; i < c.count; i++) {
    const parentId = c.parent[i] ?? null;
    const isRoot = parentId === null && i === 0;
    const start = c.start_ms[i] ?? 0;
    const rawEnd = c.end_ms[i];
    const metadata: Record<string, unknown> = c.metadata[i] ? { ...c.metadata[i] } : {};
    if (isRoot && head.run_id && metadata.run_id === undefined) metadata.run_id = head.run_id;
    const span: FlatSpan = {
      id: c.id[i]!,
      parentId,
      name: c.text[c.name[i]!] ?? '',
      type: c.text[c.type[i]!] ?? '',
      status: c.text[c.status[i]!] ?? '',
      start,
      end: rawEnd !== null && rawEnd !== undefined && rawEnd >= start ? rawEnd : start,
      input: isRoot ? (head.input ?? null) : null,
      output: isRoot ? (head.output ?? null) : null,
      error: (isRoot ? head.error : c.error[i]) ?? null,
      stepType: c.step_type[i] ?? null,
      metadata,
    };
    if (!isRoot) span.complete = false;
    spans[i] = span;
  }
  return c.total !== undefined && c.total > c.count ? { head, spans, total: c.total } : { head, spans };
}

/** Whether `trace` holds only its first spans (the rest still to be read). */
export function isFirstSpans(trace: TraceData): boolean {
  return trace.total !== undefined && trace.total > trace.spans.length;
}

/**
 * Nests a flat span list by `parentId`. A span whose parent is missing becomes a root (a trace
 * read while still being written has such spans); a parent cycle is broken rather than losing
 * spans; siblings are ordered by start time, then name.
 */
export function buildSpanTree(spans: readonly FlatSpan[]): SpanTree {
  const byId = new Map<string, SpanNode>();
  for (const span of spans) if (!byId.has(span.id)) byId.set(span.id, { span, parent: null, children: [], depth: 0 });
  const roots: SpanNode[] = [];
  for (const node of byId.values()) {
    const parent = node.span.parentId ? byId.get(node.span.parentId) : undefined;
    if (parent && parent !== node && !isAncestor(node, parent)) {
      node.parent = parent;
      parent.children.push(node);
    } else {
      roots.push(node);
    }
  }
  const bySpanStart = (a: SpanNode, b: SpanNode) => a.span.start - b.span.start || a.span.name.localeCompare(b.span.name);
  roots.sort(bySpanStart);
  const order: SpanNode[] = [];
  let start = Infinity;
  let end = -Infinity;
  const stack: SpanNode[] = [...roots].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    node.depth = node.parent ? node.parent.depth + 1 : 0;
    node.children.sort(bySpanStart);
    order.push(node);
    start = Math.min(start, node.span.start);
    end = Math.max(end, node.span.end);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  if (!order.length) start = end = 0;
  return { roots, byId, order, start, end };
}

/** True when `candidate` is `node` or above it (the links made so far). */
function isAncestor(node: SpanNode, candidate: SpanNode): boolean {
  for (let p: SpanNode | null = candidate; p; p = p.parent) if (p === node) return true;
  return false;
}

/** How many spans sit under `node` (itself excluded). */
export function descendantCount(node: SpanNode): number {
  let n = 0;
  const stack = [...node.children];
  while (stack.length) {
    const c = stack.pop()!;
    n++;
    stack.push(...c.children);
  }
  return n;
}

/** `node` and its ancestors, root first. */
export function pathTo(node: SpanNode): SpanNode[] {
  const path: SpanNode[] = [];
  for (let p: SpanNode | null = node; p; p = p.parent) path.unshift(p);
  return path;
}
