import type { ReactNode } from 'react';
import { cx } from '../lib/cx';
import styles from './Card.module.css';

/**
 * A card: optional title, subtitle and actions, then the body. `section` (the default) is the
 * run browser's, with a small-caps title; `panel` is the workbench's, a sentence-case title on a
 * roomier header, that the page's table of contents can jump to by `id`. `spacing` tightens the
 * body: `compact` (smaller padding) or `flush` (none, for a table filling the card).
 */
export function Card(props: {
  title?: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  id?: string;
  className?: string;
  /** Extra class for the body, from the caller's own module. */
  bodyClassName?: string;
  testId?: string;
  variant?: 'section' | 'panel';
  spacing?: 'compact' | 'flush';
}) {
  const titleId = props.id ? `${props.id}-title` : undefined;
  const classes = cx(styles.card, props.variant === 'panel' && styles.cardPanel, props.spacing === 'compact' && styles.cardCompact, props.spacing === 'flush' && styles.cardFlush, props.className);
  const head = props.title || props.subtitle || props.actions;
  return (
    <section className={classes} id={props.id} data-testid={props.testId} aria-labelledby={props.title ? titleId : undefined}>
      {head ? (
        <header className={styles.cardHead}>
          <div>
            {props.title ? (
              <h2 className={styles.cardTitle} id={titleId}>
                {props.title}
              </h2>
            ) : null}
            {props.subtitle ? <p className={styles.cardSub}>{props.subtitle}</p> : null}
          </div>
          {props.actions ? <div className={styles.cardActions}>{props.actions}</div> : null}
        </header>
      ) : null}
      <div className={cx(styles.cardBody, props.bodyClassName)}>{props.children}</div>
    </section>
  );
}
