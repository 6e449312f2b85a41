import type { ReactNode } from 'react';
import { statusTone, type StatusTone } from '../lib/runs';
import styles from './Badge.module.css';
import textStyles from './text.module.css';
import { cx } from '../lib/cx';

export type Tone = StatusTone | 'accent';

export function Badge({ tone = 'muted', children, title, mono, testId }: { tone?: Tone; children: ReactNode; title?: string; mono?: boolean; testId?: string }) {
  return (
    <span className={cx(styles.badge, mono ? textStyles.mono : undefined)} data-tone={tone} title={title} data-testid={testId}>
      {children}
    </span>
  );
}

/** A run status (COMPLETED, ERROR, RUNNING…) as a coloured badge with a dot. */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const tone = statusTone(status);
  const label = status ? status.toUpperCase() : 'UNKNOWN';
  return (
    <span className={styles.badge} data-tone={tone} data-status={label}>
      <span className={cx(styles.dot, tone === 'info' ? styles.pulse : undefined)} aria-hidden />
      {label.charAt(0) + label.slice(1).toLowerCase()}
    </span>
  );
}

const TYPE_TONE: Record<string, Tone> = { agent: 'accent', team: 'info', workflow: 'warn' };

/** agent / team / workflow. */
export function TypeBadge({ type }: { type: string | null | undefined }) {
  const t = type ?? 'agent';
  return <Badge tone={TYPE_TONE[t] ?? 'muted'}>{t}</Badge>;
}
