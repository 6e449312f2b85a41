import { Router, type RequestHandler } from 'express';
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { NotImplementedLocallyError } from '../../errors.js';
import { expressPath } from '../../http/route-express.js';
import { routeKey, templateParams, type RouteMethod } from '../../http/route.js';

/**
 * The platform's routes that rundesk does not answer itself — derived from AgentOS 2.9's and 3's
 * published OpenAPI documents (kept as fixtures in `test/compat/recordings/`), minus every route
 * rundesk serves — and the one handler they share: a 501 `NOT_IMPLEMENTED_LOCALLY` that names
 * the setting forwarding them to the developer's own AgentOS, never a `404 No route`.
 *
 * The gateway (`server/api/upstream/forwarded-routes.ts`) serves this list after the JWT layer:
 * with `upstream.url` set it forwards each route to the developer's AgentOS, else it answers
 * `notAnsweredLocally(route)`. So a request is authenticated and its scopes checked (with the
 * platform's default scopes below) before it is answered or forwarded. `unansweredRouter` is the
 * same list answered by a handler factory alone (no gateway).
 * `unanswered-routes.test.ts` fails when either document has a route that is neither here nor
 * served.
 */

export interface UnansweredRoute {
  readonly method: RouteMethod;
  /** OpenAPI path template, as the platform's document spells it. */
  readonly path: string;
  /**
   * The platform's default scopes for it (the first of its default mappings that matches, as
   * AgentOS 3 orders them); `[]` where none matches: any authenticated caller passes, as there.
   */
  readonly scopes: readonly string[];
  /** Which platform versions publish it. */
  readonly in: ReadonlyArray<'2.9' | '3'>;
}

const both = ['2.9', '3'] as const;
const v3 = ['3'] as const;

