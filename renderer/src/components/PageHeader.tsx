import type { ReactNode } from 'react';
import pageStyles from './Page.module.css';

/** The heading of a workbench page. */
export function PageHeader(props: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <header className={pageStyles.pageHead}>
      <div>
        <h1 className={pageStyles.pageTitle}>{props.title}</h1>
        {props.subtitle ? <p className={pageStyles.pageSub}>{props.subtitle}</p> : null}
      </div>
      {props.actions ? <div className={pageStyles.pageActions}>{props.actions}</div> : null}
    </header>
  );
}
