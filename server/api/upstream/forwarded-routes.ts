import { Router, type Request, type RequestHandler } from 'express';
import { notAnsweredLocally, UNANSWERED_ROUTES } from './unanswered-routes.js';
import { expressPath } from '../../http/route-express.js';
import { routeKey, type Route, type RouteMethod } from '../../http/route.js';
import type { Runtime } from '../../runtime/runtime-types.js';
import type { ForwardTap } from './forwarder.js';
import type { Gateway } from './gateway.js';
import { runRequestOf } from './live-runs.js';
import { upstreamNotSet, upstreamTarget } from './not-set.js';

/** A platform route rundesk leaves to the upstream: `POST /agents/{agent_id}/runs`. */
export interface ForwardedRoute {
  method: RouteMethod;
  path: string;
  /** The 501 while `upstream.url` is not set (default: `upstreamNotSet`). */
  notSet?: () => Error;
}

/**
 * The platform routes rundesk does not perform: route objects marked `upstream` (runs, cancel,
 * continue) and every platform route rundesk does not serve at all (`UNANSWERED_ROUTES`, from the
 * platform's published OpenAPI documents: knowledge search and uploads, schedules, approvals…),
 * whose 501 is `NOT_IMPLEMENTED_LOCALLY`. Derived, so a route rundesk starts serving leaves this
 * list by itself.
 */
export function forwardedRoutes(routes: readonly Route[]): ForwardedRoute[] {
  const marked = routes.filter((r) => r.upstream).map((r) => ({ method: r.method, path: r.path }));
  const served = new Set(routes.filter((r) => !r.upstream).map(routeKey));
  const unanswered = UNANSWERED_ROUTES.filter((r) => !served.has(routeKey(r))).map((r) => ({
    method: r.method,
    path: r.path,
    notSet: () => notAnsweredLocally(r),
  }));
  return [...marked, ...unanswered];
}

/**
 * The Express router that forwards `routes` to `upstream.url` (read per request, so a settings
 * change applies to the next request), or answers 501 naming `upstream.url` when it is not set.
 * Mounted after the JWT layer: what reaches it was authenticated and allowed by rundesk, and a
 * request rundesk refused never gets here, so it never reaches the agent.
 */
export function forwardingRouter(runtime: Runtime, gateway: Gateway, routes: readonly ForwardedRoute[]): Router {
  const { forwarder, requests, liveRuns } = gateway;
  // A run request is read as it passes (the requests page names its run; the live run view shows it).
  const tapOf = (req: Request): ForwardTap | undefined => {
    const what = runRequestOf(req.method, req.path);
    const id = requests.idOf(req);
    if (!what || id === null) return undefined;
    return liveRuns.tap(id, what, (run) => requests.producedRun(req, run));
  };
  const router = Router();
  for (const route of routes) {
    const key = routeKey(route);
    const handler: RequestHandler = (req, res, next) => {
      const target = upstreamTarget(runtime.settings().settings.upstream);
      if (target === null) {
        next(route.notSet ? route.notSet() : upstreamNotSet(key));
        return;
      }
      requests.forwarded(req);
      const id = requests.idOf(req);
      // Lets a client (the UI's message box) find its run on the requests page and the live view.
      if (id !== null) res.setHeader('X-Rundesk-Request-Id', String(id));
      forwarder.web(req, res, target, next, tapOf(req));
    };
    router[route.method](expressPath(route.path), handler);
  }
  return router;
}
