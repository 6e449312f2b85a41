import { defineRoute, json } from '../../../http/route.js';
import { DESK_BODY_LIMIT } from '../body-limit.js';
import { DEMO_RUN_PATH } from '../sample-data.js';
import { DeskMintRequestSchema, DeskMintResponseSchema } from '../schemas.js';
import { curlExample } from './curl.js';
import { mintWithSettings } from './mint-with-settings.js';

/** `POST /desk/tokens`: mint a token with a local key, and say what the server will make of it. */
export const mintRoutes = [
  defineRoute({
    method: 'post',
    path: '/tokens',
    operationId: 'desk_mint_token',
    tags: ['Workbench'],
    summary: 'Mint a test token',
    description: 'Signs with a local key. Defaults follow the live settings (algorithm, claim names, audience). `defect` makes a deliberately bad token.',
    body: { schema: DeskMintRequestSchema, limit: DESK_BODY_LIMIT, required: false },
    answers: { 200: { description: 'The token, decoded, with a curl example and the decision preview', schema: DeskMintResponseSchema } },
    errors: [],
    scopes: 'public',
    deskView: false,
    async handle({ body }, { runtime }) {
      const { settings } = runtime.settings();
      const { minted, signer } = await mintWithSettings(runtime.dataDir, settings, body, Date.now() / 1000);
      const path = body.path ?? DEMO_RUN_PATH;
      const decision = await runtime.auth().inspectToken({ token: minted.token, method: 'GET', path });
      return json({
        ...minted,
        signer,
        curl: curlExample(minted.token, runtime.baseUrl(), settings.auth, path),
        preview: { method: 'GET', path, status: decision.status, detail: decision.detail },
      });
    },
  }),
];
