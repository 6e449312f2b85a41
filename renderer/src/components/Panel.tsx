import type { ReactNode } from 'react';

/** A titled card of the workbench pages: title, optional subtitle and actions, then the body. */
export function Panel(props: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  id?: string;
  className?: string;
  testId?: string;
}) {
  return (
    <section className={`wb-panel ${props.className ?? ''}`} id={props.id} data-testid={props.testId} aria-labelledby={props.id ? `${props.id}-title` : undefined}>
      <header className="wb-panel-head">
        <div className="wb-panel-titles">
          <h2 className="wb-panel-title" id={props.id ? `${props.id}-title` : undefined}>{props.title}</h2>
          {props.subtitle ? <p className="wb-panel-sub">{props.subtitle}</p> : null}
        </div>
        {props.actions ? <div className="wb-panel-actions">{props.actions}</div> : null}
      </header>
      <div className="wb-panel-body">{props.children}</div>
    </section>
  );
}

/** The heading of a workbench page. */
export function PageHeader(props: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="wb-page-head">
      <div>
        <h1 className="wb-page-title">{props.title}</h1>
        {props.subtitle ? <p className="wb-page-sub">{props.subtitle}</p> : null}
      </div>
      {props.actions ? <div className="wb-page-actions">{props.actions}</div> : null}
    </header>
  );
}
