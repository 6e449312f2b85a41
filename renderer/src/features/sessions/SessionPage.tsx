import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { sessionQueries } from '../../api/sessions/queries';
import type { AnyRun, DbLocation, SessionDetail, SessionType } from '../../api/types';
import { parseSessionType, runHref, sessionsHref, useDbLocation } from '../../app/location';
import { RequireActor } from '../../app/RequireActor';
import type { Actor } from '../../auth/acting-as';
import { StatusBadge, TypeBadge } from '../../components/Badge';
import { IdChip } from '../../components/Copy';
import { ErrorPanel } from '../../components/ErrorPanel';
import { Icon } from '../../components/Icon';
import { JsonView } from '../../components/JsonView';
import { Markdown } from '../../components/Markdown';
import { Collapsible } from '../../components/Collapsible';
import { EmptyState, Section, SkeletonRows } from '../../components/ui';
import { VirtualList } from '../../components/VirtualList';
import { formatCompact, formatCount, formatDateTime, formatDuration, formatRelative, formatTime, plural, preview, shortId } from '../../lib/format';
import { useMarkLoaded } from '../../lib/hooks';
import { buildRunTree, componentIdOf, durationOf, flattenRunTree, statusTone, tokensOf, type RunNode } from '../../lib/runs';
import { useShortcut } from '../../platform/keyboard';
import { RunKindIcon, RunStats } from '../runs/RunBits';

export function SessionPage() {
  return <RequireActor>{(actor) => <SessionView actor={actor} />}</RequireActor>;
}

function SessionView({ actor }: { actor: Actor }) {
  const { sessionId = '' } = useParams();
  const [params] = useSearchParams();
  const type = parseSessionType(params.get('type'));
  const loc = useDbLocation();
  const navigate = useNavigate();

  const session = useQuery(sessionQueries.detail(actor, sessionId, type, loc));
  const runs = useQuery(sessionQueries.runs(actor, sessionId, type, loc));
  useMarkLoaded(!session.isPending || !runs.isPending);

  // Live: the session row (polled) says when runs were added or changed; only then refetch them.
  const version = session.data ? `${session.data.run_count ?? ''}|${session.data.updated_at ?? ''}` : null;
  const seenVersion = useRef<string | null>(null);
  const { refetch: refetchRuns } = runs;
  useEffect(() => {
    if (version === null) return;
    if (seenVersion.current !== null && seenVersion.current !== version) void refetchRuns();
    seenVersion.current = version;
  }, [version, refetchRuns]);

  const tree = useMemo(() => buildRunTree(runs.data ?? []), [runs.data]);
  const flat = useMemo(() => flattenRunTree(tree), [tree]);
  const effectiveType: SessionType | undefined = type ?? session.data?.session_type;

  const [selected, setSelected] = useState(-1);
  const [scrollTo, setScrollTo] = useState<{ index: number } | null>(null);
  useShortcut(['j', 'k', 'Enter', 'o'], (e) => {
    if (flat.length === 0) return;
    if (e.key === 'Enter' || e.key === 'o') {
      const n = flat[Math.max(0, selected)];
      if (n) navigate(runHref(sessionId, n.run.run_id, effectiveType, loc));
      return;
    }
    const next = Math.max(0, Math.min(flat.length - 1, selected + (e.key === 'j' ? 1 : -1)));
    setSelected(next);
    setScrollTo({ index: next });
  });

  const error = session.error ?? runs.error;
  if (error && !session.data) {
    return (
      <div className="page">
        <Breadcrumbs loc={loc} sessionId={sessionId} />
        <ErrorPanel error={error} retry={() => void Promise.all([session.refetch(), runs.refetch()])} />
      </div>
    );
  }

  const s = session.data;
  return (
    <div className="page session-page">
      <Breadcrumbs loc={loc} sessionId={sessionId} name={s?.session_name ?? null} />
      <SessionHeader session={s} sessionId={sessionId} runs={runs.data} />

      <div className="two-col">
        <div className="col-main">
          {runs.data && runs.data.length > 0 && (
            <ActivityChart runs={flat.map((n) => n.run)} onPick={(r) => navigate(runHref(sessionId, r.run_id, effectiveType, loc))} />
          )}
          <Section
            title={
              <>
                Runs <span className="count-pill">{runs.data ? formatCount(runs.data.length) : '…'}</span>
              </>
            }
            actions={
              <span className="muted small">
                <kbd className="kbd">j</kbd> <kbd className="kbd">k</kbd> to move, <kbd className="kbd">Enter</kbd> to open
              </span>
            }
            className="runs-card"
          >
            {runs.isError ? (
              <ErrorPanel error={runs.error} retry={() => void runs.refetch()} compact />
            ) : runs.isPending ? (
              <SkeletonRows rows={5} />
            ) : flat.length === 0 ? (
              <EmptyState icon="list" title="This session has no runs yet" />
            ) : (
              <div className="timeline" data-testid="run-timeline" role="list">
                <VirtualList
                  items={flat}
                  getKey={(n) => `${n.run.run_id}:${n.index}`}
                  estimateSize={() => 62}
                  maxHeight="68vh"
                  className="timeline-list"
                  scrollTo={scrollTo}
                  renderItem={(n, i) => (
                    <TimelineRow
                      node={n}
                      href={runHref(sessionId, n.run.run_id, effectiveType, loc)}
                      selected={i === selected}
                      edge={i === 0 ? 'first' : i === flat.length - 1 ? 'last' : null}
                    />
                  )}
                />
              </div>
            )}
          </Section>
        </div>
        <aside className="col-side">{s && <SessionSide session={s} />}</aside>
      </div>
    </div>
  );
}

