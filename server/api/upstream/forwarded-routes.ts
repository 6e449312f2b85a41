import { Router, type RequestHandler } from 'express';
import { UNSERVED_PLATFORM_SCOPE_MAPPINGS } from '../../auth/default-scope-mappings.js';
import { expressPath } from '../../http/route-express.js';
import { routeKey, type Route, type RouteMethod } from '../../http/route.js';
import type { Runtime } from '../../runtime-types.js';
import type { Forwarder, ForwardTap } from './forwarder.js';
import { upstreamNotSet, upstreamTarget } from './not-set.js';

/** A platform route rundesk leaves to the upstream: `POST /agents/{agent_id}/runs`. */
export interface ForwardedRoute {
  method: RouteMethod;
  path: string;
}

/**
 * The platform routes rundesk does not perform: route objects marked `upstream` (runs, cancel,
 * continue) and the platform's routes rundesk does not serve at all (its scope table's unserved
 * rows: memory, knowledge and eval writes…). Derived, so a route rundesk starts serving leaves
 * this list by itself.
 */
export function forwardedRoutes(routes: readonly Route[]): ForwardedRoute[] {
  const marked = routes.filter((r) => r.upstream).map((r) => ({ method: r.method, path: r.path }));
  const unserved = Object.keys(UNSERVED_PLATFORM_SCOPE_MAPPINGS).map((key) => {
    const [method, path] = key.split(' ') as [string, string];
    return { method: method.toLowerCase() as RouteMethod, path };
  });
  const served = new Set(routes.filter((r) => !r.upstream).map(routeKey));
  return [...marked, ...unserved.filter((r) => !served.has(routeKey(r)))];
}

/**
 * The Express router that forwards `routes` to `upstream.url` (read per request, so a settings
 * change applies to the next request), or answers 501 naming `upstream.url` when it is not set.
 * Mounted after the JWT layer: what reaches it was authenticated and allowed by rundesk, and a
 * request rundesk refused never gets here, so it never reaches the agent.
 */
export function forwardingRouter(runtime: Runtime, forwarder: Forwarder, routes: readonly ForwardedRoute[], tapOf?: (req: Parameters<RequestHandler>[0]) => ForwardTap | undefined): Router {
  const router = Router();
  for (const route of routes) {
    const key = routeKey(route);
    const handler: RequestHandler = (req, res, next) => {
      const target = upstreamTarget(runtime.settings().settings.upstream);
      if (target === null) {
        next(upstreamNotSet(key));
        return;
      }
      forwarder.web(req, res, target, next, tapOf?.(req));
    };
    router[route.method](expressPath(route.path), handler);
  }
  return router;
}
