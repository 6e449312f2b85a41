import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { deskQueries } from '../../api/desk/queries';
import { sessionQueries } from '../../api/sessions/queries';
import type { DbLocation, SessionListItem, SessionType } from '../../api/types';
import { parseSessionType, sessionHref, useDbLocation } from '../../app/location';
import { RequireActor } from '../../app/RequireActor';
import type { Actor } from '../../auth/acting-as';
import { TypeBadge } from '../../components/Badge';
import { CopyButton } from '../../components/Copy';
import { ErrorPanel } from '../../components/ErrorPanel';
import { Icon } from '../../components/Icon';
import { EmptyState, SkeletonRows } from '../../components/ui';
import { formatCompact, formatCount, formatDateTime, formatRelative } from '../../lib/format';
import { useDebounced, useMarkLoaded, useNow } from '../../lib/hooks';
import { useShortcut } from '../../platform/keyboard';
import { FirstRun } from '../first-run/FirstRun';

const PAGE_SIZES = [20, 50, 100];

export function SessionsPage() {
  return <RequireActor>{(actor) => <SessionsView actor={actor} />}</RequireActor>;
}

interface Filters {
  type: SessionType | undefined;
  user: string;
  q: string;
  page: number;
  limit: number;
}

function useFilters(): [Filters, (patch: Partial<Filters>, push?: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const filters: Filters = {
    type: parseSessionType(params.get('type')),
    user: params.get('user') ?? '',
    q: params.get('q') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
    limit: PAGE_SIZES.includes(Number(params.get('limit'))) ? Number(params.get('limit')) : 20,
  };
  const update = (patch: Partial<Filters>, push = false) => {
    const next = new URLSearchParams(params);
    const merged = { ...filters, ...patch };
    // Changing a filter goes back to page 1.
    if (!('page' in patch)) merged.page = 1;
    const set = (k: string, v: string | undefined) => (v ? next.set(k, v) : next.delete(k));
    set('type', merged.type);
    set('user', merged.user);
    set('q', merged.q);
    set('page', merged.page > 1 ? String(merged.page) : undefined);
    set('limit', merged.limit !== 20 ? String(merged.limit) : undefined);
    setParams(next, { replace: !push });
  };
  return [filters, update];
}

function SessionsView({ actor }: { actor: Actor }) {
  const loc = useDbLocation();
  const [filters, update] = useFilters();
  const navigate = useNavigate();
  const location = useLocation();
  const searchRef = useRef<HTMLInputElement>(null);

  // Typing updates the box at once and the URL (and query) after a pause.
  const [qDraft, setQDraft] = useState(filters.q);
  const [userDraft, setUserDraft] = useState(filters.user);
  const q = useDebounced(qDraft, 250);
  const user = useDebounced(userDraft, 250);
  useEffect(() => {
    if (q !== filters.q || user !== filters.user) update({ q, user });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q, user]);
  useEffect(() => {
    setQDraft(filters.q);
    setUserDraft(filters.user);
  }, [filters.q, filters.user]);

  useShortcut('/', () => searchRef.current?.focus());
  useEffect(() => {
    if ((location.state as { focusSearch?: boolean } | null)?.focusSearch) searchRef.current?.focus();
  }, [location.state]);

  const base = { ...loc, user_id: filters.user || undefined, search: filters.q || undefined };
  const list = useQuery(
    sessionQueries.list(actor, { ...base, type: filters.type, page: filters.page, limit: filters.limit, sort_order: 'desc' }),
  );
  const countAll = useQuery(sessionQueries.count(actor, base));
  const countAgent = useQuery(sessionQueries.count(actor, { ...base, type: 'agent' }));
  const countTeam = useQuery(sessionQueries.count(actor, { ...base, type: 'team' }));
  const countWorkflow = useQuery(sessionQueries.count(actor, { ...base, type: 'workflow' }));
  const databases = useQuery(deskQueries.databases());

  useMarkLoaded(!list.isPending);

  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  const hasFilters = !!(filters.type || filters.user || filters.q);
  // Without a db in the URL the server's answering database replies (DESIGN: default_database, else the one with sessions).
  const dbInfo = databases.data?.find((d) => (loc.db ? d.id === loc.db : d.answers_without_db_id));
  const dbEmpty = dbInfo ? dbInfo.sessions === 0 : countAll.data === 0;
  const showFirstRun = !hasFilters && list.isSuccess && meta?.total_count === 0 && dbEmpty && !loc.table;

  // No row is selected until j/k is pressed.
  const [selected, setSelected] = useState(-1);
  useEffect(() => setSelected(-1), [filters.page, filters.type, filters.q, filters.user]);
  useShortcut(['j', 'k', 'Enter'], (e) => {
    if (rows.length === 0) return;
    if (e.key === 'Enter') {
      const s = rows[Math.max(0, selected)];
      if (s) navigate(sessionHref(s.session_id, s.session_type, loc));
      return;
    }
    setSelected((i) => Math.max(0, Math.min(rows.length - 1, i + (e.key === 'j' ? 1 : -1))));
  });

  if (showFirstRun) {
    return (
      <div className="page">
        <FirstRun />
      </div>
    );
  }

  return (
    <div className="page sessions-page">
      <div className="page-head">
        <div>
          <h1 className="page-title">Sessions</h1>
          <div className="page-sub">
            {loc.db ? (
              <>
                Database <span className="mono">{loc.db}</span>
                {loc.table && (
                  <>
                    {' '}
                    / <span className="mono">{loc.table}</span>
                  </>
                )}
              </>
            ) : (
              'Default database'
            )}{' '}
            · newest first
          </div>
        </div>
        <LiveIndicator updatedAt={list.dataUpdatedAt} fetching={list.isFetching} error={list.isError} />
      </div>

      <div className="toolbar">
        <div className="segmented" role="radiogroup" aria-label="Session type">
          <Segment label="All" count={countAll.data} active={!filters.type} onClick={() => update({ type: undefined })} />
          <Segment label="Agent" count={countAgent.data} active={filters.type === 'agent'} onClick={() => update({ type: 'agent' })} />
          <Segment label="Team" count={countTeam.data} active={filters.type === 'team'} onClick={() => update({ type: 'team' })} />
          <Segment
            label="Workflow"
            count={countWorkflow.data}
            active={filters.type === 'workflow'}
            onClick={() => update({ type: 'workflow' })}
          />
        </div>
        <div className="search-box">
          <Icon name="search" size={13} />
          <input
            ref={searchRef}
            className="input input-bare"
            type="search"
            placeholder="Search session id or name"
            value={qDraft}
            onChange={(e) => setQDraft(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && e.currentTarget.blur()}
            aria-label="Search sessions"
            data-testid="session-search"
          />
          <kbd className="kbd">/</kbd>
        </div>
        <div className="search-box user-box">
          <Icon name="user" size={13} />
          <input
            className="input input-bare"
            placeholder="User id"
            value={userDraft}
            onChange={(e) => setUserDraft(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && e.currentTarget.blur()}
            aria-label="Filter by user id"
            data-testid="user-filter"
          />
        </div>
      </div>

      {list.isError ? (
        <ErrorPanel error={list.error} retry={() => void list.refetch()} />
      ) : list.isPending ? (
        <SkeletonRows rows={8} />
      ) : rows.length === 0 ? (
        <EmptyState icon="search" title={hasFilters ? 'No sessions match these filters' : 'No sessions visible to this token'}>
          {hasFilters ? (
            <button type="button" className="link-btn" onClick={() => update({ type: undefined, user: '', q: '' })}>
              Clear filters
            </button>
          ) : (
            'The database has sessions, but none are visible with the current token (user isolation or per-resource scopes).'
          )}
        </EmptyState>
      ) : (
        <SessionTable rows={rows} loc={loc} selected={selected} />
      )}

      {meta && meta.total_count > 0 && (
        <Pagination
          page={meta.page}
          pages={meta.total_pages}
          total={meta.total_count}
          limit={meta.limit}
          onPage={(p) => update({ page: p }, true)}
          onLimit={(l) => update({ limit: l })}
        />
      )}
    </div>
  );
}

function Segment({ label, count, active, onClick }: { label: string; count: number | undefined; active: boolean; onClick: () => void }) {
  return (
    <button type="button" role="radio" aria-checked={active} className={`segment${active ? ' active' : ''}`} onClick={onClick} data-type={label.toLowerCase()}>
      {label}
      <span className="segment-count">{count === undefined ? '·' : formatCompact(count)}</span>
    </button>
  );
}

function LiveIndicator({ updatedAt, fetching, error }: { updatedAt: number; fetching: boolean; error: boolean }) {
  const now = useNow(1000);
  const age = updatedAt ? Math.max(0, Math.round((now - updatedAt) / 1000)) : null;
  return (
    <div className={`live${error ? ' live-error' : ''}`} title="The list refreshes every 2 seconds" data-testid="live">
      <span className={`live-dot${fetching ? ' fetching' : ''}`} />
      {error ? 'Paused — last refresh failed' : <>Live{age !== null && <span className="muted"> · updated {age < 2 ? 'now' : `${age}s ago`}</span>}</>}
    </div>
  );
}

function componentOf(s: SessionListItem): string | null {
  return s.agent_id ?? s.team_id ?? s.workflow_id ?? null;
}

function SessionTable({ rows, loc, selected }: { rows: SessionListItem[]; loc: DbLocation; selected: number }) {
  // Sessions that appear after the first render are highlighted briefly.
  const seen = useRef<Set<string> | null>(null);
  const fresh = useMemo(() => {
    const out = new Set<string>();
    if (seen.current) for (const r of rows) if (!seen.current.has(r.session_id)) out.add(r.session_id);
    seen.current = new Set([...(seen.current ?? []), ...rows.map((r) => r.session_id)]);
    return out;
  }, [rows]);
  const now = useNow(15_000);
  const maxTokens = Math.max(1, ...rows.map((r) => r.total_tokens ?? 0));

  return (
    <div className="table-wrap">
      <table className="table sessions-table" data-testid="sessions-table">
        <thead>
          <tr>
            <th>Session</th>
            <th>Type</th>
            <th>Agent / team / workflow</th>
            <th>User</th>
            <th className="num">Runs</th>
            <th className="num">Tokens</th>
            <th className="num">Updated</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((s, i) => {
            const href = sessionHref(s.session_id, s.session_type, loc);
            const comp = componentOf(s);
            return (
              <tr
                key={s.session_id}
                className={`${i === selected ? 'selected ' : ''}${fresh.has(s.session_id) ? 'fresh' : ''}`}
                data-session-id={s.session_id}
                data-testid="session-row"
              >
                <td className="cell-main">
                  <Link to={href} className="row-link">
                    <span className="row-title">{s.session_name || <span className="muted">Untitled session</span>}</span>
                    <span className="row-id mono">{s.session_id}</span>
                  </Link>
                  <CopyButton text={s.session_id} label="Copy session id" className="row-copy" icon />
                </td>
                <td>
                  <TypeBadge type={s.session_type} />
                </td>
                <td className="mono small ellipsis" title={comp ?? ''}>
                  {comp ?? <span className="muted">—</span>}
                </td>
                <td className="mono small ellipsis" title={s.user_id ?? ''}>
                  {s.user_id ?? <span className="muted">—</span>}
                </td>
                <td className="num">{formatCount(s.run_count)}</td>
                <td className="num">
                  <span className="token-cell">
                    {s.total_tokens !== null && (
                      <span className="bar-mini" aria-hidden>
                        <span style={{ width: `${Math.round((s.total_tokens / maxTokens) * 100)}%` }} />
                      </span>
                    )}
                    {s.total_tokens === null ? <span className="muted">—</span> : formatCompact(s.total_tokens)}
                  </span>
                </td>
                <td className="num muted small" title={formatDateTime(s.updated_at ?? s.created_at)}>
                  {formatRelative(s.updated_at ?? s.created_at, now)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Pagination({
  page,
  pages,
  total,
  limit,
  onPage,
  onLimit,
}: {
  page: number;
  pages: number;
  total: number;
  limit: number;
  onPage: (p: number) => void;
  onLimit: (l: number) => void;
}) {
  const from = (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  return (
    <div className="pagination" data-testid="pagination">
      <span className="muted">
        {formatCount(from)}–{formatCount(to)} of <strong>{formatCount(total)}</strong> sessions
      </span>
      <div className="pagination-controls">
        <select className="select select-sm" value={limit} onChange={(e) => onLimit(Number(e.target.value))} aria-label="Page size">
          {PAGE_SIZES.map((s) => (
            <option key={s} value={s}>
              {s} / page
            </option>
          ))}
        </select>
        <button type="button" className="btn btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Previous page">
          <Icon name="chevronLeft" size={12} />
        </button>
        <span className="small">
          Page {page} of {pages}
        </span>
        <button type="button" className="btn btn-sm" disabled={page >= pages} onClick={() => onPage(page + 1)} aria-label="Next page">
          <Icon name="chevronRight" size={12} />
        </button>
      </div>
    </div>
  );
}
