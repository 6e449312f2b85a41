import type { ReactNode } from 'react';
import type { Tone } from './Badge';

/** A toned message box; `danger` is announced as an alert, the others as a status. */
export function Callout(props: { tone: Tone; title?: ReactNode; children?: ReactNode; testId?: string; actions?: ReactNode; items?: readonly string[] }) {
  return (
    <div className={`wb-callout tone-${props.tone}`} role={props.tone === 'danger' ? 'alert' : 'status'} data-testid={props.testId}>
      <div className="wb-callout-text">
        {props.title ? <strong className="wb-callout-title">{props.title}</strong> : null}
        {props.children ? <div className="wb-callout-body">{props.children}</div> : null}
        {props.items?.length ? (
          <div className="wb-callout-body">
            <ul>
              {props.items.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      {props.actions ? <div className="wb-callout-actions">{props.actions}</div> : null}
    </div>
  );
}