export const UNANSWERED_ROUTES: readonly UnansweredRoute[] = Object.freeze([
  { method: 'get', path: '/agents/{agent_id}/runs', scopes: ['agents:read'], in: both },
  { method: 'get', path: '/agents/{agent_id}/runs/{run_id}', scopes: ['agents:read'], in: both },
  { method: 'get', path: '/agents/{agent_id}/runs/{run_id}/checkpoints', scopes: ['agents:read'], in: both },
  { method: 'get', path: '/agents/{agent_id}/runs/{run_id}/checkpoints/{message_index}', scopes: ['agents:read'], in: both },
  { method: 'post', path: '/agents/{agent_id}/runs/{run_id}/resume', scopes: [], in: both },
  { method: 'post', path: '/agents/{agent_id}/sessions/{session_id}/fork', scopes: [], in: both },
  { method: 'get', path: '/approvals', scopes: ['approvals:read'], in: both },
  { method: 'get', path: '/approvals/count', scopes: ['approvals:read'], in: both },
  { method: 'delete', path: '/approvals/{approval_id}', scopes: ['approvals:delete'], in: both },
  { method: 'get', path: '/approvals/{approval_id}', scopes: ['approvals:read'], in: both },
  { method: 'post', path: '/approvals/{approval_id}/resolve', scopes: ['approvals:write'], in: both },
  { method: 'get', path: '/approvals/{approval_id}/status', scopes: ['approvals:read'], in: both },
  { method: 'get', path: '/components', scopes: ['components:read'], in: both },
  { method: 'post', path: '/components', scopes: ['components:write'], in: both },
  { method: 'delete', path: '/components/{component_id}', scopes: ['components:delete'], in: both },
  { method: 'get', path: '/components/{component_id}', scopes: ['components:read'], in: both },
  { method: 'patch', path: '/components/{component_id}', scopes: ['components:write'], in: both },
  { method: 'get', path: '/components/{component_id}/configs', scopes: ['components:read'], in: both },
  { method: 'post', path: '/components/{component_id}/configs', scopes: ['components:write'], in: both },
  { method: 'get', path: '/components/{component_id}/configs/current', scopes: ['components:read'], in: both },
  { method: 'delete', path: '/components/{component_id}/configs/{version}', scopes: ['components:delete'], in: both },
  { method: 'get', path: '/components/{component_id}/configs/{version}', scopes: ['components:read'], in: both },
  { method: 'patch', path: '/components/{component_id}/configs/{version}', scopes: ['components:write'], in: both },
  { method: 'post', path: '/components/{component_id}/configs/{version}/set-current', scopes: ['components:write'], in: both },
  { method: 'post', path: '/components/{component_id}/restore', scopes: ['components:delete'], in: v3 },
  { method: 'post', path: '/databases/all/migrate', scopes: ['config:write'], in: both },
  { method: 'post', path: '/databases/{db_id}/migrate', scopes: ['config:write'], in: both },
  { method: 'post', path: '/eval-runs', scopes: ['evals:write'], in: both },
  { method: 'delete', path: '/knowledge/content', scopes: ['knowledge:delete'], in: both },
  { method: 'post', path: '/knowledge/content', scopes: ['knowledge:write'], in: both },
  { method: 'delete', path: '/knowledge/content/{content_id}', scopes: ['knowledge:delete'], in: both },
  { method: 'patch', path: '/knowledge/content/{content_id}', scopes: ['knowledge:write'], in: both },
  { method: 'post', path: '/knowledge/remote-content', scopes: ['knowledge:write'], in: both },
  { method: 'post', path: '/knowledge/search', scopes: ['knowledge:read'], in: both },
  { method: 'get', path: '/knowledge/{knowledge_id}/sources', scopes: ['knowledge:read'], in: both },
  { method: 'get', path: '/knowledge/{knowledge_id}/sources/{source_id}/files', scopes: ['knowledge:read'], in: both },
  { method: 'get', path: '/learnings', scopes: ['learnings:read'], in: both },
  { method: 'post', path: '/learnings', scopes: ['learnings:write'], in: both },
  { method: 'get', path: '/learnings/users', scopes: ['learnings:read'], in: both },
  { method: 'delete', path: '/learnings/users/{user_id}', scopes: ['learnings:delete'], in: both },
  { method: 'delete', path: '/learnings/{learning_id}', scopes: ['learnings:delete'], in: both },
  { method: 'get', path: '/learnings/{learning_id}', scopes: ['learnings:read'], in: both },
  { method: 'patch', path: '/learnings/{learning_id}', scopes: ['learnings:write'], in: both },
  { method: 'post', path: '/optimize-memories', scopes: ['memories:write'], in: both },
  { method: 'delete', path: '/queue', scopes: [], in: v3 },
  { method: 'get', path: '/queue', scopes: [], in: v3 },
  { method: 'patch', path: '/queue', scopes: [], in: v3 },
  { method: 'post', path: '/queue', scopes: [], in: v3 },
  { method: 'put', path: '/queue', scopes: [], in: v3 },
  { method: 'get', path: '/registry', scopes: ['registry:read'], in: both },
  { method: 'get', path: '/schedules', scopes: ['schedules:read'], in: both },
  { method: 'post', path: '/schedules', scopes: ['schedules:write'], in: both },
  { method: 'delete', path: '/schedules/{schedule_id}', scopes: ['schedules:delete'], in: both },
  { method: 'get', path: '/schedules/{schedule_id}', scopes: ['schedules:read'], in: both },
  { method: 'patch', path: '/schedules/{schedule_id}', scopes: ['schedules:write'], in: both },
  { method: 'post', path: '/schedules/{schedule_id}/disable', scopes: ['schedules:write'], in: both },
  { method: 'post', path: '/schedules/{schedule_id}/enable', scopes: ['schedules:write'], in: both },
  { method: 'get', path: '/schedules/{schedule_id}/runs', scopes: ['schedules:read'], in: both },
  { method: 'get', path: '/schedules/{schedule_id}/runs/{run_id}', scopes: ['schedules:read'], in: both },
  { method: 'post', path: '/schedules/{schedule_id}/trigger', scopes: ['schedules:write'], in: both },
  { method: 'get', path: '/service-accounts', scopes: ['service_accounts:read'], in: both },
  { method: 'post', path: '/service-accounts', scopes: ['service_accounts:write'], in: both },
  { method: 'delete', path: '/service-accounts/{service_account_id}', scopes: ['service_accounts:delete'], in: both },
  { method: 'get', path: '/sessions/{session_id}/media/{storage_key}', scopes: ['sessions:read'], in: v3 },
  { method: 'get', path: '/teams/{team_id}/runs', scopes: ['teams:read'], in: both },
  { method: 'get', path: '/teams/{team_id}/runs/{run_id}', scopes: ['teams:read'], in: both },
  { method: 'get', path: '/teams/{team_id}/runs/{run_id}/checkpoints', scopes: ['teams:read'], in: both },
  { method: 'get', path: '/teams/{team_id}/runs/{run_id}/checkpoints/{message_index}', scopes: ['teams:read'], in: both },
  { method: 'post', path: '/teams/{team_id}/runs/{run_id}/resume', scopes: [], in: both },
  { method: 'post', path: '/teams/{team_id}/sessions/{session_id}/fork', scopes: [], in: both },
  { method: 'get', path: '/workflows/{workflow_id}/runs', scopes: ['workflows:read'], in: both },
  { method: 'get', path: '/workflows/{workflow_id}/runs/{run_id}', scopes: ['workflows:read'], in: both },
  { method: 'post', path: '/workflows/{workflow_id}/runs/{run_id}/resume', scopes: [], in: both },
] satisfies UnansweredRoute[]);

