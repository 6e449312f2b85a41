import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { runQueries, sessionQueries } from '../../api/sessions/queries';
import { parseSessionType, runHref, useDbLocation } from '../../app/location';
import { useActingAs, type Actor } from '../../auth/acting-as';
import { RequestError } from '../errors/AuthExplain';
import { SkeletonRows } from '../../components/ui';
import { useMarkLoaded } from '../../lib/hooks';
import { buildRunTree, flattenRunTree } from '../../lib/runs';
import { useShortcut } from '../../platform/keyboard';
import { MetricsPanel } from './MetricsPanel';
import { neighboursOf, sessionTypeOfNotFound } from './run-nav';
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
  // Siblings for j/k and member runs; not polled here (the run page is about one run).
  const runsQ = useQuery(sessionQueries.runs(actor, sessionId, type, loc));
  useMarkLoaded(!runQ.isPending);

  const order = useMemo(() => flattenRunTree(buildRunTree(runsQ.data ?? [])).map((n) => n.run.run_id), [runsQ.data]);
  const { pos, prevId, nextId } = neighboursOf(order, runId);
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
        nav={{ pos, total: order.length, prevHref: prevId ? runHref(sessionId, prevId, type, loc) : null, nextHref: nextId ? runHref(sessionId, nextId, type, loc) : null }}
      />
      <div className={layoutStyles.twoCol}>
        <div className={layoutStyles.colMain}>
          <RunInputOutput run={run} />
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
