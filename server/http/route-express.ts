import { Router, type RequestHandler, type Response } from 'express';
import type { Runtime } from '../runtime/runtime-types.js';
import { authStateOf } from './auth-middleware.js';
import { jsonBody } from './json-body.js';
import { callerOf, DEVELOPER, routeContext, runRoute } from './pipeline.js';
import type { Route, RouteAnswer } from './route.js';
import { jsonText } from '../json-text.js';

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
      if (answer.headers) res.set(answer.headers);
      // As res.json sends it (Content-Type, charset, ETag), with a negative zero's sign kept.
      if (answer.body === undefined) res.status(answer.status).json(answer.body);
      else res.status(answer.status).type('application/json').send(jsonText(answer.body));
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
    case 'events':
      sendEvents(res, answer.open);
      return;
  }
}

/** A reader this far behind is cut (it reconnects) rather than buffered for without bound. */
const MAX_PENDING_EVENT_BYTES = 1024 * 1024;
/** A comment line this often keeps idle connections (and proxies in front) from closing the stream. */
const HEARTBEAT_MS = 15_000;

function sendEvents(res: Response, open: (send: (event: string, data: unknown) => void) => () => void): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
  res.flushHeaders();
  // The server's request timeout is for requests that take too long to arrive, not for this one.
  res.socket?.setTimeout(0);
  const send = (event: string, data: unknown) => {
    if (res.writableLength > MAX_PENDING_EVENT_BYTES) {
      res.destroy();
      return;
    }
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const close = open(send);
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  res.on('close', () => {
    close();
    clearInterval(heartbeat);
  });
}

/** One route object as Express middleware: the pipeline's stages, then the answer written. */
function handlerOf(route: Route, runtime: Runtime, access: RouteAccess): RequestHandler {
  return async (req, res) => {
    const caller = access === 'developer' ? DEVELOPER : callerOf(authStateOf(res));
    const ctx = routeContext(runtime, caller, (types) => req.accepts(types), req.headers);
    sendAnswer(res, await runRoute(route, { params: req.params, query: req.query, body: req.body }, ctx));
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
