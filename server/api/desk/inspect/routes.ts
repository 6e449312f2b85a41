import { defineRoute, json } from '../../../http/route.js';
import { DESK_BODY_LIMIT } from '../body-limit.js';
import { PLATFORM_ROUTES } from '../../platform/platform-routes.js';
import {
  DeskInspectRequestSchema,
  DeskInspectResponseSchema,
  DeskKeyVerifyRequestSchema,
  DeskKeyVerifyResponseSchema,
  DeskMappingLintSchema,
  DeskRouteMatrixRequestSchema,
  DeskRouteMatrixResponseSchema,
} from '../schemas.js';
import { inspectRequest } from './inspect.js';
import { lintMappings, servedRoutesOf } from './mappings-lint.js';
import { verifyWithKey } from './verify-with-key.js';

/** `/desk/inspect`, `/desk/inspect/matrix`, `/desk/inspect/verify` and `/desk/mappings/lint`. */
export const inspectRoutes = [
  defineRoute({
    method: 'post',
    path: '/inspect',
    operationId: 'desk_inspect_token',
    tags: ['Workbench'],
    summary: "Explain the auth layer's decision for a token on a request",
    body: { schema: DeskInspectRequestSchema, limit: DESK_BODY_LIMIT, required: false },
    answers: { 200: { description: 'The decision, explained, with lint warnings', schema: DeskInspectResponseSchema } },
    errors: [],
    scopes: 'public',
    deskView: false,
    async handle({ body }, { runtime }) {
      return json(await inspectRequest(runtime.auth(), runtime.settings().settings, body));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/inspect/matrix',
    operationId: 'desk_route_matrix',
    tags: ['Workbench'],
    summary: 'The decision for every mapped route',
    body: { schema: DeskRouteMatrixRequestSchema, limit: DESK_BODY_LIMIT, required: false },
    answers: { 200: { description: 'One row per mapping pattern', schema: DeskRouteMatrixResponseSchema } },
    errors: [],
    scopes: 'public',
    deskView: false,
    async handle({ body }, { runtime }) {
      return json(await runtime.auth().routeMatrix(body.token));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/inspect/verify',
    operationId: 'desk_verify_with_key',
    tags: ['Workbench'],
    summary: "Check a token's signature against a pasted key, PEM, JWK, JWKS or secret",
    description:
      'The trusted keys are neither used nor changed. A signature that does not match answers 200 with `verified: false`; a token or key that cannot be read is a 422 naming the field.',
    body: { schema: DeskKeyVerifyRequestSchema, limit: DESK_BODY_LIMIT, required: false },
    answers: { 200: { description: 'Whether the signature matched, and with which key', schema: DeskKeyVerifyResponseSchema } },
    errors: [],
    scopes: 'public',
    deskView: false,
    async handle({ body }) {
      return json(await verifyWithKey(body.token, body.key));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/mappings/lint',
    operationId: 'desk_lint_mappings',
    tags: ['Workbench'],
    summary: 'Served routes without a mapping, and custom mappings that match no route',
    answers: { 200: { description: 'Findings', schema: DeskMappingLintSchema } },
    errors: [],
    scopes: 'public',
    deskView: false,
    handle(_input, { runtime }) {
      const layer = runtime.auth();
      const status = layer.status();
      const auth = runtime.settings().settings.auth;
      return json({
        authorization_enabled: status.authorization_enabled,
        ...lintMappings(servedRoutesOf(PLATFORM_ROUTES), status.mappings, auth.scope_mappings, status.excluded_route_paths, [auth.admin_scope]),
      });
    },
  }),
];
