import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import { ErrorBodySchema } from '../../http/schemas.js';
import { LiveRunListSchema, LiveRunParamsSchema, LiveRunSchema, RequestListSchema, RequestsQuerySchema, UpstreamCheckRequestSchema, UpstreamCheckResponseSchema } from './schemas.js';

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

  const unauthorized = json(ErrorBodySchema, 'Desk token missing or wrong (`UNAUTHENTICATED`)');
  registry.registerPath({
    method: 'get',
    path: '/desk/requests',
    operationId: 'desk_list_requests',
    summary: 'The recent platform requests through rundesk (the newest 500): verdict and rule, status, time to first byte, duration, the run produced',
    security: [{ deskToken: [] }],
    tags: ['Workbench'],
    request: { query: RequestsQuerySchema },
    responses: { 200: json(RequestListSchema, 'Oldest first'), 401: unauthorized, 422: json(ErrorBodySchema, 'Validation error (`VALIDATION_ERROR`)') },
  });
  registry.registerPath({
    method: 'get',
    path: '/desk/requests/stream',
    operationId: 'desk_stream_requests',
    summary: 'Server-Sent Events: `request` (a record, each time it changes) and `live-run` (a live run\'s summary and the event that changed it)',
    security: [{ deskToken: [] }],
    tags: ['Workbench'],
    responses: { 200: { description: 'An event stream', content: { 'text/event-stream': {} } }, 401: unauthorized },
  });
  registry.registerPath({
    method: 'get',
    path: '/desk/live-runs',
    operationId: 'desk_list_live_runs',
    summary: 'The runs streamed or answered through rundesk (the newest 50), newest first, without their events',
    security: [{ deskToken: [] }],
    tags: ['Workbench'],
    responses: { 200: json(LiveRunListSchema, 'Newest first'), 401: unauthorized },
  });
  registry.registerPath({
    method: 'get',
    path: '/desk/live-runs/{request_id}',
    operationId: 'desk_get_live_run',
    summary: 'One live run with every event so far, by the id of the request that started it (`X-Rundesk-Request-Id`)',
    security: [{ deskToken: [] }],
    tags: ['Workbench'],
    request: { params: LiveRunParamsSchema },
    responses: {
      200: json(LiveRunSchema, 'The run so far'),
      401: unauthorized,
      404: json(ErrorBodySchema, 'Not found (`NOT_FOUND`): not a run, or older than the newest 50'),
      422: json(ErrorBodySchema, 'Validation error (`VALIDATION_ERROR`)'),
    },
  });
}
