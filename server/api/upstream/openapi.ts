import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import { ErrorBodySchema } from '../../http/schemas.js';
import { UpstreamCheckRequestSchema, UpstreamCheckResponseSchema } from './schemas.js';

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });

/** The gateway's desk routes in `/openapi.json`, under the desk-token scheme. */
export function registerGatewayDeskOpenApi(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'post',
    path: '/desk/upstream/check',
    operationId: 'desk_check_upstream',
    summary: "Whether the developer's AgentOS answers at upstream.url (or at the URL given)",
    security: [{ deskToken: [] }],
    tags: ['Workbench'],
    request: { body: { required: false, content: { 'application/json': { schema: UpstreamCheckRequestSchema } } } },
    responses: {
      200: json(UpstreamCheckResponseSchema, 'What was found'),
      401: json(ErrorBodySchema, 'Desk token missing or wrong (`UNAUTHENTICATED`)'),
      403: json(ErrorBodySchema, 'Cross-origin write refused: foreign `Origin` (`FORBIDDEN`)'),
      415: json(ErrorBodySchema, 'Request body is not JSON (`UNSUPPORTED_MEDIA_TYPE`)'),
      422: json(ErrorBodySchema, 'Validation error (`VALIDATION_ERROR`): the URL is not an http(s) URL'),
    },
  });
}
