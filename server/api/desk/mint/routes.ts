import express from 'express';
import { parseInput } from '../../../http/validate.js';
import type { Runtime } from '../../../runtime/runtime-types.js';
import { DEMO_RUN_PATH } from '../sample-data.js';
import { DeskMintRequestSchema } from '../schemas.js';
import { curlExample } from './curl.js';
import { mintWithSettings } from './mint-with-settings.js';

/** `POST /desk/tokens`: mint a token with a local key, and say what the server will make of it. */
export function mintRouter(runtime: Runtime): express.Router {
  const router = express.Router();
  router.post('/tokens', async (req, res) => {
    const body = parseInput(DeskMintRequestSchema, req.body ?? {}, 'body');
    const { settings } = runtime.settings();
    const { minted, signer } = await mintWithSettings(runtime.dataDir, settings, body, Date.now() / 1000);
    const path = body.path ?? DEMO_RUN_PATH;
    const decision = await runtime.auth().inspectToken({ token: minted.token, method: 'GET', path });
    res.json({
      ...minted,
      signer,
      curl: curlExample(minted.token, runtime.baseUrl(), settings.auth, path),
      preview: { method: 'GET', path, status: decision.status, detail: decision.detail },
    });
  });
  return router;
}
