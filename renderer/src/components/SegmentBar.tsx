import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../lib/cx';
import type { PlainButtonProps } from './Button';
import styles from './Segmented.module.css';

/**
 * A row of segments (one of a few views or filters), each a `Segment` button. Unlike
 * `Segmented` (radio inputs of a form), its segments act at once when clicked; the page gives
 * them the semantics they need (`role="radio"` and `aria-checked` inside a `role="radiogroup"`
 * bar, or none for a plain filter row).
 *
 * @example
 * <SegmentBar role="radiogroup" aria-label="List">
 *   <Segment role="radio" aria-checked={!runs} selected={!runs} onClick={showSessions}>Sessions</Segment>
 *   <Segment role="radio" aria-checked={runs} selected={runs} onClick={showRuns}>Runs</Segment>
 * </SegmentBar>
 */
export function SegmentBar({ size = 'md', className, ...rest }: HTMLAttributes<HTMLSpanElement> & { size?: 'sm' | 'md' | undefined }) {
  return <span className={cx(styles.segmented, size === 'sm' && styles.segmentedSm, className)} {...rest} />;
}

/** One segment of a `SegmentBar`; `selected` draws it as the current one. */
export function Segment({ selected, count, className, type = 'button', children, ...rest }: PlainButtonProps & { selected: boolean; count?: ReactNode }) {
  return (
    <button type={type} className={cx(styles.segment, selected && styles.active, className)} {...rest}>
      {children}
      {count !== undefined && <span className={styles.segmentCount}>{count}</span>}
    </button>
  );
}
