import { useMemo } from 'react';
import { cx } from '../../lib/cx';
import { PlainButton } from '../../components/Button';
import { formatCount } from '../../lib/format';
import { agentGraph, layoutGraph, type GraphNode } from '../../lib/trace/graph';
import { SPAN_KIND_LABEL } from '../../lib/trace/kind';
import type { SpanTree } from '../../lib/trace/tree';
import kinds from './span-kinds.module.css';
import { formatMs } from './span-style';
import styles from './AgentGraph.module.css';

const COL_W = 250;
const NODE_W = 210;
const ROW_H = 58;
const NODE_H = 46;

/**
 * The trace's agents as a graph, left to right: the team, the members it delegated to, the tools
 * each called (repeated calls folded into one node with a count). Each node is a button that
 * shows its first span in the waterfall.
 */
export function AgentGraph({ tree, onPick }: { tree: SpanTree; onPick: (spanId: string) => void }) {
  const { placed, cols, rows } = useMemo(() => layoutGraph(agentGraph(tree)), [tree]);
  if (!placed.length) return <p className={styles.empty}>This trace has no agent, team or workflow spans.</p>;
  const width = cols * COL_W;
  const height = rows * ROW_H;
  const x = (col: number) => col * COL_W;
  const y = (row: number) => row * ROW_H;
  return (
    <div className={styles.frame} data-testid="agent-graph">
      <div className={styles.canvas} style={{ width, height }}>
        <svg className={styles.edges} width={width} height={height} aria-hidden>
          {placed.map((p) =>
            p.parent ? (
              <path
                key={p.node.key}
                d={`M ${x(p.parent.col) + NODE_W} ${y(p.parent.row) + NODE_H / 2} C ${x(p.col) - 20} ${y(p.parent.row) + NODE_H / 2}, ${x(p.parent.col) + NODE_W + 20} ${y(p.row) + NODE_H / 2}, ${x(p.col)} ${y(p.row) + NODE_H / 2}`}
              />
            ) : null,
          )}
        </svg>
        <ul className={styles.nodes} aria-label="Agents, members and tools">
          {placed.map((p) => (
            <li key={p.node.key} style={{ left: x(p.col), top: y(p.row), width: NODE_W, height: NODE_H }}>
              <PlainButton
                className={cx(styles.node, kinds.kind)}
                data-kind={p.node.kind}
                data-status={p.node.errors ? 'error' : 'ok'}
                onClick={() => onPick(p.node.spanIds[0]!)}
                data-testid="graph-node"
                title={nodeTitle(p.node)}
              >
                <span className={styles.head}>
                  <span className={kinds.swatch} aria-hidden />
                  <span className={styles.label}>{p.node.label}</span>
                  {p.node.spanIds.length > 1 && <span className={styles.count}>×{formatCount(p.node.spanIds.length)}</span>}
                </span>
                <span className={styles.meta}>
                  {SPAN_KIND_LABEL[p.node.kind]} · {formatMs(p.node.totalMs)}
                  {p.node.models.length > 0 && ` · ${p.node.models.join(', ')}`}
                  {p.node.errors > 0 && ` · ${p.node.errors} failed`}
                </span>
              </PlainButton>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function nodeTitle(n: GraphNode): string {
  const parts = [`${SPAN_KIND_LABEL[n.kind]} ${n.label}`, `${n.spanIds.length} span${n.spanIds.length === 1 ? '' : 's'}`, `${formatMs(n.totalMs)} in all`];
  if (n.modelCalls) parts.push(`${n.modelCalls} model call${n.modelCalls === 1 ? '' : 's'} (${n.models.join(', ') || 'model not named'})`);
  if (n.errors) parts.push(`${n.errors} failed`);
  return parts.join(' · ');
}
