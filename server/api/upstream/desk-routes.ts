import express from 'express';
import { deskGuard } from '../desk/guard.js';
import { jsonBody } from '../../http/json-body.js';
import { parseInput } from '../../http/validate.js';
import type { Runtime } from '../../runtime-types.js';
import { checkUpstream } from './check.js';
import { UpstreamCheckRequestSchema } from './schemas.js';

/**
 * The gateway's workbench routes under `/desk` (behind the desk credential, never cached):
 * the Settings page's reachability check of the upstream.
 */
export function gatewayDeskRouter(runtime: Runtime): express.Router {
  const router = express.Router();
  const guard = deskGuard(runtime);
  const noStore: express.RequestHandler = (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };

  router.post('/upstream/check', guard, noStore, jsonBody({ limit: '16kb', requireJson: true }), async (req, res) => {
    const body = parseInput(UpstreamCheckRequestSchema, req.body ?? {}, 'body');
    res.json(await checkUpstream(body.url ?? runtime.settings().settings.upstream.url));
  });

  return router;
}
