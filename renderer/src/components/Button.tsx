import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from '../lib/cx';
import styles from './Button.module.css';

/**
 * How a button looks: `secondary` (the framed default), `primary` (the one action a panel is for),
 * `ghost` (frameless, for row actions beside data), `link` (inline in text).
 */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'link';
/** `md` is the form size; `sm` sits in toolbars and table rows; `xs` inside dense lines. */
export type ButtonSize = 'xs' | 'sm' | 'md' | 'lg';

export interface ButtonLook {
  variant?: ButtonVariant | undefined;
  size?: ButtonSize | undefined;
  /** Destroys or removes something (detach, revoke, remove row): drawn in the danger colour. */
  danger?: boolean | undefined;
  /** Drawn disabled; for a link styled as a button, which has no `disabled`. */
  disabled?: boolean | undefined;
}

const sizeClass: Record<ButtonSize, string | undefined> = { xs: styles.btnXs, sm: styles.btnSm, md: undefined, lg: styles.btnLg };

/**
 * The class names of a button with this look, for an element that must stay a link (`<a>`,
 * router `<Link>`) while looking like a button.
 *
 * @example
 * <Link to="/tokens" className={buttonClass({ size: 'sm' })}>Open tokens</Link>
 */
export function buttonClass(look: ButtonLook = {}, className?: string): string {
  const variant = look.variant ?? 'secondary';
  if (variant === 'link') return cx(styles.linkBtn, look.danger && styles.danger, className);
  return cx(
    styles.btn,
    sizeClass[look.size ?? 'md'],
    variant === 'primary' && styles.btnPrimary,
    variant === 'ghost' && styles.btnGhost,
    look.danger && styles.btnDanger,
    look.disabled && styles.disabled,
    className,
  );
}

export type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> &
  ButtonLook & {
    /** `submit` only inside a form that submits; a button is `button` unless told otherwise. */
    type?: 'button' | 'submit' | 'reset';
    ref?: Ref<HTMLButtonElement>;
    children?: ReactNode;
  };

/**
 * A button of the kit. Defaults to `type="button"`, so a button inside a form never submits it
 * by accident; its accessible name is its text (or `aria-label` when it has none).
 *
 * @example
 * <Button variant="primary" size="sm" onClick={save}>Save</Button>
 * <Button variant="ghost" size="sm" danger aria-label="Remove row 2">Remove</Button>
 */
export function Button({ variant, size, danger, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, danger }, className)} {...rest} />;
}

export type IconButtonProps = Omit<ButtonProps, 'variant' | 'size' | 'danger' | 'aria-label'> & {
  /** Required: an icon has no text, so the label is the button's only name. */
  'aria-label': string;
};

/**
 * A small square button holding only an icon (close, copy, help): frameless until hovered.
 *
 * @example
 * <IconButton aria-label="Close" onClick={onClose}><Icon name="x" size={14} /></IconButton>
 */
export function IconButton({ className, type = 'button', ...rest }: IconButtonProps) {
  return <button type={type} className={cx(styles.iconBtn, className)} {...rest} />;
}

export type PlainButtonProps = Omit<ButtonProps, keyof ButtonLook>;

/**
 * A button with no look of its own, for a clickable region its page draws (a chart column, a
 * graph node, a list row, a header control): the page's class is its whole look. Like `Button`,
 * it is `type="button"` unless told otherwise. Pages use it, never a raw `<button>`
 * (`kit-usage.test.ts`).
 *
 * @example
 * <PlainButton className={styles.activityCol} title={summary} onClick={() => onPick(run)}>…</PlainButton>
 */
export function PlainButton({ type = 'button', ...rest }: PlainButtonProps) {
  return <button type={type} {...rest} />;
}
