import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { runQueries, sessionQueries } from '../../api/sessions/queries';
import type { AgnoMessage, AnyRun, DbLocation, InputMedia, SessionType } from '../../api/types';
import { parseSessionType, runHref, sessionHref, sessionsHref, useDbLocation } from '../../app/location';
import { RequireActor } from '../../app/RequireActor';
import type { Actor } from '../../auth/acting-as';
import { StatusBadge } from '../../components/Badge';
import { Clamp, Collapsible } from '../../components/Collapsible';
import { CopyButton, IdChip } from '../../components/Copy';
import { ErrorPanel } from '../../components/ErrorPanel';
import { Icon } from '../../components/Icon';
import { JsonView } from '../../components/JsonView';
import { MediaGallery } from '../../components/Media';
import { Section, SkeletonRows, Tabs, type TabDef } from '../../components/ui';
import { formatCompact, formatCount, formatDateTime, formatDuration, formatRelative, safeStringify, shortId } from '../../lib/format';
import { useMarkLoaded } from '../../lib/hooks';
import { asMediaList, mediaCount, type MediaSet } from '../../lib/media';
import { buildRunTree, componentIdOf, durationOf, flattenRunTree, isTeamRun, isWorkflowRun, modelOf, runKind, tokensOf } from '../../lib/runs';
import { downloadText } from '../../platform/browser';
import { useShortcut } from '../../platform/keyboard';
import { memberResponses, TeamMembers, WorkflowSteps } from './Composite';
import { Conversation } from './Conversation';
import { EventsTimeline } from './EventsTimeline';
import { MetricsPanel } from './MetricsPanel';
import { OutputView, ReasoningView, ReferencesView, ToolsList } from './Sections';

export function RunPage() {
  return <RequireActor>{(actor) => <RunView actor={actor} />}</RequireActor>;
}

function RunView({ actor }: { actor: Actor }) {
  const { sessionId = '', runId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const type = parseSessionType(params.get('type'));
  const loc = useDbLocation();
  const navigate = useNavigate();

  const runQ = useQuery(runQueries.detail(actor, sessionId, runId, type, loc));
  // Siblings for j/k and member runs; not polled here (the run page is about one run).
  const runsQ = useQuery(sessionQueries.runs(actor, sessionId, type, loc));
  useMarkLoaded(!runQ.isPending);

  const order = useMemo(() => flattenRunTree(buildRunTree(runsQ.data ?? [])).map((n) => n.run.run_id), [runsQ.data]);
  const pos = order.indexOf(runId);
  const prevId = pos > 0 ? order[pos - 1] : undefined;
  const nextId = pos >= 0 && pos < order.length - 1 ? order[pos + 1] : undefined;
  const tab = params.get('tab');
  const go = (id: string | undefined) => id && navigate(runHref(sessionId, id, type, loc, tab ?? undefined));
  useShortcut('j', () => go(nextId));
  useShortcut('k', () => go(prevId));

  // A run URL without the right `type` gets a 404 naming the session's type: follow it.
  const hinted = runQ.isError && isApiError(runQ.error) && runQ.error.isNotFound ? /\?type=(agent|team|workflow)\b/.exec(runQ.error.detail)?.[1] : undefined;
  if (hinted && hinted !== type) {
    return <Navigate replace to={runHref(sessionId, runId, hinted as SessionType, loc, tab ?? undefined)} />;
  }
  if (runQ.isError) {
    return (
      <div className="page">
        <RunBreadcrumbs loc={loc} sessionId={sessionId} type={type} runId={runId} />
        <ErrorPanel error={runQ.error} retry={() => void runQ.refetch()} />
      </div>
    );
  }
  if (!runQ.data) {
    return (
      <div className="page">
        <RunBreadcrumbs loc={loc} sessionId={sessionId} type={type} runId={runId} />
        <SkeletonRows rows={10} />
      </div>
    );
  }

  const run = runQ.data;
  return (
    <div className="page run-page" data-testid="run-page" data-run-id={run.run_id}>
      <RunBreadcrumbs loc={loc} sessionId={sessionId} type={type} runId={runId} />
      <RunHeader
        run={run}
        sessionId={sessionId}
        type={type}
        loc={loc}
        nav={{ pos, total: order.length, prevHref: prevId ? runHref(sessionId, prevId, type, loc) : null, nextHref: nextId ? runHref(sessionId, nextId, type, loc) : null }}
      />
      <div className="two-col">
        <div className="col-main">
          <InputOutput run={run} />
          <RunTabs
            run={run}
            sessionRuns={runsQ.data}
            tab={tab}
            setTab={(t) => {
              const next = new URLSearchParams(params);
              next.set('tab', t);
              setParams(next, { replace: true });
            }}
            hrefOf={(id) => runHref(sessionId, id, type, loc)}
          />
        </div>
        <aside className="col-side">
          <Section title="Metrics">
            <MetricsPanel metrics={run.metrics} />
          </Section>
          <RunDetails run={run} />
        </aside>
      </div>
    </div>
  );
}

function RunBreadcrumbs({ loc, sessionId, type, runId }: { loc: DbLocation; sessionId: string; type: SessionType | undefined; runId: string }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <Link to={sessionsHref(loc)}>Sessions</Link>
      <Icon name="chevronRight" size={11} />
      <Link to={sessionHref(sessionId, type, loc)} className="mono">
        {shortId(sessionId, 12)}
      </Link>
      <Icon name="chevronRight" size={11} />
      <span className="crumb-current mono">{shortId(runId, 12)}</span>
    </nav>
  );
}

