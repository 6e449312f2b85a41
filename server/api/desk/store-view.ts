import { Router } from 'express';
import { NotFoundError } from '../../errors.js';
import { routerOf } from '../../http/route-express.js';
import { DESK_VIEW_ROUTES } from '../platform/platform-routes.js';
import type { Runtime } from '../../runtime/runtime-types.js';

/**
 * `/desk/view/...`: the platform's read routes that opt in (`deskView: true` on the route
 * object) under the desk credential instead of the JWT layer, answering as the developer, who
 * reads every row — the run browser's default view. Browsing the store must not depend on which
 * keys the platform API trusts: with settings that trust only your identity provider, no token
 * rundesk can mint passes, yet your runs are still yours to read. Same route objects, same use
 * cases, same answers; read-only (writes go through the platform API, as a token).
 */
export function storeViewRouter(runtime: Runtime): Router {
  const view = Router();
  view.use((req, _res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    next(new NotFoundError(`The desk view is read-only: ${req.method} /desk/view${req.path} is not a route; write through the platform API`));
  });
  view.use(routerOf(DESK_VIEW_ROUTES, runtime, 'developer'));
  const router = Router();
  router.use('/view', view);
  return router;
}
