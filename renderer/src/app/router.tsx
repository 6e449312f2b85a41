import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, useLocation, useRouteError, type RouteObject } from 'react-router';
import { EmptyState, SkeletonRows } from '../components/ui';
import { RequestError } from '../features/errors/AuthExplain';
import { RunPage } from '../features/runs/RunPage';
import { SessionPage } from '../features/sessions/SessionPage';
import { SessionsPage } from '../features/sessions/SessionsPage';
import { EvalPage } from '../features/evals/EvalPage';
import { EvalsPage } from '../features/evals/EvalsPage';
import { MemoriesPage } from '../features/memories/MemoriesPage';
import { KnowledgePage } from '../features/knowledge/KnowledgePage';
import { ComparePage } from '../features/traces/ComparePage';
import { TracePage } from '../features/traces/TracePage';
import { TracesPage } from '../features/traces/TracesPage';
import { LiveRunPage } from '../features/gateway/LiveRunPage';
import { RequestsPage } from '../features/gateway/RequestsPage';
import { RunComposerPage } from '../features/gateway/RunComposerPage';
import { Shell } from './Shell';
import pageStyles from '../components/Page.module.css';
import textStyles from '../components/text.module.css';

/**
 * The workbench pages (settings, tokens, databases) come from `renderer/src/workbench/routes.tsx`
 * (built alongside). `import.meta.glob` keeps this build working while that module is absent.
 */
const workbenchModules = import.meta.glob<{ workbenchRoutes?: RouteObject[] }>('../workbench/routes.tsx', { eager: true });
const workbenchRoutes: RouteObject[] = Object.values(workbenchModules)[0]?.workbenchRoutes ?? [
  { path: 'settings', element: <Unavailable what="Auth settings" /> },
  { path: 'tokens', element: <Unavailable what="The token workshop" /> },
  { path: 'databases', element: <Unavailable what="Databases" /> },
];

// The charts library is the largest dependency of the UI: it loads with the metrics page only.
const MetricsPage = lazy(() => import('../features/metrics/MetricsPage').then((m) => ({ default: m.MetricsPage })));

function Unavailable({ what }: { what: string }) {
  return (
    <div className={pageStyles.page}>
      <EmptyState icon="gear" title={`${what} is not part of this build`} />
    </div>
  );
}

function NotFound() {
  const location = useLocation();
  return (
    <div className={pageStyles.page}>
      <EmptyState icon="alert" title="No page here">
        <span className={textStyles.mono}>{location.pathname}</span> is not a rundesk page.
      </EmptyState>
    </div>
  );
}

function RouteError() {
  const error = useRouteError();
  return (
    <div className={pageStyles.page}>
      <RequestError error={error} />
    </div>
  );
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Shell />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Navigate to="/sessions" replace /> },
          { path: 'sessions', element: <SessionsPage /> },
          { path: 'sessions/:sessionId', element: <SessionPage /> },
          { path: 'sessions/:sessionId/runs/:runId', element: <RunPage /> },
          { path: 'traces', element: <TracesPage /> },
          { path: 'traces/compare', element: <ComparePage /> },
          { path: 'traces/:traceId', element: <TracePage /> },
          { path: 'requests', element: <RequestsPage /> },
          { path: 'run', element: <RunComposerPage /> },
          { path: 'live/:requestId', element: <LiveRunPage /> },
          { path: 'memories', element: <MemoriesPage /> },
          { path: 'knowledge', element: <KnowledgePage /> },
          { path: 'evals', element: <EvalsPage /> },
          { path: 'evals/:evalId', element: <EvalPage /> },
          {
            path: 'metrics',
            element: (
              <Suspense fallback={<SkeletonRows rows={8} />}>
                <MetricsPage />
              </Suspense>
            ),
          },
          ...workbenchRoutes,
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: '/ui' });
}