function Breadcrumbs({ loc, sessionId, name }: { loc: DbLocation; sessionId: string; name?: string | null }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <Link to={sessionsHref(loc)}>Sessions</Link>
      <Icon name="chevronRight" size={11} />
      <span className="crumb-current">{name || shortId(sessionId, 12)}</span>
    </nav>
  );
}

function SessionHeader({ session, sessionId, runs }: { session: SessionDetail | undefined; sessionId: string; runs: AnyRun[] | undefined }) {
  const totals = useMemo(() => {
    let tokens = 0;
    let duration = 0;
    let errors = 0;
    for (const r of runs ?? []) {
      tokens += tokensOf(r.metrics).total ?? 0;
      duration += durationOf(r.metrics) ?? 0;
      if (statusTone(r.status) === 'danger') errors += 1;
    }
    return { tokens, duration, errors };
  }, [runs]);
  const comp = session ? (session.agent_id ?? session.team_id ?? session.workflow_id) : null;
  const compLabel = session?.session_type === 'team' ? 'Team' : session?.session_type === 'workflow' ? 'Workflow' : 'Agent';
  return (
    <div className="entity-head">
      <div className="entity-title-row">
        <h1 className="entity-title">{session?.session_name || (session ? 'Untitled session' : '…')}</h1>
        {session && <TypeBadge type={session.session_type} />}
      </div>
      <dl className="meta-grid">
        <div>
          <dt>Session</dt>
          <dd>
            <IdChip id={sessionId} label="session id" />
          </dd>
        </div>
        <div>
          <dt>{compLabel}</dt>
          <dd>{comp ? <IdChip id={comp} label={`${compLabel.toLowerCase()} id`} /> : <span className="muted">—</span>}</dd>
        </div>
        <div>
          <dt>User</dt>
          <dd className="mono">{session?.user_id ?? <span className="muted">—</span>}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd title={formatDateTime(session?.created_at)}>{formatDateTime(session?.created_at)}</dd>
        </div>
        <div>
          <dt>Updated</dt>
          <dd title={formatDateTime(session?.updated_at)}>{formatRelative(session?.updated_at)}</dd>
        </div>
        <div>
          <dt>Runs</dt>
          <dd>
            {formatCount(runs?.length ?? session?.run_count ?? null)}
            {totals.errors > 0 && <span className="badge badge-danger inline-badge">{totals.errors} failed</span>}
          </dd>
        </div>
        <div>
          <dt>Tokens</dt>
          <dd>{formatCount(session?.total_tokens ?? (runs ? totals.tokens : null))}</dd>
        </div>
        <div>
          <dt>Run time</dt>
          <dd>{runs ? formatDuration(totals.duration) : '—'}</dd>
        </div>
      </dl>
    </div>
  );
}

function TimelineRow({ node, href, selected, edge }: { node: RunNode; href: string; selected: boolean; edge: 'first' | 'last' | null }) {
  const r = node.run;
  const input = preview(r.run_input, 160);
  const comp = componentIdOf(r);
  return (
    <div
      role="listitem"
      className={`timeline-row depth-${Math.min(node.depth, 4)}${selected ? ' selected' : ''}${edge ? ` ${edge}` : ''}`}
      style={{ ['--depth' as string]: node.depth }}
      data-selected={selected}
      data-run-id={r.run_id}
      data-testid="timeline-run"
    >
      <span className={`timeline-dot tone-${statusTone(r.status)}`} aria-hidden />
      <Link to={href} className="timeline-link">
        <div className="timeline-top">
          <StatusBadge status={r.status} />
          <RunKindIcon run={r} />
          <span className="mono small">{shortId(r.run_id)}</span>
          {comp && <span className="muted small mono ellipsis">{comp}</span>}
          {node.depth > 0 && <span className="badge badge-muted">nested</span>}
          <span className="timeline-spacer" />
          <RunStats run={r} />
          <span className="muted small mono" title={formatDateTime(r.created_at)}>
            {formatTime(r.created_at)}
          </span>
        </div>
        <div className={`timeline-input${input ? '' : ' muted'}`}>{input || 'No input recorded'}</div>
      </Link>
    </div>
  );
}

