import { spanStatus } from '../../lib/trace/kind';
import styles from './SpanPanel.module.css';

/** A trace's or span's status as a pill (OK, Error, Unset), legible in both themes. */
export function TraceStatus({ status }: { status: string }) {
  const s = spanStatus(status);
  return (
    <span className={styles.status} data-status={s}>
      {s === 'error' ? 'Error' : s === 'ok' ? 'OK' : 'Unset'}
    </span>
  );
}

/** A verdict in the same pill: `ok`, `danger` or `muted` tone, any text. */
export function TonePill({ tone, children, testId }: { tone: 'ok' | 'danger' | 'muted'; children: string; testId?: string }) {
  return (
    <span className={styles.status} data-status={tone === 'ok' ? 'ok' : tone === 'danger' ? 'error' : 'unset'} data-testid={testId}>
      {children}
    </span>
  );
}
