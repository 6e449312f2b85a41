import type { OpenAPIRegistry, RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ErrorBodySchema } from '../../http/schemas.js';
import {
  DatabaseIdParamsSchema,
  DeskDatabaseAttachRequestSchema,
  DeskDatabaseListSchema,
  DeskDatabaseSchema,
  DeskDeletedSchema,
  DeskInspectRequestSchema,
  DeskKeyVerifyRequestSchema,
  DeskKeyVerifyResponseSchema,
  DeskInspectResponseSchema,
  DeskKeyGenerateRequestSchema,
  DeskKeyImportRequestSchema,
  DeskKeyImportResponseSchema,
  DeskKeyListSchema,
  DeskKeyDeleteQuerySchema,
  DeskKeyPatchRequestSchema,
  DeskKeySchema,
  DeskMappingLintSchema,
  DeskMintRequestSchema,
  DeskMintResponseSchema,
  DeskPresetFixtureRequestSchema,
  DeskPresetFixtureResponseSchema,
  DeskPresetListSchema,
  DeskRouteMatrixRequestSchema,
  DeskRouteMatrixResponseSchema,
  DeskSampleDataResponseSchema,
  SettingsInputSchema,
  DeskSettingsResponseSchema,
  DeskSettingsSchemaResponseSchema,
  DeskSettingsValidationSchema,
  JwksSchema,
  KidParamsSchema,
  PresetParamsSchema,
} from './schemas.js';

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const body = (schema: z.ZodType) => ({ body: { required: true, content: { 'application/json': { schema } } } });

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad request (`BAD_REQUEST`)',
  401: 'Desk token missing or wrong (`UNAUTHENTICATED`)',
  403: 'Cross-origin write refused: foreign `Origin` (`FORBIDDEN`)',
  404: 'Not found (`NOT_FOUND`)',
  409: 'Conflict (`CONFLICT`: settings are read-only under --config, or the id is taken), or `LAST_TRUSTED_KEY`: the change would leave no key to verify tokens with',
  413: 'Request body larger than 1 MB (`PAYLOAD_TOO_LARGE`)',
  415: 'Request body is not JSON (`UNSUPPORTED_MEDIA_TYPE`)',
  422: 'Validation error (`VALIDATION_ERROR`); `issues` name each bad field',
  503: 'A file in the data folder could not be written (`STORAGE_WRITE_FAILED`); nothing changed',
  507: 'The disk is full (`INSUFFICIENT_STORAGE`); nothing changed',
};
/** A write that saves the settings or key files may also fail on the disk. */
const SAVES = [503, 507] as const;
const errors = (...statuses: number[]): RouteConfig['responses'] =>
  Object.fromEntries([401, ...statuses].map((s) => [s, json(ErrorBodySchema, ERROR_TEXT[s] ?? 'Error')]));

const security = [{ deskToken: [] }];
const tags = ['Workbench'];

/**
 * Registers the workbench's `/desk` routes (the desk view's are derived from the route objects,
 * see `server/http/openapi-paths.ts`) in the OpenAPI registry under the `deskToken` security
 * scheme, with the same zod schemas the routes validate with.
 *
 * @example
 * const registry = new OpenAPIRegistry();
 * registerDeskOpenApi(registry);
 */
