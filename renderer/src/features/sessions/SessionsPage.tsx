import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { deskQueries } from '../../api/desk/queries';
import { runQueries, sessionQueries } from '../../api/sessions/queries';
import type { ListSessionsParams, RunSearchPage, SessionType } from '../../api-types/shapes';
import { sessionHref, useDbLocation } from '../../lib/location';
import { useActingAs, type Actor } from '../../auth/acting-as';
import { RequestError } from '../errors/AuthExplain';
import { EmptyState, SkeletonRows } from '../../components/ui';
import { useMarkLoaded } from '../../lib/hooks';
import { useLastError } from '../../lib/last-error';
import { useShortcut } from '../../platform/keyboard';
import { FirstRun } from '../first-run/FirstRun';
import { AnsweringSwitchNotice, useAnsweringSwitch } from './AnsweringSwitch';
import { Pagination } from './Pagination';
import { SessionsHead } from './SessionsHead';
import { SessionsToolbar, type TypeCounts } from './SessionsToolbar';
import { SessionTable } from './SessionTable';
import { RunSearchView, runSearchParams } from './RunSearchView';
import { nextSort } from './session-filters';
import runResultsStyles from './RunResults.module.css';
import { useFilterDrafts, useSessionFilters } from './useSessionFilters';
import pageStyles from '../../components/Page.module.css';
import { Button } from '../../components/Button';

export function SessionsPage() {
  const { actor } = useActingAs();
  return <SessionsView actor={actor} />;
}

