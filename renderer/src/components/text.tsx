import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../lib/cx';
import textStyles from './text.module.css';

/**
 * Secondary text: `muted` for notes beside data, `subtle` for the quietest hints.
 * `small` for the dense size, `mono` for identifiers, `num` for right-aligned tabular figures.
 *
 * @example
 * <Text tone="muted" small>3 runs</Text>
 */
export function Text({
  as: As = 'span',
  tone,
  small,
  mono,
  num,
  className,
  ...rest
}: HTMLAttributes<HTMLElement> & { as?: 'span' | 'p' | 'div'; tone?: 'muted' | 'subtle' | 'ok'; small?: boolean; mono?: boolean; num?: boolean; children?: ReactNode; 'data-testid'?: string }) {
  return (
    <As
      className={cx(tone === 'muted' && textStyles.muted, tone === 'subtle' && textStyles.subtle, tone === 'ok' && textStyles.ok, small && textStyles.small, mono && textStyles.mono, num && textStyles.num, className)}
      {...rest}
    />
  );
}

/**
 * The small uppercase heading of a card section.
 *
 * @example
 * <SectionTitle>Scope mappings</SectionTitle>
 */
export function SectionTitle({ level = 3, className, ...rest }: HTMLAttributes<HTMLHeadingElement> & { level?: 2 | 3 | 4; children?: ReactNode }) {
  const H = `h${level}` as const;
  return <H className={cx(textStyles.h3, className)} {...rest} />;
}

/**
 * A block of preformatted code or JSON, scrolling on its own when wide. It takes focus
 * (`tabIndex` 0), so a keyboard can scroll it too.
 */
export function CodeBlock({ className, ...rest }: HTMLAttributes<HTMLPreElement> & { children?: ReactNode; 'data-testid'?: string }) {
  return <pre className={cx(textStyles.code, className)} tabIndex={0} {...rest} />;
}
