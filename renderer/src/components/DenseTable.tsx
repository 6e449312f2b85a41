import { useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './DenseTable.module.css';
import textStyles from './text.module.css';
import { cx } from '../lib/cx';

/** A column heading: its text, `num` to right-align numbers, or `actions` for an unlabelled buttons column. */
export type DenseColumn = string | { label: string; num?: boolean } | { actions: true };

/**
 * A dense table sized by its content, with sticky headings, in a scrolling wrap: `flush` inside a
 * flush card, `framed` with its own border. Rows come as children. While the wrap scrolls it is a
 * named region that takes focus, so a keyboard can scroll it even when no row holds a control
 * (a read-only page's disabled buttons); `label` names it.
 */
export function DenseTable(props: { columns: readonly DenseColumn[]; wrap: 'flush' | 'framed'; wrapClassName?: string; testId?: string; label?: string; children: ReactNode }) {
  const wrap = cx(styles.tableWrap, props.wrap === 'flush' ? styles.tableWrapFlush : styles.tableWrapScroll, props.wrapClassName);
  const ref = useRef<HTMLDivElement>(null);
  const scrolls = useScrolls(ref);
  return (
    <div className={wrap} ref={ref} {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': props.label ?? 'Table', 'data-scrolls': true } : {})}>
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

/** Whether the element's content overflows it (re-checked when it or its content resizes). */
function useScrolls(ref: React.RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => setScrolls(el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    check();
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}
