import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { runNeighbourQueries, runQueries } from '../../api/sessions/queries';
import { parseSessionType, runHref, useDbLocation } from '../../lib/location';
import { useActingAs, type Actor } from '../../auth/acting-as';
import { RequestError } from '../errors/AuthExplain';
import { SkeletonRows } from '../../components/ui';
import { traceQueries } from '../../api/observability/queries';
import { useLocateRun } from './use-locate-run';
import { useMarkLoaded } from '../../lib/hooks';
import { toDate } from '../../lib/format';
import { isTeamRun, runKind } from '../../lib/runs';
import { useShortcut } from '../../platform/keyboard';
import { revealElement } from '../../platform/browser';
import { MetricsPanel } from './MetricsPanel';
import { navAround, relatedRuns } from './run-nav';
import { RunDetails } from './RunDetails';
import { RunBreadcrumbs, RunHeader } from './RunHeader';
import { RunInputOutput } from './RunInputOutput';
import { RunTabs } from './RunTabs';
import { RunTrace } from '../traces/RunTrace';
import { Card } from '../../components/Card';
import pageStyles from '../../components/Page.module.css';
import layoutStyles from '../../components/layout.module.css';

export function RunPage() {
  // The desk view or the acting-as token's lens: there is always a reader, so no page waits on a token.
  const { actor } = useActingAs();
  return <RunView actor={actor} />;
}

function RunView({ actor }: { actor: Actor }) {
  const { sessionId = '', runId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const type = parseSessionType(params.get('type'));
  const loc = useDbLocation();
  const navigate = useNavigate();

  // A link without `?db=`: find the database that holds the run and go there (below).
  const located = useLocateRun(actor, sessionId, runId, type, !loc.db);
  // No database holds it (or it cannot be told): read it as before, so its 404 explains itself.
  const direct = !!loc.db || located.db === null;
  const runQ = useQuery({ ...runQueries.detail(actor, sessionId, runId, type, loc), enabled: direct });
  // The run's trace is asked for with the run, not after it: the waterfall is the first screen.
  const traceQ = useQuery({ ...traceQueries.ofRun(actor, runId, loc), enabled: direct });
  useQuery({ ...traceQueries.detail(actor, traceQ.data?.trace_id ?? '', loc), enabled: direct && !!traceQ.data });
  // The runs around this one (j/k, the position), never the session's whole list.
  const aroundQ = useQuery({ ...runNeighbourQueries.around(actor, sessionId, runId, type, loc), enabled: direct });
  // A team run's members, in full (the Members tab and the trace's member spans read them).
  const teamRunId = runQ.data && isTeamRun(runQ.data) ? runQ.data.run_id : '';
  const childrenQ = useQuery({ ...runNeighbourQueries.children(actor, sessionId, teamRunId, type, loc), enabled: teamRunId !== '' });
  useMarkLoaded(direct && !runQ.isPending);

  const { pos, total, prevId, nextId } = useMemo(() => navAround(aroundQ.data, runId), [aroundQ.data, runId]);
  const nearby = useMemo(() => relatedRuns(childrenQ.data, aroundQ.data?.runs), [childrenQ.data, aroundQ.data]);
  const tab = params.get('tab');
  const go = (id: string | undefined) => id && navigate(runHref(sessionId, id, type, loc, tab ?? undefined));
  useShortcut('j', () => go(nextId));
  useShortcut('k', () => go(prevId));

  if (!loc.db && located.db) {
    const next = new URLSearchParams(params);
    next.set('db', located.db);
    return <Navigate replace to={`/sessions/${encodeURIComponent(sessionId)}/runs/${encodeURIComponent(runId)}?${next.toString()}`} />;
  }
  if (!direct) {
    return (
      <div className={pageStyles.page} data-testid="run-locating">
        <RunBreadcrumbs loc={loc} sessionId={sessionId} type={type} runId={runId} />
        <SkeletonRows rows={10} />
      </div>
    );
  }

  // The run endpoint finds a run whatever `type` says (as AgentOS) and shapes it by its own kind: a
  // team or workflow run reached by a URL without that type follows it, so the session's other
  // runs are listed by the session's type. (A member run is an agent run inside a team session:
  // its URL keeps the team type.)
  const ownKind = runQ.data ? runKind(runQ.data) : undefined;
  const hinted = ownKind === 'team' || ownKind === 'workflow' ? ownKind : undefined;
  if (hinted && hinted !== type) {
    return <Navigate replace to={runHref(sessionId, runId, hinted, loc, tab ?? undefined)} />;
  }
  if (runQ.isError) {
    return (
      <div className={pageStyles.page}>
        <RunBreadcrumbs loc={loc} sessionId={sessionId} type={type} runId={runId} />
        <RequestError error={runQ.error} retry={() => void runQ.refetch()} />
      </div>
    );
  }
  if (!runQ.data) {
    return (
      <div className={pageStyles.page}>
        <RunBreadcrumbs loc={loc} sessionId={sessionId} type={type} runId={runId} />
        <SkeletonRows rows={10} />
      </div>
    );
  }

  const run = runQ.data;
  return (
    <div className={pageStyles.page} data-testid="run-page" data-run-id={run.run_id}>
      <RunBreadcrumbs loc={loc} sessionId={sessionId} type={type} runId={runId} />
      <RunHeader
        run={run}
        sessionId={sessionId}
        type={type}
        loc={loc}
        nav={{ pos, total, prevHref: prevId ? runHref(sessionId, prevId, type, loc) : null, nextHref: nextId ? runHref(sessionId, nextId, type, loc) : null }}
      />
      <RunTrace run={run} nearbyRuns={nearby} maxHeight="min(60vh, 720px)" />
      <div className={layoutStyles.twoCol}>
        <div className={layoutStyles.colMain}>
          <RunInputOutput run={run} />
          <RunTabs
            run={run}
            nearbyRuns={nearby}
            tab={tab}
            setTab={(t) => {
              const next = new URLSearchParams(params);
              next.set('tab', t);
              setParams(next, { replace: true });
            }}
            hrefOf={(id) => runHref(sessionId, id, type, loc)}
            revealTrace={() => revealElement('run-trace', '[role="tree"]')}
          />
        </div>
        <aside className={layoutStyles.colSide}>
          <Card title="Metrics">
            <MetricsPanel metrics={run.metrics} createdAt={toDate(run.created_at)} />
          </Card>
          <RunDetails run={run} />
        </aside>
      </div>
    </div>
  );
}
