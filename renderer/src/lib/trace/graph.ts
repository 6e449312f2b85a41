import { durationOf } from './critical';
import { modelFacts, spanKind, spanStatus, toolName, type SpanKind } from './kind';
import type { SpanNode, SpanTree } from './tree';

/**
 * The agent graph of a trace: who ran whom. Teams, agents and workflows (and workflow steps)
 * are nodes; a member is placed under the team that delegated to it (the delegation tool call
 * between them is the edge, not a node); tools hang under the agent that called them. Calls of
 * the same tool (or runs of the same member) under one parent are one node with a count, so a
 * 5,000-span trace is a graph of its agents, not of its spans.
 */
export interface GraphNode {
  key: string;
  kind: Extract<SpanKind, 'team' | 'agent' | 'workflow' | 'step' | 'tool'>;
  label: string;
  /** Spans folded into this node (first one first). */
  spanIds: string[];
  errors: number;
  totalMs: number;
  /** Models the node's own model calls used (agents). */
  models: string[];
  modelCalls: number;
  children: GraphNode[];
}

const ACTOR_KINDS = new Set<SpanKind>(['team', 'agent', 'workflow', 'step']);

/** Tool calls that only hand work to a member: the member is the edge's end. */
function delegates(node: SpanNode): boolean {
  return node.children.some((c) => ACTOR_KINDS.has(spanKind(c.span)));
}

export function agentGraph(tree: SpanTree): GraphNode[] {
  const roots: GraphNode[] = [];
  const byKey = new Map<string, GraphNode>();
  // The graph node each actor span became, so its descendants find their parent.
  const nodeOfSpan = new Map<string, GraphNode>();

  const nearestActor = (node: SpanNode): GraphNode | null => {
    for (let p = node.parent; p; p = p.parent) {
      const g = nodeOfSpan.get(p.span.id);
      if (g) return g;
    }
    return null;
  };
  const place = (parent: GraphNode | null, kind: GraphNode['kind'], label: string, node: SpanNode): GraphNode => {
    const key = `${parent?.key ?? ''}/${kind}:${label}`;
    let g = byKey.get(key);
    if (!g) {
      g = { key, kind, label, spanIds: [], errors: 0, totalMs: 0, models: [], modelCalls: 0, children: [] };
      byKey.set(key, g);
      (parent ? parent.children : roots).push(g);
    }
    g.spanIds.push(node.span.id);
    g.totalMs += durationOf(node);
    if (spanStatus(node.span.status) === 'error') g.errors++;
    return g;
  };

  for (const node of tree.order) {
    const kind = spanKind(node.span);
    if (ACTOR_KINDS.has(kind)) {
      nodeOfSpan.set(node.span.id, place(nearestActor(node), kind as GraphNode['kind'], node.span.name, node));
    } else if (kind === 'tool' && !delegates(node)) {
      const parent = nearestActor(node);
      place(parent, 'tool', toolName(node.span), node);
    } else if (kind === 'model') {
      const parent = nearestActor(node);
      if (parent) {
        parent.modelCalls++;
        const model = modelFacts(node.span).model;
        if (model && !parent.models.includes(model)) parent.models.push(model);
      }
    }
  }
  return roots;
}

/** A graph laid out left to right: each node's column (depth) and row (leaf order). */
export interface PlacedNode {
  node: GraphNode;
  col: number;
  row: number;
  parent: PlacedNode | null;
}

export function layoutGraph(roots: readonly GraphNode[]): { placed: PlacedNode[]; cols: number; rows: number } {
  const placed: PlacedNode[] = [];
  let nextRow = 0;
  let cols = 0;
  // Depth first with an explicit stack; a parent sits on its first child's row.
  const stack: { node: GraphNode; col: number; parent: PlacedNode | null }[] = [...roots].reverse().map((node) => ({ node, col: 0, parent: null }));
  while (stack.length) {
    const { node, col, parent } = stack.pop()!;
    const p: PlacedNode = { node, col, row: nextRow, parent };
    placed.push(p);
    cols = Math.max(cols, col + 1);
    if (!node.children.length) nextRow++;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i]!, col: col + 1, parent: p });
  }
  return { placed, cols, rows: Math.max(1, nextRow) };
}
