import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { ErrorPanel } from './ErrorPanel';
import { SkeletonRows } from './ui';
import pageStyles from './Page.module.css';

/** How a page shows its failed request; the feature passes one that can explain a refused token. */
export type ErrorView = ComponentType<{ error: unknown; retry: () => void }>;

/**
 * A page of one query: its breadcrumbs, then the error (with retry), a skeleton, or the page.
 * The kit knows nothing of auth, so `errorView` lets the feature show the error its own way
 * (the auth layer's explanation of a refused token); the plain error panel otherwise.
 */
export function QueryPage<T>({ query, crumbs, errorView: View = ErrorPanel, children }: { query: UseQueryResult<T>; crumbs: ReactNode; errorView?: ErrorView; children: (data: T) => ReactNode }) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  return (
    <div className={pageStyles.page}>
      {crumbs}
      {query.isError ? <View error={query.error} retry={() => void query.refetch()} /> : <SkeletonRows rows={8} />}
    </div>
  );
}
