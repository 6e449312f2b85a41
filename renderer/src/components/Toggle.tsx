import type { ReactNode } from 'react';
import styles from './Toggle.module.css';
import { cx } from '../lib/cx';

/** A checkbox drawn as a switch. */
export function Toggle(props: {
  id?: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  label?: ReactNode;
  disabled?: boolean;
  describedBy?: string;
  testId?: string;
}) {
  return (
    <label className={cx(styles.toggle, props.disabled ? styles.isDisabled : undefined)}>
      <input
        id={props.id}
        type="checkbox"
        role="switch"
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={props.describedBy || undefined}
        onChange={(e) => props.onChange(e.target.checked)}
        data-testid={props.testId}
      />
      <span className={styles.toggleTrack} aria-hidden="true">
        <span className={styles.toggleThumb} />
      </span>
      {props.label ? <span>{props.label}</span> : null}
    </label>
  );
}