function SessionsView({ actor }: { actor: Actor }) {
  const loc = useDbLocation();
  const [filters, update] = useSessionFilters();
  const drafts = useFilterDrafts(filters, update);
  const navigate = useNavigate();
  const location = useLocation();
  const searchRef = useRef<HTMLInputElement>(null);

  useShortcut('/', () => searchRef.current?.focus());
  useEffect(() => {
    if ((location.state as { focusSearch?: boolean } | null)?.focusSearch) searchRef.current?.focus();
  }, [location.state]);

  const runsView = filters.view === 'runs';
  const base = { ...loc, user_search: filters.user || undefined, search: filters.q || undefined };
  const sortBy = SESSION_SORTS.find((s) => s === filters.sort);
  const list = useQuery({
    ...sessionQueries.list(actor, {
      ...base,
      type: filters.type,
      page: filters.page,
      limit: filters.limit,
      sort_by: sortBy,
      sort_order: sortBy ? filters.order : 'desc',
    }),
    enabled: !runsView,
  });
  const runs = useQuery({ ...runQueries.search(actor, runSearchParams(filters, loc)), enabled: runsView });
  // In the sessions view, a search also says how many runs hold the words (the session search reads ids and names only).
  const mentions = useQuery({
    ...runQueries.search(actor, { ...loc, q: filters.q, user: filters.user || undefined, type: filters.type, limit: 1 }),
    enabled: !runsView && filters.q.trim() !== '',
  });
  // The type buttons count what is listed: sessions, or in the runs view the runs the other filters find.
  const countAll = useQuery({ ...sessionQueries.count(actor, base), enabled: !runsView });
  const countAgent = useQuery({ ...sessionQueries.count(actor, { ...base, type: 'agent' }), enabled: !runsView });
  const countTeam = useQuery({ ...sessionQueries.count(actor, { ...base, type: 'team' }), enabled: !runsView });
  const countWorkflow = useQuery({ ...sessionQueries.count(actor, { ...base, type: 'workflow' }), enabled: !runsView });
  const runCount = (type: SessionType | undefined) => ({ ...runQueries.search(actor, { ...runSearchParams(filters, loc), type, page: 1, limit: 1 }), enabled: runsView, select: (p: RunSearchPage) => p.meta.total_count });
  const runsAll = useQuery(runCount(undefined));
  const runsAgent = useQuery(runCount('agent'));
  const runsTeam = useQuery(runCount('team'));
  const runsWorkflow = useQuery(runCount('workflow'));
  const counts: TypeCounts = runsView
    ? { all: runsAll.data, agent: runsAgent.data, team: runsTeam.data, workflow: runsWorkflow.data }
    : { all: countAll.data, agent: countAgent.data, team: countTeam.data, workflow: countWorkflow.data };
  const databases = useQuery(deskQueries.databases());

  // A failed list stays failed through its polls and retries, until an answer comes (no skeleton
  // rows, no green "Live", no "1–11 of 11" over an error).
  const failure = useLastError(list);
  useMarkLoaded(runsView ? !runs.isPending : !list.isPending || failure !== null);

  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  const hasFilters = !!(filters.type || filters.user || filters.q);
  // Without a db in the URL the server's answering database replies (default_database, else the one with sessions: docs/databases.md).
  const dbInfo = databases.data?.find((d) => (loc.db ? d.id === loc.db : d.answers_without_db_id));
  const answering = useAnsweringSwitch(loc.db ? undefined : databases.data);
  const dbEmpty = dbInfo ? dbInfo.sessions === 0 : countAll.data === 0;
  const showFirstRun = !runsView && !hasFilters && list.isSuccess && meta?.total_count === 0 && dbEmpty && !loc.table;

  // No row is selected until j/k is pressed.
  const [selected, setSelected] = useState(-1);
  useEffect(() => setSelected(-1), [filters.page, filters.type, filters.q, filters.user]);
  useShortcut(['j', 'k', 'Enter'], (e) => {
    if (runsView || rows.length === 0) return;
    if (e.key === 'Enter') {
      const s = rows[Math.max(0, selected)];
      if (s) navigate(sessionHref(s.session_id, s.session_type, loc));
      return;
    }
    setSelected((i) => Math.max(0, Math.min(rows.length - 1, i + (e.key === 'j' ? 1 : -1))));
  });

  if (showFirstRun) {
    return (
      <div className={pageStyles.page}>
        <FirstRun />
      </div>
    );
  }

  return (
    <div className={pageStyles.page}>
      <SessionsHead loc={loc} answering={loc.db ? undefined : dbInfo?.id} updatedAt={list.dataUpdatedAt} fetching={list.isFetching} failure={failure} />
      {answering.change && <AnsweringSwitchNotice change={answering.change} onDismiss={answering.dismiss} />}
      <SessionsToolbar
        filters={filters}
        update={update}
        counts={counts}
        searchRef={searchRef}
        facets={runs.data?.facets}
        {...drafts}
      />

      {runsView ? (
        <RunSearchView query={runs} filters={filters} update={update} loc={loc} />
      ) : (
        <>
      {!!mentions.data?.meta.total_count && (
        <p className={runResultsStyles.mention} data-testid="run-mentions">
          {mentions.data.meta.total_count === 1 ? '1 run holds' : `${mentions.data.meta.total_count} runs hold`} “{filters.q}” in its content.{' '}
          <Button variant="link" onClick={() => update({ view: 'runs' })}>
            Show the runs
          </Button>
        </p>
      )}
      {failure ? (
        <RequestError error={failure} retry={() => void list.refetch()} />
      ) : list.isPending ? (
        <SkeletonRows rows={8} />
      ) : rows.length === 0 ? (
        <EmptyState icon="search" title={hasFilters ? 'No sessions match these filters' : 'No sessions visible to this token'}>
          {hasFilters ? (
            <Button variant="link" onClick={() => update({ type: undefined, user: '', q: '' })}>
              Clear filters
            </Button>
          ) : (
            'The database has sessions, but none are visible with the current token (user isolation or per-resource scopes).'
          )}
        </EmptyState>
      ) : (
        <SessionTable rows={rows} loc={loc} selected={selected} sort={{ sort: filters.sort, order: filters.order, onSort: (c) => update(nextSort(filters, c)) }} />
      )}

      {!failure && meta && meta.total_count > 0 && (
        <Pagination
          page={meta.page}
          pages={meta.total_pages}
          total={meta.total_count}
          limit={meta.limit}
          onPage={(p) => update({ page: p }, true)}
          onLimit={(l) => update({ limit: l })}
        />
      )}
        </>
      )}
    </div>
  );
}

/** Columns the sessions table sorts by (the server's `sort_by`). */
const SESSION_SORTS: ReadonlyArray<NonNullable<ListSessionsParams['sort_by']>> = ['session_id', 'session_type', 'user_id', 'updated_at', 'created_at'];
