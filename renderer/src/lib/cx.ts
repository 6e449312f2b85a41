/**
 * Joins CSS-module class names, skipping the falsy ones (a modifier that is off).
 *
 * @example
 * <button className={cx(styles.tab, active && styles.active)} />
 */
export function cx(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}
