import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import styles from './ChipsInput.module.css';
import textStyles from './text.module.css';
import { cx } from '../lib/cx';

/**
 * A list of short strings edited as chips: Enter or comma adds, Backspace on an empty input
 * removes the last one. Suggestions come from a `<datalist>`.
 */
export function ChipsInput(props: {
  id?: string;
  value: string[];
  onChange: (v: string[]) => void;
  placeholder?: string;
  suggestions?: readonly string[];
  disabled?: boolean;
  describedBy?: string;
  invalid?: boolean;
  mono?: boolean;
  testId?: string;
  ariaLabel?: string;
  /** The text typed but not yet a chip, as it changes (to check it while it is typed). */
  onTextChange?: (text: string) => void;
  ref?: Ref<HTMLInputElement>;
}) {
  const [text, setTextState] = useState('');
  const setText = (next: string) => {
    setTextState(next);
    props.onTextChange?.(next);
  };
  const listId = useId();
  const add = (raw: string) => {
    const parts = raw.split(/[,\s]+/).map((s) => s.trim()).filter(Boolean);
    if (parts.length === 0) return;
    const next = [...props.value];
    for (const p of parts) if (!next.includes(p)) next.push(p);
    props.onChange(next);
    setText('');
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      if (text.trim()) {
        e.preventDefault();
        add(text);
      } else if (e.key === ',') e.preventDefault();
    } else if (e.key === 'Backspace' && text === '' && props.value.length > 0) {
      props.onChange(props.value.slice(0, -1));
    }
  };
  return (
    <div className={cx(styles.chips, props.invalid ? styles.isInvalid : undefined, props.disabled ? styles.isDisabled : undefined)} data-testid={props.testId}>
      {props.value.map((v, i) => (
        <span className={cx(styles.chip, props.mono === false ? undefined : textStyles.mono)} key={`${v}-${i}`}>
          {v}
          {props.disabled ? null : (
            <button
              type="button"
              className={styles.chipX}
              aria-label={`Remove ${v}`}
              onClick={() => props.onChange(props.value.filter((_, j) => j !== i))}
            >
              ×
            </button>
          )}
        </span>
      ))}
      <input
        ref={props.ref}
        id={props.id}
        className={styles.chipsInput}
        value={text}
        disabled={props.disabled}
        placeholder={props.value.length === 0 ? props.placeholder : ''}
        aria-describedby={props.describedBy || undefined}
        aria-invalid={props.invalid || undefined}
        aria-label={props.ariaLabel}
        list={props.suggestions?.length ? listId : undefined}
        onChange={(e) => {
          const v = e.target.value;
          // Picking a datalist suggestion fires a change with the whole value: add it at once.
          if (props.suggestions?.includes(v) && !props.value.includes(v)) {
            props.onChange([...props.value, v]);
            setText('');
          } else setText(v);
        }}
        onKeyDown={onKey}
        onBlur={() => add(text)}
      />
      {props.suggestions?.length ? (
        <datalist id={listId}>
          {props.suggestions.filter((s) => !props.value.includes(s)).map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      ) : null}
    </div>
  );
}
