import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { deskRouter } from '../desk/router.js';
import type { Runtime } from '../runtime-types.js';
import { authMiddleware } from './auth-middleware.js';
import { corsMiddleware } from './cors.js';
import { errorMiddleware, notFoundHandler } from './error-middleware.js';
import { hostGuard } from './host-guard.js';
import { routerOf } from './route-express.js';
import { setSecurityHeaders } from './security-headers.js';
import { docsAssetsRouter, docsPagesRouter } from './routes/docs.js';
import { PLATFORM_ROUTES } from './routes/platform-routes.js';
import { uiRouter } from './routes/ui.js';

export interface AppOptions {
  log: Logger;
  /** The bound address, known after listen; the Host check compares against it. */
  address: () => { host: string; port: number };
  /** Folder of the built renderer (`dist/renderer`). */
  uiDir: string;
}

/**
 * The whole HTTP surface (the access log and the quick path sit in front of it, see
 * request-listener.ts). Order matters: the Host check guards everything; `/desk` and `/ui`
 * have their own credential and sit outside the configurable JWT layer; every platform route,
 * including `/health` and the docs pages, goes through the JWT layer, whose excluded paths
 * decide what is open.
 */
export function createApp(runtime: Runtime, opts: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  app.use(hostGuard(opts.address));
  app.use(corsMiddleware(() => runtime.settings().settings.cors_allowed_origins));
  app.use((_req, res, next) => {
    setSecurityHeaders(res);
    next();
  });

  app.use('/desk', deskRouter(runtime));
  app.use('/ui', uiRouter(runtime, opts.uiDir));
  app.use(docsAssetsRouter());

  app.use(authMiddleware(() => runtime.auth()));
  app.use(routerOf(PLATFORM_ROUTES, runtime, 'jwt'));
  app.use(docsPagesRouter());

  app.use(notFoundHandler);
  app.use(errorMiddleware(opts.log));
  return app;
}
