import express from 'express';
import { parseInput } from '../../../http/validate.js';
import { PLATFORM_ROUTES } from '../../platform/platform-routes.js';
import type { Runtime } from '../../../runtime/runtime-types.js';
import { DeskInspectRequestSchema, DeskKeyVerifyRequestSchema, DeskRouteMatrixRequestSchema } from '../schemas.js';
import { inspectRequest } from './inspect.js';
import { lintMappings, servedRoutesOf } from './mappings-lint.js';
import { verifyWithKey } from './verify-with-key.js';

/** `/desk/inspect`, `/desk/inspect/matrix`, `/desk/inspect/verify` and `/desk/mappings/lint`. */
export function inspectRouter(runtime: Runtime): express.Router {
  const router = express.Router();

  router.post('/inspect', async (req, res) => {
    const body = parseInput(DeskInspectRequestSchema, req.body ?? {}, 'body');
    res.json(await inspectRequest(runtime.auth(), runtime.settings().settings, body));
  });

  router.post('/inspect/matrix', async (req, res) => {
    const body = parseInput(DeskRouteMatrixRequestSchema, req.body ?? {}, 'body');
    res.json(await runtime.auth().routeMatrix(body.token));
  });

  router.post('/inspect/verify', async (req, res) => {
    const body = parseInput(DeskKeyVerifyRequestSchema, req.body ?? {}, 'body');
    res.json(await verifyWithKey(body.token, body.key));
  });

  router.get('/mappings/lint', (_req, res) => {
    const layer = runtime.auth();
    const status = layer.status();
    const auth = runtime.settings().settings.auth;
    res.json({
      authorization_enabled: status.authorization_enabled,
      ...lintMappings(servedRoutesOf(PLATFORM_ROUTES), status.mappings, auth.scope_mappings, status.excluded_route_paths, [auth.admin_scope]),
    });
  });

  return router;
}
