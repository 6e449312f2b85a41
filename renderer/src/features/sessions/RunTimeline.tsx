import { Link } from 'react-router';
import { StatusBadge } from '../../components/Badge';
import { VirtualList } from '../../components/VirtualList';
import { formatDateTime, formatTime, preview, shortId } from '../../lib/format';
import { componentIdOf, statusTone, type RunNode } from '../../lib/runs';
import { RunKindIcon, RunStats } from '../runs/RunBits';
import styles from './RunTimeline.module.css';
import textStyles from '../../components/text.module.css';
import badgeStyles from '../../components/Badge.module.css';
import { cx } from '../../lib/cx';

/** The session's runs in tree order, nested runs indented; virtualized for sessions with thousands of runs. */
export function RunTimeline({
  nodes,
  hrefOf,
  selected,
  scrollTo,
  onScrolledTo,
}: {
  nodes: RunNode[];
  hrefOf: (runId: string) => string;
  selected: number;
  scrollTo: { index: number } | null;
  /** The last row on screen and how many rows there are (the page loads more near the end). */
  onScrolledTo?: (lastVisible: number, count: number) => void;
}) {
  return (
    <div className={styles.timeline} data-testid="run-timeline" role="list">
      <VirtualList
        items={nodes}
        getKey={(n) => `${n.run.run_id}:${n.index}`}
        estimateSize={() => 62}
        maxHeight="68vh"
        bare
        scrollTo={scrollTo}
        onRangeChange={onScrolledTo}
        renderItem={(n, i) => (
          <TimelineRow
            node={n}
            href={hrefOf(n.run.run_id)}
            selected={i === selected}
            edge={i === 0 ? 'first' : i === nodes.length - 1 ? 'last' : null}
          />
        )}
      />
    </div>
  );
}

function TimelineRow({ node, href, selected, edge }: { node: RunNode; href: string; selected: boolean; edge: 'first' | 'last' | null }) {
  const r = node.run;
  const input = preview(r.run_input, 160);
  const comp = componentIdOf(r);
  return (
    <div
      role="listitem"
      className={cx(styles.timelineRow, selected ? styles.selected : undefined)}
      data-depth={Math.min(node.depth, 4)}
      data-edge={edge ?? undefined}
      style={{ ['--depth' as string]: node.depth }}
      data-selected={selected}
      data-run-id={r.run_id}
      data-testid="timeline-run"
    >
      <span className={styles.timelineDot} data-tone={statusTone(r.status)} aria-hidden />
      <Link to={href} className={styles.timelineLink}>
        <div className={styles.timelineTop}>
          <StatusBadge status={r.status} />
          <RunKindIcon run={r} />
          <span className={cx(textStyles.mono, textStyles.small)}>{shortId(r.run_id)}</span>
          {comp && <span className={cx(textStyles.muted, styles.muted, textStyles.small, textStyles.mono, textStyles.ellipsis)}>{comp}</span>}
          {node.depth > 0 && <span className={badgeStyles.badge} data-tone="muted">nested</span>}
          <span className={styles.timelineSpacer} />
          <RunStats run={r} />
          <span className={cx(textStyles.muted, styles.muted, textStyles.small, textStyles.mono)} title={formatDateTime(r.created_at)}>
            {formatTime(r.created_at)}
          </span>
        </div>
        <div className={cx(styles.timelineInput, input ? undefined : cx(textStyles.muted, styles.muted))}>{input || 'No input recorded'}</div>
      </Link>
    </div>
  );
}
