import type { ReactNode } from 'react';

/**
 * A card: optional title, subtitle and actions, then the body. `section` (the default) is the
 * run browser's, with a small-caps title; `panel` is the workbench's, a sentence-case title on a
 * roomier header, that the page's table of contents can jump to by `id`.
 */
export function Card(props: {
  title?: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  id?: string;
  className?: string;
  testId?: string;
  variant?: 'section' | 'panel';
}) {
  const titleId = props.id ? `${props.id}-title` : undefined;
  const classes = ['card', props.variant === 'panel' ? 'card-panel' : '', props.className ?? ''].filter(Boolean).join(' ');
  const head = props.title || props.subtitle || props.actions;
  return (
    <section className={classes} id={props.id} data-testid={props.testId} aria-labelledby={props.title ? titleId : undefined}>
      {head ? (
        <header className="card-head">
          <div>
            {props.title ? (
              <h2 className="card-title" id={titleId}>
                {props.title}
              </h2>
            ) : null}
            {props.subtitle ? <p className="card-sub">{props.subtitle}</p> : null}
          </div>
          {props.actions ? <div className="card-actions">{props.actions}</div> : null}
        </header>
      ) : null}
      <div className="card-body">{props.children}</div>
    </section>
  );
}
