import type { AnyRun } from '../../api-types/shapes';
import { Icon } from '../../components/Icon';
import { formatCompact, formatDuration } from '../../lib/format';
import { durationOf, runKind, tokensOf } from '../../lib/runs';
import styles from './RunBits.module.css';

/** "12.4 s · 4.3k tok" chips used in run lists. */
export function RunStats({ run }: { run: AnyRun }) {
  const d = durationOf(run.metrics);
  const t = tokensOf(run.metrics);
  return (
    <span className={styles.runStats}>
      <span className={styles.stat} title="Duration (metrics.duration)">
        <Icon name="clock" size={11} />
        {formatDuration(d)}
      </span>
      <span className={styles.stat} title={`Tokens: ${t.input ?? '—'} in / ${t.output ?? '—'} out`}>
        <Icon name="bolt" size={11} />
        {t.total === null ? '—' : formatCompact(t.total)}
      </span>
    </span>
  );
}

export function RunKindIcon({ run }: { run: AnyRun }) {
  const kind = runKind(run);
  return (
    <span className={styles.kindIcon} data-kind={kind} title={`${kind} run`}>
      {kind === 'team' ? 'T' : kind === 'workflow' ? 'W' : 'A'}
    </span>
  );
}