/** What answers a route on the platform, by its first path segment, for the 501's detail. */
const ANSWERED_THERE: Record<string, string> = {
  agents: 'it runs the agents defined in its code',
  teams: 'it runs the teams defined in its code',
  workflows: 'it runs the workflows defined in its code',
  approvals: 'approvals pause and resume the runs it executes',
  components: 'components and their configs live in its registry',
  registry: 'the registry is its code',
  databases: "migrations run Agno's own migration code",
  'eval-runs': 'running an eval executes the agent or team',
  knowledge: "uploads, search and sources need the knowledge base's readers and vector database",
  learnings: 'learnings are kept by its agents',
  'optimize-memories': 'optimizing memories asks a model',
  queue: 'the run queue is its own',
  schedules: 'its scheduler runs them',
  'service-accounts': 'service accounts are its own credentials',
  sessions: 'media is kept in its media storage',
};

/** The 501 of a route rundesk leaves to the developer's AgentOS, naming what answers it and the setting. */
export function notAnsweredLocally(route: Pick<UnansweredRoute, 'method' | 'path'>): NotImplementedLocallyError {
  const key = routeKey(route);
  const why = ANSWERED_THERE[route.path.split('/')[1] ?? ''] ?? 'it is performed by AgentOS itself';
  return new NotImplementedLocallyError(
    key,
    `rundesk does not answer ${key} itself; your own AgentOS does (${why}): set upstream.url to your AgentOS to forward this route`,
  );
}

/** The handler of one unanswered route: by default the 501 above. */
export type UnansweredHandlerFactory = (route: UnansweredRoute) => RequestHandler;

export const answerNotImplementedLocally: UnansweredHandlerFactory = (route) => {
  const error = notAnsweredLocally(route);
  return (_req, _res, next) => next(error);
};

/**
 * The Express router of the unanswered routes, each answered by `handlerFor(route)`. Mount it
 * after the JWT layer and after every served route (a served route of the same shape wins).
 *
 * @example
 * app.use(authMiddleware(() => runtime.auth()));
 * app.use(routerOf(PLATFORM_ROUTES, runtime, 'jwt'));
 * app.use(unansweredRouter(UNANSWERED_ROUTES, answerNotImplementedLocally));
 */
export function unansweredRouter(routes: readonly UnansweredRoute[] = UNANSWERED_ROUTES, handlerFor: UnansweredHandlerFactory = answerNotImplementedLocally): Router {
  const router = Router();
  for (const route of routes) router[route.method](expressPath(route.path), handlerFor(route));
  return router;
}

/** The unanswered routes' rows of the default scope table (routes the platform maps to no scope have none). */
export function unansweredScopeRows(routes: readonly UnansweredRoute[] = UNANSWERED_ROUTES): Array<{ key: string; scopes: readonly string[] }> {
  return routes.filter((r) => r.scopes.length > 0).map((r) => ({ key: routeKey(r), scopes: r.scopes }));
}

/** The same rows as a table (`METHOD /path` → scopes), for readers that want the unserved platform routes' scopes. */
export const UNSERVED_PLATFORM_SCOPE_MAPPINGS: Readonly<Record<string, readonly string[]>> = Object.freeze(
  Object.fromEntries(unansweredScopeRows().map((r) => [r.key, r.scopes])),
);

/** Describes each unanswered route in `/openapi.json`: its path parameters and the 501 it answers. */
export function registerUnansweredRoutes(registry: OpenAPIRegistry, routes: readonly UnansweredRoute[] = UNANSWERED_ROUTES): void {
  for (const route of routes) {
    const names = templateParams(route.path);
    registry.registerPath({
      method: route.method,
      path: route.path,
      operationId: `unanswered_${route.method}_${route.path.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '')}`,
      tags: ['Answered by your AgentOS'],
      summary: `The platform's route, answered by your own AgentOS (set upstream.url to forward it)`,
      description: `${notAnsweredLocally(route).message}.${route.scopes.length > 0 ? ` Default scopes: ${route.scopes.join(', ')}.` : ''}`,
      ...(names.length > 0 ? { request: { params: z.object(Object.fromEntries(names.map((n) => [n, z.string()]))) } } : {}),
      security: [{ bearerAuth: [] }],
      responses: {
        501: {
          description: 'Not answered by rundesk (`NOT_IMPLEMENTED_LOCALLY`): set upstream.url to your AgentOS to forward this route',
          content: {
            'application/json': {
              schema: z.object({ detail: z.string(), error_code: z.literal('NOT_IMPLEMENTED_LOCALLY'), route: z.string() }),
            },
          },
        },
      },
    });
  }
}
