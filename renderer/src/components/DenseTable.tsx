import type { ReactNode } from 'react';
import styles from './DenseTable.module.css';
import textStyles from './text.module.css';
import { cx } from '../lib/cx';

/** A column heading: its text, `num` to right-align numbers, or `actions` for an unlabelled buttons column. */
export type DenseColumn = string | { label: string; num?: boolean } | { actions: true };

/**
 * A dense table sized by its content, with sticky headings, in a scrolling wrap: `flush` inside a
 * flush card, `framed` with its own border. Rows come as children.
 */
export function DenseTable(props: { columns: readonly DenseColumn[]; wrap: 'flush' | 'framed'; wrapClassName?: string; testId?: string; children: ReactNode }) {
  const wrap = cx(styles.tableWrap, props.wrap === 'flush' ? styles.tableWrapFlush : styles.tableWrapScroll, props.wrapClassName);
  return (
    <div className={wrap}>
      <table className={cx(styles.table, styles.tableDense)} data-testid={props.testId}>
        <thead>
          <tr>
            {props.columns.map((c, i) =>
              typeof c === 'string' ? (
                <th key={i}>{c}</th>
              ) : 'actions' in c ? (
                <th key={i} aria-label="Actions" />
              ) : (
                <th key={i} className={c.num ? cx(textStyles.num, styles.num) : undefined}>
                  {c.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}
