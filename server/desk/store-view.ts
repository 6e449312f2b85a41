import { Router } from 'express';
import { NotFoundError } from '../errors.js';
import { componentsRouter } from '../http/routes/components.js';
import { sessionsRouter } from '../http/routes/sessions.js';
import type { Runtime } from '../runtime-types.js';

/**
 * `/desk/view/...`: the platform's read routes (sessions, runs, agents, teams, workflows,
 * config) under the desk credential instead of the JWT layer, answering everything — the run
 * browser's default view. Browsing the store must not depend on which keys the platform API
 * trusts: with settings that trust only your identity provider, no token rundesk can mint
 * passes, yet your runs are still yours to read. Same routers, same use cases, same answers;
 * read-only (writes go through the platform API, as a token).
 */
export function storeViewRouter(runtime: Runtime): Router {
  const view = Router();
  view.use((req, res, next) => {
    // No JWT state: the desk credential stands for the developer, who reads every row.
    res.locals.auth = null;
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    next(new NotFoundError(`The desk view is read-only: ${req.method} /desk/view${req.path} is not a route; write through the platform API`));
  });
  view.use(sessionsRouter(runtime));
  view.use(componentsRouter(runtime));
  const router = Router();
  router.use('/view', view);
  return router;
}
