import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { RequestAuthState } from '../auth/types.js';
import type { Runtime } from '../runtime-types.js';
import { accessScopeOf } from '../sessions/access-scope.js';
import { authStateOf } from './auth-middleware.js';
import { jsonBody } from './json-body.js';
import type { Route, RouteAnswer, RouteContext } from './route.js';
import { parseInput } from './validate.js';

/**
 * Who the caller is on this surface: the JWT layer's state (the platform API), or the developer
 * reading every row (the desk view, behind the desk credential).
 */
export type RouteAccess = 'jwt' | 'developer';

/** `/sessions/{session_id}` → `/sessions/:session_id`. */
export function expressPath(template: string): string {
  return template.replace(/\{([^/}]+)\}/g, ':$1');
}

/** Writes a handler's answer through Express (status, headers and body as `res.json` would). */
export function sendAnswer(res: Response, answer: RouteAnswer): void {
  switch (answer.kind) {
    case 'json':
      res.status(answer.status).json(answer.body);
      return;
    case 'bytes':
      res.status(answer.status).set('Content-Type', answer.contentType).send(answer.body);
      return;
    case 'empty':
      res.status(answer.status).end();
      return;
    case 'redirect':
      res.redirect(answer.status, answer.location);
      return;
  }
}

/** The handler's context for one Express request. */
function contextOf(runtime: Runtime, req: Request, auth: RequestAuthState | null): RouteContext {
  return {
    runtime,
    auth,
    scope: (queryUserId) => accessScopeOf(auth, queryUserId),
    accepts: (types) => req.accepts(types),
  };
}

/** One route object as Express middleware: parse → handler (use case, present) → write. */
function handlerOf(route: Route, runtime: Runtime, access: RouteAccess): RequestHandler {
  return async (req, res) => {
    const params = route.params ? parseInput(route.params, req.params, 'path') : undefined;
    const query = route.query ? parseInput(route.query, req.query, 'query') : undefined;
    let body: unknown;
    if (route.body) {
      const sent: unknown = route.body.required === false ? (req.body ?? {}) : req.body;
      const parsed = parseInput(route.body.schema, sent, 'body');
      body = route.body.asSent ? sent : parsed;
    }
    const auth = access === 'developer' ? null : authStateOf(res);
    sendAnswer(res, await route.handle({ params, query, body }, contextOf(runtime, req, auth)));
  };
}

/**
 * The Express router serving a list of route objects. The platform API mounts it after the JWT
 * layer (`access: 'jwt'`); the desk view mounts the routes that opt in as the developer.
 *
 * @example
 * app.use(authMiddleware(() => runtime.auth()));
 * app.use(routerOf(PLATFORM_ROUTES, runtime, 'jwt'));
 */
export function routerOf(routes: readonly Route[], runtime: Runtime, access: RouteAccess): Router {
  const router = Router();
  for (const route of routes) {
    const handlers: RequestHandler[] = [];
    if (route.body) handlers.push(jsonBody({ limit: route.body.limit }));
    handlers.push(handlerOf(route, runtime, access));
    router[route.method](expressPath(route.path), ...handlers);
  }
  return router;
}
