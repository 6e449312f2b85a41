import type { UseQueryResult } from '@tanstack/react-query';
import type { DbLocation, RunSearchPage, RunSortField } from '../../api-types/shapes';
import { EmptyState, SkeletonRows } from '../../components/ui';
import { RequestError } from '../errors/AuthExplain';
import { Pagination } from './Pagination';
import { RunResults } from './RunResults';
import { nextSort, type SessionFilters } from './session-filters';
import type { UpdateFilters } from './useSessionFilters';
import textStyles from '../../components/text.module.css';
import styles from './RunResults.module.css';
import { Button } from '../../components/Button';

const RUN_SORTS: readonly RunSortField[] = ['created_at', 'session_name', 'user_id', 'status', 'model', 'tool_calls'];

/** The `/search/runs` parameters the runs view asks with. */
export function runSearchParams(filters: SessionFilters, loc: DbLocation) {
  const sortBy = RUN_SORTS.find((s) => s === filters.sort);
  return {
    ...loc,
    q: filters.q || undefined,
    user: filters.user || undefined,
    type: filters.type,
    status: filters.status || undefined,
    tool: filters.tool || undefined,
    model: filters.model || undefined,
    errors: filters.errors ? ('true' as const) : undefined,
    page: filters.page,
    limit: filters.limit,
    sort_by: sortBy,
    sort_order: sortBy ? filters.order : undefined,
  };
}

/** The runs found by their content: a table of hits with snippets, sorted and paged by the server. */
export function RunSearchView({
  query,
  filters,
  update,
  loc,
}: {
  query: UseQueryResult<RunSearchPage>;
  filters: SessionFilters;
  update: UpdateFilters;
  loc: DbLocation;
}) {
  const meta = query.data?.meta;
  const rows = query.data?.data ?? [];
  const filtered = !!(filters.q || filters.user || filters.type || filters.status || filters.tool || filters.model || filters.errors);
  return (
    <>
      {meta && (
        <p className={textStyles.muted} data-testid="run-search-summary">
          {meta.total_count} of {meta.searched_runs} runs{meta.query ? <> match <code className={styles.query}>{meta.query}</code></> : null} · {meta.search_time_ms} ms on the server
        </p>
      )}
      {query.isError ? (
        <RequestError error={query.error} retry={() => void query.refetch()} />
      ) : query.isPending ? (
        <SkeletonRows rows={8} />
      ) : rows.length === 0 ? (
        <EmptyState icon="search" title={filtered ? 'No runs match' : 'No runs visible to this token'}>
          {filtered && (
            <Button variant="link" onClick={() => update({ type: undefined, user: '', q: '', status: '', tool: '', model: '', errors: false })}>
              Clear filters
            </Button>
          )}
        </EmptyState>
      ) : (
        <RunResults rows={rows} loc={loc} terms={filters.q} sort={{ sort: filters.sort || 'created_at', order: filters.sort ? filters.order : 'desc', onSort: (c) => update(nextSort({ ...filters, sort: filters.sort || 'created_at' }, c)) }} />
      )}
      {meta && meta.total_count > 0 && (
        <Pagination noun="runs" page={meta.page} pages={meta.total_pages} total={meta.total_count} limit={meta.limit} onPage={(p) => update({ page: p }, true)} onLimit={(l) => update({ limit: l })} />
      )}
    </>
  );
}