export function registerDeskOpenApi(registry: OpenAPIRegistry): void {
  registry.registerComponent('securitySchemes', 'deskToken', {
    type: 'apiKey',
    in: 'header',
    name: 'X-Desk-Token',
    description:
      'The per-install desk credential (`<data-dir>/desk-token`), or the `rundesk_desk` cookie set by opening the UI login URL. ' +
      'State-changing requests with a foreign `Origin` are refused.',
  });

  // Every route with a body may also answer 415 (not JSON) and 422 (nested too deep).
  const path = (config: Omit<RouteConfig, 'security' | 'tags'>) =>
    registry.registerPath({
      ...config,
      ...(config.request?.body ? { responses: { ...config.responses, ...errors(415, 422) } } : {}),
      security,
      tags,
    });

  path({
    method: 'get',
    path: '/desk/keys',
    operationId: 'desk_list_keys',
    summary: 'List local signing keys',
    responses: { 200: json(DeskKeyListSchema, 'Keys, newest last'), ...errors() },
  });
  path({
    method: 'post',
    path: '/desk/keys',
    operationId: 'desk_generate_key',
    summary: 'Generate a signing key',
    request: body(DeskKeyGenerateRequestSchema),
    responses: { 201: json(DeskKeySchema, 'The new key'), ...errors(403, 422, ...SAVES) },
  });
  path({
    method: 'post',
    path: '/desk/keys/import',
    operationId: 'desk_import_keys',
    summary: 'Import public keys (PEM, certificate, JWK, JWKS)',
    description: 'Private keys are accepted but only their public half is kept. All keys must be usable or nothing is imported.',
    request: body(DeskKeyImportRequestSchema),
    responses: {
      201: json(DeskKeyImportResponseSchema, 'Keys added'),
      200: json(DeskKeyImportResponseSchema, 'Nothing new (every key was already present)'),
      ...errors(403, 422, ...SAVES),
    },
  });
  path({
    method: 'get',
    path: '/desk/keys/jwks.json',
    operationId: 'desk_export_jwks',
    summary: 'Public JWKS of the local asymmetric keys',
    responses: { 200: json(JwksSchema, 'JWKS (HMAC secrets are never included)'), ...errors() },
  });
  path({
    method: 'get',
    path: '/desk/keys/{kid}/pem',
    operationId: 'desk_export_pem',
    summary: 'Public key as PEM (SPKI)',
    request: { params: KidParamsSchema },
    responses: {
      200: { description: 'PEM text', content: { 'application/x-pem-file': { schema: z.string() } } },
      ...errors(404, 422),
    },
  });
  path({
    method: 'patch',
    path: '/desk/keys/{kid}',
    operationId: 'desk_set_key_trust',
    summary: 'Trust or untrust a key',
    description: 'Rewrites `keys/trusted.jwks.json` atomically; the auth layer picks the change up within a second.',
    request: { params: KidParamsSchema, ...body(DeskKeyPatchRequestSchema) },
    responses: { 200: json(DeskKeySchema, 'The key'), ...errors(403, 404, 409, 422, ...SAVES) },
  });
  path({
    method: 'delete',
    path: '/desk/keys/{kid}',
    operationId: 'desk_delete_key',
    summary: 'Delete a key',
    request: { params: KidParamsSchema, query: DeskKeyDeleteQuerySchema },
    responses: { 200: json(DeskDeletedSchema, 'Deleted'), ...errors(403, 404, 409, 422, ...SAVES) },
  });

  path({
    method: 'post',
    path: '/desk/tokens',
    operationId: 'desk_mint_token',
    summary: 'Mint a test token',
    description: 'Signs with a local key. Defaults follow the live settings (algorithm, claim names, audience). `defect` makes a deliberately bad token.',
    request: body(DeskMintRequestSchema),
    responses: { 200: json(DeskMintResponseSchema, 'The token, decoded, with a curl example and the decision preview'), ...errors(403, 422) },
  });

  path({
    method: 'post',
    path: '/desk/inspect',
    operationId: 'desk_inspect_token',
    summary: 'Explain the auth layer\'s decision for a token on a request',
    request: body(DeskInspectRequestSchema),
    responses: { 200: json(DeskInspectResponseSchema, 'The decision, explained, with lint warnings'), ...errors(403, 422) },
  });
  path({
    method: 'post',
    path: '/desk/inspect/matrix',
    operationId: 'desk_route_matrix',
    summary: 'The decision for every mapped route',
    request: body(DeskRouteMatrixRequestSchema),
    responses: { 200: json(DeskRouteMatrixResponseSchema, 'One row per mapping pattern'), ...errors(403, 422) },
  });
  path({
    method: 'post',
    path: '/desk/inspect/verify',
    operationId: 'desk_verify_with_key',
    summary: "Check a token's signature against a pasted key, PEM, JWK, JWKS or secret",
    description: 'The trusted keys are neither used nor changed. A signature that does not match answers 200 with `verified: false`; a token or key that cannot be read is a 422 naming the field.',
    request: body(DeskKeyVerifyRequestSchema),
    responses: { 200: json(DeskKeyVerifyResponseSchema, 'Whether the signature matched, and with which key'), ...errors(403, 422) },
  });
  path({
    method: 'get',
    path: '/desk/mappings/lint',
    operationId: 'desk_lint_mappings',
    summary: 'Served routes without a mapping, and custom mappings that match no route',
    responses: { 200: json(DeskMappingLintSchema, 'Findings'), ...errors() },
  });

  path({
    method: 'get',
    path: '/desk/presets',
    operationId: 'desk_list_presets',
    summary: 'Identity-provider presets',
    responses: { 200: json(DeskPresetListSchema, 'Presets with the settings patch each applies'), ...errors() },
  });
  path({
    method: 'post',
    path: '/desk/presets/{name}/fixture',
    operationId: 'desk_preset_fixture',
    summary: 'Generate a provider\'s offline fixture: JWKS file and sample tokens',
    request: { params: PresetParamsSchema, body: { required: false, content: { 'application/json': { schema: DeskPresetFixtureRequestSchema } } } },
    responses: { 200: json(DeskPresetFixtureResponseSchema, 'The fixture'), ...errors(403, 409, 422, ...SAVES) },
  });

  path({
    method: 'get',
    path: '/desk/settings',
    operationId: 'desk_get_settings',
    summary: 'The live settings',
    responses: { 200: json(DeskSettingsResponseSchema, 'Settings, where they come from, and whether they can be written'), ...errors() },
  });
  path({
    method: 'put',
    path: '/desk/settings',
    operationId: 'desk_put_settings',
    summary: 'Replace the settings (live, atomic)',
    description: 'Takes effect on the very next request. 409 when the server was started with `--config`.',
    request: body(SettingsInputSchema),
    responses: { 200: json(DeskSettingsResponseSchema, 'The settings now in force'), ...errors(403, 409, 422, ...SAVES) },
  });
  path({
    method: 'post',
    path: '/desk/settings/validate',
    operationId: 'desk_validate_settings',
    summary: 'Dry-run a settings change: validate without applying or writing',
    description:
      'The same validation as PUT (schema, key files and keys vs. algorithm, database files checked read-only) with nothing applied, attached or written. Bad settings are a 200 with `valid: false`. Allowed under `--config`.',
    request: body(SettingsInputSchema),
    responses: { 200: json(DeskSettingsValidationSchema, 'Whether PUT would accept the settings, and why not'), ...errors(403, 422) },
  });
  path({
    method: 'get',
    path: '/desk/settings/schema',
    operationId: 'desk_settings_schema',
    summary: 'Every auth setting: type, default, help',
    responses: { 200: json(DeskSettingsSchemaResponseSchema, 'Field list and JSON Schema'), ...errors() },
  });

  path({
    method: 'get',
    path: '/desk/databases',
    operationId: 'desk_list_databases',
    summary: 'Open databases',
    responses: { 200: json(DeskDatabaseListSchema, 'The built-in database and attached files'), ...errors() },
  });
  path({
    method: 'post',
    path: '/desk/databases',
    operationId: 'desk_attach_database',
    summary: 'Attach an SQLite file (persisted in the settings)',
    request: body(DeskDatabaseAttachRequestSchema),
    responses: { 201: json(DeskDatabaseSchema, 'Attached'), ...errors(403, 409, 422, ...SAVES) },
  });
  path({
    method: 'delete',
    path: '/desk/databases/{id}',
    operationId: 'desk_detach_database',
    summary: 'Detach a database (removed from the settings)',
    request: { params: DatabaseIdParamsSchema },
    responses: { 200: json(DeskDeletedSchema, 'Detached'), ...errors(400, 403, 404, 409, ...SAVES) },
  });

  path({
    method: 'post',
    path: '/desk/sample-data',
    operationId: 'desk_load_sample_data',
    summary: 'Load the demo sessions into their own database, demo (created and attached on first use; never the built-in one, and default_database is left as it is); idempotent',
    responses: { 200: json(DeskSampleDataResponseSchema, 'Counts'), ...errors(403, 409) },
  });
}
