import { useId, type ReactNode } from 'react';
import styles from './Field.module.css';
import { cx } from '../lib/cx';

/** What a text input inside a `Field` needs: its id, and ARIA links to the help and the error. */
export interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

/**
 * One labelled control: its label (and, for a setting, its name in the settings file, in mono),
 * the control, the default and help text, and the error (server issue or local check) right
 * beside it, linked with `aria-describedby`; the error also sets `aria-invalid`.
 *
 * @example
 * <Field label="Subject" help="The sub claim" error={err}>{({ control }) => <Input {...control} />}</Field>
 */
export function Field(props: {
  /** The setting's name in the settings file (shown in mono); leave out for a plain form field. */
  name?: string;
  label?: string;
  help?: ReactNode;
  defaultText?: ReactNode;
  error?: string | null | undefined;
  /** Whether the error came from the server (a 422 issue) or a local check. */
  errorSource?: 'server' | 'local' | undefined;
  warning?: string | null | undefined;
  /** Draws the control; `control` holds its id and ARIA links, to spread onto an input. */
  children: (ids: { id: string; describedBy: string; invalid: boolean; control: ControlProps }) => ReactNode;
  wide?: boolean;
  modified?: boolean;
}) {
  const id = useId();
  const helpId = `${id}-help`;
  const errId = `${id}-err`;
  const describedBy = [props.error ? errId : '', props.help || props.defaultText ? helpId : ''].filter(Boolean).join(' ');
  return (
    <div className={cx(styles.field, props.wide ? styles.fieldWide : undefined, props.error ? styles.fieldInvalid : undefined)} data-field={props.name}>
      <div className={styles.fieldLabelRow}>
        <label htmlFor={id} className={styles.fieldLabel}>
          {props.label ? <span className={styles.fieldHuman}>{props.label}</span> : null}
          {props.name ? <code className={styles.fieldName}>{props.name}</code> : null}
        </label>
        {props.modified ? <span className={styles.dot} title="Changed from the default" role="img" aria-label="changed from default" /> : null}
      </div>
      <div>
        {props.children({ id, describedBy, invalid: Boolean(props.error), control: { id, 'aria-describedby': describedBy || undefined, 'aria-invalid': props.error ? true : undefined } })}
      </div>
      {props.error ? (
        <p className={styles.fieldError} id={errId} role="alert" data-testid={props.name ? `issue-${props.name}` : undefined} data-source={props.errorSource}>
          {props.error}
        </p>
      ) : null}
      {props.warning && !props.error ? <p className={styles.fieldWarning}>{props.warning}</p> : null}
      {props.help || props.defaultText ? (
        <p className={styles.fieldHelp} id={helpId}>
          {props.help}
          {props.defaultText !== undefined ? (
            <span className={styles.fieldDefault}>
              {' '}default <code>{props.defaultText}</code>
            </span>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
