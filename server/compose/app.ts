import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { uiGuard } from '../http/desk-guard.js';
import { deskRouter } from '../api/desk/router.js';
import { authMiddleware } from '../http/auth-middleware.js';
import { corsMiddleware } from '../http/cors.js';
import { errorMiddleware, notFoundHandler } from '../http/error-middleware.js';
import { hostGuard } from '../http/host-guard.js';
import { routerOf } from '../http/route-express.js';
import { docsAssetsRouter, docsPagesRouter } from '../api/platform/docs.js';
import { PLATFORM_ROUTES } from '../api/platform/platform-routes.js';
import { uiRouter } from '../api/platform/ui.js';
import { forwardedRoutes, forwardingRouter } from '../api/upstream/forwarded-routes.js';
import type { Gateway } from '../api/upstream/gateway.js';
import { gatewayDeskRoutes } from '../api/upstream/desk-routes.js';
import { DESK_ROUTES } from '../api/desk/desk-routes.js';
import { setSecurityHeaders } from '../http/security-headers.js';
import type { Runtime } from '../runtime/runtime-types.js';
import { openApiDocument } from './openapi-document.js';
import { TimedResponse } from '../http/timed-response.js';

export interface AppOptions {
  log: Logger;
  /** The bound address, known after listen; the Host check compares against it. */
  address: () => { host: string; port: number };
  /** Folder of the built renderer (`dist/renderer`). */
  uiDir: string;
  /** The gateway to the developer's AgentOS (`upstream.url`). */
  gateway: Gateway;
}

/**
 * The whole HTTP surface, mounted over the shared HTTP kit (`server/http/`); the access log and
 * the quick path sit in front of it (request-listener.ts). Order matters: the Host check guards
 * everything; `/desk` (which holds the desk view) and `/ui` have their own credential and sit
 * outside the configurable JWT layer; every platform route, including `/health` and the docs
 * pages, goes through the JWT layer, whose excluded paths decide what is open.
 */
export function createApp(runtime: Runtime, opts: AppOptions): Express {
  const app = express();
  // Express gives each response its app's prototype (Express's methods over Node's
  // ServerResponse), which hid the server's TimedResponse: a request Express answered had no time
  // to first byte on the requests page. This app's Express methods sit over TimedResponse instead
  // (a copy of them: Express's own prototype object is shared by every app in the process).
  const expressMethods = Object.getOwnPropertyDescriptors(Object.getPrototypeOf(app.response) as object);
  Object.setPrototypeOf(app.response, Object.create(TimedResponse.prototype, expressMethods) as object);
  app.disable('x-powered-by');
  app.set('etag', false);

  app.use(hostGuard(opts.address));
  app.use(corsMiddleware(() => runtime.settings().settings.cors_allowed_origins));
  app.use((_req, res, next) => {
    setSecurityHeaders(res);
    next();
  });

  app.use('/desk', deskRouter(runtime, [...DESK_ROUTES, ...gatewayDeskRoutes(() => opts.gateway)]));
  app.use('/ui', uiRouter(uiGuard(runtime), opts.uiDir));
  app.use(docsAssetsRouter());

  app.use(authMiddleware(() => runtime.auth()));
  // Before the route objects: a route rundesk does not perform goes to the upstream (or 501 naming
  // upstream.url): the marked route objects and every route of unanswered-routes.ts, never 404 No route.
  app.use(forwardingRouter(runtime, opts.gateway, forwardedRoutes(PLATFORM_ROUTES)));
  app.use(routerOf(PLATFORM_ROUTES, runtime, 'jwt'));
  app.use(docsPagesRouter(openApiDocument));

  app.use(notFoundHandler);
  app.use(errorMiddleware(opts.log));
  return app;
}
