import express from 'express';
import { NotFoundError } from '../../errors.js';
import { jsonBody } from '../../http/json-body.js';
import type { Runtime } from '../../runtime/runtime-types.js';
import { databasesRouter } from './databases/routes.js';
import { deskGuard } from '../../http/desk-guard.js';
import { inspectRouter } from './inspect/routes.js';
import { keysRouter } from './keys/routes.js';
import { mintRouter } from './mint/routes.js';
import { presetsRouter } from './presets/routes.js';
import { sampleDataRouter } from './sample-data-route.js';
import { settingsRouter } from './settings/routes.js';
import { storeViewRouter } from './store-view.js';

/**
 * The workbench API, mounted at `/desk` after the Host check and outside the JWT layer.
 * Every route sits behind the desk guard (desk token, same-origin writes), and answers are
 * never cached: they carry keys, tokens and settings.
 *
 * @example
 * app.use('/desk', deskRouter(runtime));
 */
export function deskRouter(runtime: Runtime): express.Router {
  const router = express.Router();
  router.use(deskGuard(runtime));
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  router.use(jsonBody({ limit: '1mb', requireJson: true }));
  router.use(keysRouter(runtime));
  router.use(mintRouter(runtime));
  router.use(inspectRouter(runtime));
  router.use(presetsRouter(runtime));
  router.use(settingsRouter(runtime));
  router.use(databasesRouter(runtime));
  router.use(sampleDataRouter(runtime));
  router.use(storeViewRouter(runtime));
  // Not the JWT layer's business: an unknown desk path is a 404 here, not a 401 further on.
  router.use((req, _res, next) => next(new NotFoundError(`No route for ${req.method} /desk${req.path}`)));
  return router;
}
