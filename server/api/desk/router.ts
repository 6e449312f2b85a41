import express from 'express';
import { NotFoundError } from '../../errors.js';
import type { Route } from '../../http/route.js';
import { jsonBody } from '../../http/json-body.js';
import type { Runtime } from '../../runtime/runtime-types.js';
import { deskGuard } from '../../http/desk-guard.js';
import { routerOf } from '../../http/route-express.js';
import { DESK_BODY_LIMIT } from './body-limit.js';
import { DESK_ROUTES } from './desk-routes.js';
import { storeViewRouter } from './store-view.js';

/**
 * The workbench API, mounted at `/desk` after the Host check and outside the JWT layer.
 * Every route sits behind the desk guard (desk token, same-origin writes), and answers are
 * never cached: they carry keys, tokens and settings.
 *
 * `routes` are the desk's own (`DESK_ROUTES`) unless the composition root adds others (the
 * gateway's, which need the running gateway).
 *
 * @example
 * app.use('/desk', deskRouter(runtime));
 */
export function deskRouter(runtime: Runtime, routes: readonly Route[] = DESK_ROUTES): express.Router {
  const router = express.Router();
  router.use(deskGuard(runtime));
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Every body is read here, once (the routes' own parsers then find it read): a body that is
  // not JSON is refused on any desk path, with or without a route.
  router.use(jsonBody({ limit: DESK_BODY_LIMIT, requireJson: true }));
  // The developer's own surface: no JWT, every row.
  router.use(routerOf(routes, runtime, 'developer'));
  router.use(storeViewRouter(runtime));
  // Not the JWT layer's business: an unknown desk path is a 404 here, not a 401 further on.
  router.use((req, _res, next) => next(new NotFoundError(`No route for ${req.method} /desk${req.path}`)));
  return router;
}
