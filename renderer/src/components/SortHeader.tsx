import type { ReactNode } from 'react';
import { cx } from '../lib/cx';
import styles from './SortHeader.module.css';

/**
 * A column header that sorts its table: a button inside the `th`, with `aria-sort` telling
 * the current order. `active` is the column sorted by, `order` its direction.
 */
export function SortHeader({
  column,
  active,
  order,
  onSort,
  className,
  children,
}: {
  column: string;
  active: string;
  order: 'asc' | 'desc';
  onSort: (column: string) => void;
  className?: string | undefined;
  children: ReactNode;
}) {
  const sorted = active === column;
  return (
    <th className={className} aria-sort={sorted ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className={cx(styles.sortBtn, sorted && styles.sorted)} onClick={() => onSort(column)} data-sort={column}>
        {children}
        <span className={styles.arrow} aria-hidden>
          {sorted ? (order === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}
