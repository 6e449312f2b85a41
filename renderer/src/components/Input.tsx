import type { InputHTMLAttributes, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cx } from '../lib/cx';
import styles from './Input.module.css';

interface ControlLook {
  /** `sm` for toolbars and table cells. */
  size?: 'sm' | 'md' | undefined;
  /** Identifiers, tokens, patterns, JSON: typed in the monospace face. */
  mono?: boolean | undefined;
  /** Marks the control invalid (`aria-invalid`), which also draws it so. */
  invalid?: boolean | undefined;
}

export type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & ControlLook & { ref?: Ref<HTMLInputElement> };

/**
 * A one-line text input of the kit. Label it: wrap it in a `Field`, or give it `aria-label`.
 *
 * @example
 * <Input size="sm" mono aria-label="Filter routes" value={q} onChange={(e) => setQ(e.target.value)} />
 */
export function Input({ size, mono, invalid, className, ...rest }: InputProps) {
  return <input className={cx(styles.input, size === 'sm' && styles.inputSm, mono && styles.mono, className)} aria-invalid={invalid || rest['aria-invalid'] || undefined} {...withoutInvalid(rest)} />;
}

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & Omit<ControlLook, 'size'> & { ref?: Ref<HTMLTextAreaElement> };

/** A multi-line text input (a token, a PEM key, JSON claims). */
export function Textarea({ mono, invalid, className, ...rest }: TextareaProps) {
  return <textarea className={cx(styles.input, mono && styles.mono, className)} aria-invalid={invalid || rest['aria-invalid'] || undefined} {...withoutInvalid(rest)} />;
}

export type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> & ControlLook & { ref?: Ref<HTMLSelectElement> };

/** A native select of the kit (native, so keyboard and screen readers behave as everywhere). */
export function Select({ size, mono, invalid, className, ...rest }: SelectProps) {
  return <select className={cx(styles.select, size === 'sm' && styles.selectSm, mono && styles.mono, className)} aria-invalid={invalid || rest['aria-invalid'] || undefined} {...withoutInvalid(rest)} />;
}

// The computed aria-invalid above wins: spreading the caller's after it would put `false` back.
function withoutInvalid<T extends { 'aria-invalid'?: unknown }>(props: T): Omit<T, 'aria-invalid'> {
  const { 'aria-invalid': _ignored, ...rest } = props;
  return rest;
}
