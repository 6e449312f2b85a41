import { Link } from 'react-router';
import { StatusBadge } from '../../components/Badge';
import { VirtualList } from '../../components/VirtualList';
import { formatDateTime, formatTime, preview, shortId } from '../../lib/format';
import { componentIdOf, statusTone, type RunNode } from '../../lib/runs';
import { RunKindIcon, RunStats } from '../runs/RunBits';

/** The session's runs in tree order, nested runs indented; virtualized for sessions with thousands of runs. */
export function RunTimeline({
  nodes,
  hrefOf,
  selected,
  scrollTo,
}: {
  nodes: RunNode[];
  hrefOf: (runId: string) => string;
  selected: number;
  scrollTo: { index: number } | null;
}) {
  return (
    <div className="timeline" data-testid="run-timeline" role="list">
      <VirtualList
        items={nodes}
        getKey={(n) => `${n.run.run_id}:${n.index}`}
        estimateSize={() => 62}
        maxHeight="68vh"
        className="timeline-list"
        scrollTo={scrollTo}
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
      className={`timeline-row depth-${Math.min(node.depth, 4)}${selected ? ' selected' : ''}${edge ? ` ${edge}` : ''}`}
      style={{ ['--depth' as string]: node.depth }}
      data-selected={selected}
      data-run-id={r.run_id}
      data-testid="timeline-run"
    >
      <span className={`timeline-dot tone-${statusTone(r.status)}`} aria-hidden />
      <Link to={href} className="timeline-link">
        <div className="timeline-top">
          <StatusBadge status={r.status} />
          <RunKindIcon run={r} />
          <span className="mono small">{shortId(r.run_id)}</span>
          {comp && <span className="muted small mono ellipsis">{comp}</span>}
          {node.depth > 0 && <span className="badge badge-muted">nested</span>}
          <span className="timeline-spacer" />
          <RunStats run={r} />
          <span className="muted small mono" title={formatDateTime(r.created_at)}>
            {formatTime(r.created_at)}
          </span>
        </div>
        <div className={`timeline-input${input ? '' : ' muted'}`}>{input || 'No input recorded'}</div>
      </Link>
    </div>
  );
}
