import type { AnyRun } from '../../api-types/shapes';
import { formatCompact, formatDuration, shortId } from '../../lib/format';
import { statusTone } from '../../lib/runs';
import { activityColumns } from './session-stats';
import { Card } from '../../components/Card';
import { PlainButton } from '../../components/Button';
import styles from './ActivityChart.module.css';
import textStyles from '../../components/text.module.css';
import { cx } from '../../lib/cx';

/** Tokens (bar) and duration (thin bar) per run, coloured by status; click a column to open the run. */
export function ActivityChart({ runs, onPick }: { runs: AnyRun[]; onPick: (r: AnyRun) => void }) {
  const { data, tokens, durations, maxT, maxD } = activityColumns(runs);
  return (
    <Card
      title={runs.length > data.length ? `Activity · last ${data.length} runs` : 'Activity'}
      actions={
        <span className={styles.legend}>
          <span className={cx(styles.legendSwatch, styles.bar)} /> tokens <span className={cx(styles.legendSwatch, styles.dur)} /> duration
          <span className={textStyles.muted}> · max {formatCompact(maxT)} tok, {formatDuration(maxD)}</span>
        </span>
      }
      bodyClassName={styles.activityBody}
    >
      <div className={cx(styles.activityChart, data.length > 48 ? styles.dense : undefined)} role="group" aria-label="Tokens and duration per run">
        {data.map((r, i) => (
          <PlainButton
            key={`${r.run_id}:${i}`}
            className={styles.activityCol} data-tone={statusTone(r.status)}
            title={`${shortId(r.run_id)} · ${r.status ?? 'unknown'} · ${formatCompact(tokens[i])} tokens · ${formatDuration(durations[i])}`}
            onClick={() => onPick(r)}
          >
            <span className={styles.activityBar} style={{ height: `${Math.max(2, (tokens[i]! / maxT) * 100)}%` }} />
            <span className={styles.activityDur} style={{ height: `${Math.max(2, (durations[i]! / maxD) * 100)}%` }} />
          </PlainButton>
        ))}
      </div>
    </Card>
  );
}
