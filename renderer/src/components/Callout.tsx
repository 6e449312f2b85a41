import type { ReactNode } from 'react';
import type { Tone } from './Badge';
import styles from './Callout.module.css';

/** A toned message box; `danger` is announced as an alert, the others as a status. */
export function Callout(props: { tone: Tone; title?: ReactNode; children?: ReactNode; testId?: string; actions?: ReactNode; items?: readonly string[] }) {
  return (
    <div className={styles.callout} data-tone={props.tone} role={props.tone === 'danger' ? 'alert' : 'status'} data-testid={props.testId}>
      <div className={styles.calloutText}>
        {props.title ? <strong className={styles.calloutTitle}>{props.title}</strong> : null}
        {props.children ? <div className={styles.calloutBody}>{props.children}</div> : null}
        {props.items?.length ? (
          <div className={styles.calloutBody}>
            <ul>
              {props.items.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      {props.actions ? <div className={styles.calloutActions}>{props.actions}</div> : null}
    </div>
  );
}