/** Tokens (bar) and duration (thin bar) per run, coloured by status; click a column to open the run. */
function ActivityChart({ runs, onPick }: { runs: AnyRun[]; onPick: (r: AnyRun) => void }) {
  // The most recent runs that fit as columns.
  const data = runs.slice(-120);
  const tokens = data.map((r) => tokensOf(r.metrics).total ?? 0);
  const durations = data.map((r) => durationOf(r.metrics) ?? 0);
  const maxT = Math.max(1, ...tokens);
  const maxD = Math.max(0.001, ...durations);
  return (
    <Section
      title={runs.length > data.length ? `Activity · last ${data.length} runs` : 'Activity'}
      actions={
        <span className="legend">
          <span className="legend-swatch bar" /> tokens <span className="legend-swatch dur" /> duration
          <span className="muted"> · max {formatCompact(maxT)} tok, {formatDuration(maxD)}</span>
        </span>
      }
      className="activity-card"
    >
      <div className={`activity-chart${data.length > 48 ? ' dense' : ''}`} role="img" aria-label="Tokens and duration per run">
        {data.map((r, i) => (
          <button
            type="button"
            key={`${r.run_id}:${i}`}
            className={`activity-col tone-${statusTone(r.status)}`}
            title={`${shortId(r.run_id)} · ${r.status ?? 'unknown'} · ${formatCompact(tokens[i])} tokens · ${formatDuration(durations[i])}`}
            onClick={() => onPick(r)}
          >
            <span className="activity-bar" style={{ height: `${Math.max(2, (tokens[i]! / maxT) * 100)}%` }} />
            <span className="activity-dur" style={{ height: `${Math.max(2, (durations[i]! / maxD) * 100)}%` }} />
          </button>
        ))}
      </div>
    </Section>
  );
}

function SessionSide({ session }: { session: SessionDetail }) {
  const summary = session.summary && typeof session.summary.summary === 'string' ? session.summary.summary : null;
  const state = session.session_data && typeof session.session_data === 'object' ? session.session_data.session_state : undefined;
  const compData = session.agent_data ?? session.team_data ?? session.workflow_data;
  const model = compData && typeof compData.model === 'object' && compData.model ? (compData.model as Record<string, unknown>) : null;
  return (
    <>
      {summary && (
        <Section title="Summary">
          <Markdown text={summary} />
        </Section>
      )}
      {compData && (
        <Section title={session.session_type === 'team' ? 'Team' : session.session_type === 'workflow' ? 'Workflow' : 'Agent'}>
          <dl className="kv">
            {typeof compData.name === 'string' && (
              <>
                <dt>Name</dt>
                <dd>{compData.name}</dd>
              </>
            )}
            {model && (
              <>
                <dt>Model</dt>
                <dd className="mono">
                  {String(model.id ?? model.name ?? '—')}
                  {model.provider ? <span className="muted"> · {String(model.provider)}</span> : null}
                </dd>
              </>
            )}
          </dl>
          <Collapsible title="Raw">
            <JsonView value={compData} maxHeight={300} />
          </Collapsible>
        </Section>
      )}
      {!isEmpty(state) && (
        <Section title="Session state">
          <JsonView value={state} maxHeight={300} />
        </Section>
      )}
      {!isEmpty(session.metadata) && (
        <Section title="Metadata">
          <JsonView value={session.metadata} maxHeight={240} />
        </Section>
      )}
      {!isEmpty(session.session_data) && session.session_data && (
        <Section title="Session data">
          <Collapsible title="session_data" meta={plural(Object.keys(session.session_data).length, 'key')}>
            <JsonView value={session.session_data} maxHeight={320} />
          </Collapsible>
        </Section>
      )}
    </>
  );
}

/** null, undefined, `{}` and `[]` are not worth a card. */
function isEmpty(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (Array.isArray(v)) return v.length === 0;
  return typeof v === 'object' && Object.keys(v as object).length === 0;
}
