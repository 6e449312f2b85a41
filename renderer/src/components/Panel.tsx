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
    <section className={`card card-panel ${props.className ?? ''}`} id={props.id} data-testid={props.testId} aria-labelledby={props.id ? `${props.id}-title` : undefined}>
      <header className="card-head">
        <div>
          <h2 className="card-title" id={props.id ? `${props.id}-title` : undefined}>{props.title}</h2>
          {props.subtitle ? <p className="card-sub">{props.subtitle}</p> : null}
        </div>
        {props.actions ? <div className="card-actions">{props.actions}</div> : null}
      </header>
      <div className="card-body">{props.children}</div>
    </section>
  );
}

/** The heading of a workbench page. */
export function PageHeader(props: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="page-head">
      <div>
        <h1 className="page-title">{props.title}</h1>
        {props.subtitle ? <p className="page-sub">{props.subtitle}</p> : null}
      </div>
      {props.actions ? <div className="page-actions">{props.actions}</div> : null}
    </header>
  );
}
