import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorPanel } from './ErrorPanel';
import { SkeletonRows } from './ui';
import pageStyles from './Page.module.css';

/** A page of one query: its breadcrumbs, then the error (with retry), a skeleton, or the page. */
export function QueryPage<T>({ query, crumbs, children }: { query: UseQueryResult<T>; crumbs: ReactNode; children: (data: T) => ReactNode }) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  return (
    <div className={pageStyles.page}>
      {crumbs}
      {query.isError ? <ErrorPanel error={query.error} retry={() => void query.refetch()} /> : <SkeletonRows rows={8} />}
    </div>
  );
}
