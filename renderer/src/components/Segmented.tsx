import type { ReactNode } from 'react';
import styles from './Segmented.module.css';
import { cx } from '../lib/cx';

/**
 * A radio group drawn as a segmented control (arrow keys move between options natively). An
 * option with `tone: 'danger'` (an "Errors" filter) is drawn in the danger colour.
 */
export function Segmented<T extends string>(props: {
  id?: string;
  name: string;
  value: T;
  options: readonly { value: T; label: ReactNode; title?: string; tone?: 'danger' }[];
  /** Names the group (`aria-label`) when no label element does. */
  label?: string;
  onChange: (v: T) => void;
  disabled?: boolean;
  describedBy?: string;
}) {
  return (
    <div className={styles.segmented} role="radiogroup" id={props.id} aria-label={props.label} aria-describedby={props.describedBy || undefined}>
      {props.options.map((o) => (
        <label key={o.value} className={cx(styles.segment, props.value === o.value ? styles.active : undefined)} title={o.title} data-tone={o.tone}>
          <input
            type="radio"
            name={props.name}
            value={o.value}
            checked={props.value === o.value}
            disabled={props.disabled}
            onChange={() => props.onChange(o.value)}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </div>
  );
}
