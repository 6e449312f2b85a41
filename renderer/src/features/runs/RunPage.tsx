import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { runNeighbourQueries, runQueries } from '../../api/sessions/queries';
import { parseSessionType, runHref, useDbLocation } from '../../app/location';
import { useActingAs, type Actor } from '../../auth/acting-as';
import { RequestError } from '../errors/AuthExplain';
import { SkeletonRows } from '../../components/ui';
import { useMarkLoaded } from '../../lib/hooks';
import { isTeamRun } from '../../lib/runs';
import { useShortcut } from '../../platform/keyboard';
import { MetricsPanel } from './MetricsPanel';
import { navAround, relatedRuns, sessionTypeOfNotFound } from './run-nav';
import { RunDetails } from './RunDetails';
import { RunBreadcrumbs, RunHeader } from './RunHeader';
import { RunInputOutput } from './RunInputOutput';
import { RunTabs } from './RunTabs';
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

  const runQ = useQuery(runQueries.detail(actor, sessionId, runId, type, loc));
  // The runs around this one (j/k, the position), never the session's whole list.
  const aroundQ = useQuery(runNeighbourQueries.around(actor, sessionId, runId, type, loc));
  // A team run's members, in full (the Members tab and the trace's member spans read them).
  const teamRunId = runQ.data && isTeamRun(runQ.data) ? runQ.data.run_id : '';
  const childrenQ = useQuery({ ...runNeighbourQueries.children(actor, sessionId, teamRunId, type, loc), enabled: teamRunId !== '' });
  useMarkLoaded(!runQ.isPending);

  const { pos, total, prevId, nextId } = useMemo(() => navAround(aroundQ.data, runId), [aroundQ.data, runId]);
  const nearby = useMemo(() => relatedRuns(childrenQ.data, aroundQ.data?.runs), [childrenQ.data, aroundQ.data]);
  const tab = params.get('tab');
  const go = (id: string | undefined) => id && navigate(runHref(sessionId, id, type, loc, tab ?? undefined));
  useShortcut('j', () => go(nextId));
  useShortcut('k', () => go(prevId));

  // A run URL without the right `type` gets a NOT_FOUND naming the session's type: follow it.
  const hinted = runQ.isError && isApiError(runQ.error) && runQ.error.isNotFound ? sessionTypeOfNotFound(runQ.error.body) : undefined;
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
          />
        </div>
        <aside className={layoutStyles.colSide}>
          <Card title="Metrics">
            <MetricsPanel metrics={run.metrics} />
          </Card>
          <RunDetails run={run} />
        </aside>
      </div>
    </div>
  );
}
