import type { ReactNode } from 'react';
import { cx } from '../lib/cx';
import type { PlainButtonProps } from './Button';
import styles from './Chip.module.css';

export type ChipProps = Omit<PlainButtonProps, 'aria-pressed'> & {
  /** Whether the filter it names is on; sent as `aria-pressed`. */
  pressed: boolean;
  /** `sm` in a toolbar beside a search box; `md` as a page's own filter row. */
  size?: 'sm' | 'md' | undefined;
  children?: ReactNode;
};

/**
 * A toggle drawn as a rounded chip: one filter value (a topic, an eval type) a page turns on or
 * off. Place chips in a `role="group"` with an `aria-label` naming what they filter.
 *
 * @example
 * <div role="group" aria-label="Topics">
 *   {topics.map((t) => <Chip key={t} size="sm" pressed={topic === t} onClick={() => pick(t)}>{t}</Chip>)}
 * </div>
 */
export function Chip({ pressed, size = 'md', className, type = 'button', ...rest }: ChipProps) {
  return <button type={type} aria-pressed={pressed} className={cx(styles.chip, size === 'sm' && styles.sm, pressed && styles.on, className)} {...rest} />;
}
