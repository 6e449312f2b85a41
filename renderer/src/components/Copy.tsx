import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { copyText } from '../platform/browser';
import { Icon } from './Icon';
import buttonStyles from './Button.module.css';
import { Button, IconButton, type ButtonSize, type ButtonVariant } from './Button';
import textStyles from './text.module.css';
import styles from './Copy.module.css';
import { cx } from '../lib/cx';

type CopyState = 'idle' | 'ok' | 'fail';

/**
 * Copies `text` to the clipboard and confirms for a moment. By default a button that says what it
 * copies (and then "Copied" or "Copy failed"); `icon` draws a small icon button instead, labelled
 * by `label`, for ids and code blocks in dense rows. The click never reaches an enclosing link or row.
 */
export function CopyButton(props: { text: string; label?: string; className?: string; testId?: string; small?: boolean; icon?: boolean; variant?: ButtonVariant; size?: ButtonSize }) {
  const { label = 'Copy', className } = props;
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onClick = (e: MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    void copyText(props.text).then((ok) => {
      setState(ok ? 'ok' : 'fail');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setState('idle'), 1400);
    });
  };
  const said = state === 'ok' ? 'Copied' : state === 'fail' ? 'Copy failed' : label;
  if (props.icon) {
    return (
      <IconButton
        className={cx(state === 'ok' ? buttonStyles.copied : undefined, className)}
        title={said}
        aria-label={label}
        data-testid={props.testId}
        onClick={onClick}
      >
        <Icon name={state === 'ok' ? 'check' : 'copy'} size={13} />
      </IconButton>
    );
  }
  return (
    <Button variant={props.variant} size={props.size ?? (props.small ? 'sm' : undefined)} className={className} data-testid={props.testId} onClick={onClick}>
      {said}
    </Button>
  );
}

/** An id in monospace with a copy button; `short` shows the first 8 chars (full id on hover). */
export function IdChip({ id, short = false, label }: { id: string | null | undefined; short?: boolean; label?: string }) {
  if (!id) return <span className={textStyles.muted}>—</span>;
  const shown = short && id.length > 10 ? `${id.slice(0, 8)}…` : id;
  return (
    <span className={styles.idChip} title={id}>
      <span className={cx(textStyles.mono, styles.mono)}>{shown}</span>
      <CopyButton text={id} label={`Copy ${label ?? 'id'}`} icon />
    </span>
  );
}