const KIND_LABEL = { agent: 'Agent run', team: 'Team run', workflow: 'Workflow run' } as const;

function RunHeader({
  run,
  sessionId,
  type,
  loc,
  nav,
}: {
  run: AnyRun;
  sessionId: string;
  type: SessionType | undefined;
  loc: DbLocation;
  nav: { pos: number; total: number; prevHref: string | null; nextHref: string | null };
}) {
  const kind = runKind(run);
  const comp = componentIdOf(run);
  const t = tokensOf(run.metrics);
  const model = modelOf(run);
  const user = (run as { user_id?: unknown }).user_id;
  return (
    <div className="entity-head">
      <div className="entity-title-row">
        <StatusBadge status={run.status} />
        <h1 className="entity-title">
          {KIND_LABEL[kind]}
          {comp && <span className="title-comp mono">{comp}</span>}
        </h1>
        <div className="header-spacer" />
        {nav.pos >= 0 && nav.total > 1 && (
          <div className="run-nav" data-testid="run-nav">
            <Link to={nav.prevHref ?? '#'} className={`btn btn-sm${nav.prevHref ? '' : ' disabled'}`} aria-disabled={!nav.prevHref} title="Previous run (k)">
              <Icon name="chevronLeft" size={12} /> <kbd className="kbd">k</kbd>
            </Link>
            <span className="muted small">
              {formatCount(nav.pos + 1)} / {formatCount(nav.total)}
            </span>
            <Link to={nav.nextHref ?? '#'} className={`btn btn-sm${nav.nextHref ? '' : ' disabled'}`} aria-disabled={!nav.nextHref} title="Next run (j)">
              <kbd className="kbd">j</kbd> <Icon name="chevronRight" size={12} />
            </Link>
          </div>
        )}
      </div>
      <dl className="meta-grid">
        <div>
          <dt>Run</dt>
          <dd>
            <IdChip id={run.run_id} label="run id" />
          </dd>
        </div>
        <div>
          <dt>Session</dt>
          <dd>
            <IdChip id={sessionId} label="session id" />
          </dd>
        </div>
        <div>
          <dt>{kind === 'team' ? 'Team' : kind === 'workflow' ? 'Workflow' : 'Agent'}</dt>
          <dd>{comp ? <IdChip id={comp} label={`${kind} id`} /> : <span className="muted">—</span>}</dd>
        </div>
        {run.parent_run_id && (
          <div>
            <dt>Parent run</dt>
            <dd>
              <Link to={runHref(sessionId, run.parent_run_id, type, loc)} className="mono">
                {shortId(run.parent_run_id)}
              </Link>
            </dd>
          </div>
        )}
        <div>
          <dt>User</dt>
          <dd className="mono">{typeof user === 'string' && user ? user : <span className="muted">—</span>}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd title={formatRelative(run.created_at)}>{formatDateTime(run.created_at)}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd data-testid="run-duration">{formatDuration(durationOf(run.metrics))}</dd>
        </div>
        <div>
          <dt>Tokens</dt>
          <dd data-testid="run-tokens">
            {formatCount(t.total)}
            {(t.input !== null || t.output !== null) && (
              <span className="muted small">
                {' '}
                ({formatCompact(t.input)} in · {formatCompact(t.output)} out)
              </span>
            )}
          </dd>
        </div>
        {model && (
          <div>
            <dt>Model</dt>
            <dd className="mono">{model}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}

function inputMediaOf(run: AnyRun): MediaSet {
  const im = (run as { input_media?: InputMedia | null }).input_media;
  return {
    images: asMediaList(im?.images),
    audio: asMediaList(im?.audios),
    videos: asMediaList(im?.videos),
    files: asMediaList(im?.files),
  };
}

function outputMediaOf(run: AnyRun): MediaSet {
  return {
    images: asMediaList(run.images),
    audio: [...asMediaList(run.audio), ...(run.response_audio && typeof run.response_audio === 'object' ? [run.response_audio] : [])],
    videos: asMediaList(run.videos),
    files: asMediaList(run.files),
  };
}

function InputOutput({ run }: { run: AnyRun }) {
  const inMedia = inputMediaOf(run);
  const outMedia = outputMediaOf(run);
  const input = typeof run.run_input === 'string' ? run.run_input : run.run_input == null ? '' : safeStringify(run.run_input, 2);
  return (
    <div className="io-grid">
      <Section title="Input" className="io-card" actions={input ? <CopyButton text={input} label="Copy input" icon /> : undefined}>
        {input ? (
          <Clamp long={input.length > 900 || input.split('\n').length > 12} lines={10}>
            <div className="text-pre input-text" data-testid="run-input">
              {input}
            </div>
          </Clamp>
        ) : (
          <div className="muted small">No input recorded.</div>
        )}
        {mediaCount(inMedia) > 0 && <MediaGallery media={inMedia} />}
      </Section>
      <Section
        title="Output"
        className="io-card"
        actions={
          run.content !== null && run.content !== undefined ? (
            <CopyButton text={typeof run.content === 'string' ? run.content : safeStringify(run.content, 2)} label="Copy output" icon />
          ) : undefined
        }
      >
        <Clamp long={typeof run.content === 'string' && (run.content.length > 1400 || run.content.split('\n').length > 16)} lines={14}>
          <OutputView run={run} />
        </Clamp>
        {mediaCount(outMedia) > 0 && <MediaGallery media={outMedia} />}
      </Section>
    </div>
  );
}

function RunTabs({
  run,
  sessionRuns,
  tab,
  setTab,
  hrefOf,
}: {
  run: AnyRun;
  sessionRuns: AnyRun[] | undefined;
  tab: string | null;
  setTab: (t: string) => void;
  hrefOf: (runId: string) => string;
}) {
  const workflow = isWorkflowRun(run) ? run : null;
  const team = isTeamRun(run) ? run : null;
  const messages = (run as { messages?: AgnoMessage[] | null }).messages;
  const tools = (run as { tools?: unknown[] | null }).tools;
  const events = Array.isArray(run.events) ? run.events : [];
  const memberCount = team
    ? (sessionRuns ?? []).filter((r) => r.parent_run_id === run.run_id).length || memberResponses(team).length
    : 0;
  const hasReasoning =
    (Array.isArray(run.reasoning_steps) && run.reasoning_steps.length > 0) ||
    (typeof run.reasoning_content === 'string' && run.reasoning_content.length > 0) ||
    (Array.isArray(run.reasoning_messages) && run.reasoning_messages.length > 0);
  const refCount = (Array.isArray(run.references) ? run.references.length : 0) + (run.citations ? 1 : 0);
  const stepCount = workflow ? (workflow.step_results?.length ?? 0) || (workflow.step_executor_runs?.length ?? 0) : 0;

  const tabs: TabDef[] = [
    { id: 'steps', label: 'Steps', count: stepCount, hidden: !workflow },
    { id: 'conversation', label: 'Conversation', count: Array.isArray(messages) ? messages.length : 0, hidden: !!workflow },
    { id: 'members', label: 'Members', count: memberCount, hidden: !team },
    { id: 'tools', label: 'Tools', count: Array.isArray(tools) ? tools.length : 0, hidden: !!workflow },
    { id: 'events', label: 'Events', count: events.length },
    { id: 'reasoning', label: 'Reasoning', hidden: !hasReasoning },
    { id: 'references', label: 'References', count: refCount, hidden: refCount === 0 },
    { id: 'state', label: 'State', hidden: isEmptyObject((run as { session_state?: unknown }).session_state) },
    { id: 'raw', label: 'Raw JSON' },
  ];
  const visible = tabs.filter((t) => !t.hidden);
  const current = visible.find((t) => t.id === tab)?.id ?? visible[0]!.id;

  return (
    <section className="card tabs-card">
      <Tabs tabs={tabs} value={current} onChange={setTab} />
      <div className="tab-panel" data-tab-panel={current}>
        {current === 'conversation' && <Conversation messages={messages} />}
        {current === 'steps' && workflow && <WorkflowSteps run={workflow} />}
        {current === 'members' && team && <TeamMembers run={team} sessionRuns={sessionRuns} hrefOf={hrefOf} />}
        {current === 'tools' && (
          <ToolsList
            tools={tools as never}
            childHref={(id) => ((sessionRuns ?? []).some((r) => r.run_id === id) ? hrefOf(id) : null)}
          />
        )}
        {current === 'events' && <EventsTimeline events={events} />}
        {current === 'reasoning' && <ReasoningView run={run} />}
        {current === 'references' && <ReferencesView run={run} />}
        {current === 'state' && <JsonView value={(run as { session_state?: unknown }).session_state} />}
        {current === 'raw' && <RawJson run={run} />}
      </div>
    </section>
  );
}

function RawJson({ run }: { run: AnyRun }) {
  const text = useMemo(() => safeStringify(run, 2), [run]);
  const [wrap, setWrap] = useState(false);
  return (
    <div className="raw-json" data-testid="raw-json">
      <div className="raw-bar">
        <span className="muted small">{formatCount(text.length)} characters · as returned by GET /sessions/…/runs/{shortId(run.run_id)}</span>
        <span className="raw-actions">
          <button type="button" className="btn btn-sm" onClick={() => setWrap(!wrap)}>
            {wrap ? 'No wrap' : 'Wrap'}
          </button>
          <button type="button" className="btn btn-sm" onClick={() => downloadText(`run-${run.run_id}.json`, text)}>
            Download
          </button>
          <CopyButton text={text} label="Copy JSON" icon />
        </span>
      </div>
      <JsonView value={text} copy={false} className={wrap ? 'wrap' : ''} maxHeight="75vh" />
    </div>
  );
}

function RunDetails({ run }: { run: AnyRun }) {
  const rows: [string, unknown][] = [
    ['Response format', (run as { run_response_format?: unknown }).run_response_format],
    ['Content type', (run as { content_type?: unknown }).content_type],
    ['Status', run.status],
  ];
  const shown = rows.filter(([, v]) => typeof v === 'string' && v);
  const messages = (run as { messages?: unknown }).messages;
  return (
    <Section title="Details">
      <dl className="kv">
        {shown.map(([k, v]) => (
          <div key={k} className="kv-row">
            <dt>{k}</dt>
            <dd className="mono">{String(v)}</dd>
          </div>
        ))}
        {Array.isArray(messages) && (
          <div className="kv-row">
            <dt>Messages</dt>
            <dd>{formatCount(messages.length)}</dd>
          </div>
        )}
      </dl>
      {!isEmptyObject((run as { session_state?: unknown }).session_state) ? (
        <Collapsible title="Session state at end of run">
          <JsonView value={(run as { session_state?: unknown }).session_state} maxHeight={300} />
        </Collapsible>
      ) : null}
    </Section>
  );
}

function isEmptyObject(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'object' && Object.keys(v as object).length === 0);
}
