import { defaultScopeTable, type ScopeTable } from '../../auth/default-scope-mappings.js';
import { routeKey, type Route } from '../../http/route.js';
import { componentRoutes } from './components.js';
import { metaRoutes } from './meta.js';
import { runSearchRoutes } from '../search/routes.js';
import { sessionRoutes } from '../sessions/routes.js';
import { traceRoutes } from '../traces/routes.js';
import { memoryRoutes } from '../memories/routes.js';
import { evalRoutes } from '../evals/routes.js';
import { metricsRoutes } from '../metrics/routes.js';
import { knowledgeRoutes } from '../knowledge/routes.js';
import { unansweredScopeRows } from '../upstream/unanswered-routes.js';

/**
 * Every platform route, once. The platform API, the desk view, both OpenAPI descriptions and
 * the default scope table are derived from this list; a new route is added here (see the top
 * of `server/http/route.ts`).
 */
export const PLATFORM_ROUTES: readonly Route[] = Object.freeze([
  ...metaRoutes,
  ...sessionRoutes,
  ...runSearchRoutes,
  ...componentRoutes,
  ...traceRoutes,
  ...memoryRoutes,
  ...evalRoutes,
  ...metricsRoutes,
  ...knowledgeRoutes,
]);

/** The routes the desk view serves under `/desk/view`, as the developer. */
export const DESK_VIEW_ROUTES: readonly Route[] = Object.freeze(PLATFORM_ROUTES.filter((r) => r.deskView));

/** The default scope table, from the routes' `scopes` and the platform's routes rundesk leaves to the developer's AgentOS. */
export const DEFAULT_SCOPE_MAPPINGS: ScopeTable = defaultScopeTable([
  ...PLATFORM_ROUTES.flatMap((r) => (r.scopes === 'public' ? [] : [{ key: routeKey(r), scopes: r.scopes }])),
  ...unansweredScopeRows(),
]);
