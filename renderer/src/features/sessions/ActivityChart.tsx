import type { AnyRun } from '../../api/types';
import { formatCompact, formatDuration, shortId } from '../../lib/format';
import { statusTone } from '../../lib/runs';
import { activityColumns } from './session-stats';
import { Card } from '../../components/Card';

/** Tokens (bar) and duration (thin bar) per run, coloured by status; click a column to open the run. */
export function ActivityChart({ runs, onPick }: { runs: AnyRun[]; onPick: (r: AnyRun) => void }) {
  const { data, tokens, durations, maxT, maxD } = activityColumns(runs);
  return (
    <Card
      title={runs.length > data.length ? `Activity · last ${data.length} runs` : 'Activity'}
      actions={
        <span className="legend">
          <span className="legend-swatch bar" /> tokens <span className="legend-swatch dur" /> duration
          <span className="muted"> · max {formatCompact(maxT)} tok, {formatDuration(maxD)}</span>
        </span>
      }
      className="activity-card"
    >
      <div className={`activity-chart${data.length > 48 ? ' dense' : ''}`} role="img" aria-label="Tokens and duration per run">
        {data.map((r, i) => (
          <button
            type="button"
            key={`${r.run_id}:${i}`}
            className={`activity-col tone-${statusTone(r.status)}`}
            title={`${shortId(r.run_id)} · ${r.status ?? 'unknown'} · ${formatCompact(tokens[i])} tokens · ${formatDuration(durations[i])}`}
            onClick={() => onPick(r)}
          >
            <span className="activity-bar" style={{ height: `${Math.max(2, (tokens[i]! / maxT) * 100)}%` }} />
            <span className="activity-dur" style={{ height: `${Math.max(2, (durations[i]! / maxD) * 100)}%` }} />
          </button>
        ))}
      </div>
    </Card>
  );
}
