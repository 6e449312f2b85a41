import type { ReactNode } from 'react';

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
    <label className={`wb-toggle ${props.disabled ? 'is-disabled' : ''}`}>
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
      <span className="wb-toggle-track" aria-hidden="true">
        <span className="wb-toggle-thumb" />
      </span>
      {props.label ? <span>{props.label}</span> : null}
    </label>
  );
}
