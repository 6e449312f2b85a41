import type { OpenAPIRegistry, RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { RunShapeSchema, TeamRunShapeSchema, WorkflowRunShapeSchema } from '../runs/shapes.js';
import {
  ComponentParamsSchema,
  ComponentSchema,
  ComponentsQuerySchema,
  ErrorBodySchema,
  HealthSchema,
  IngestResultSchema,
  IngestRunBodySchema,
  InfoSchema,
  ListSessionsQuerySchema,
  OsConfigSchema,
  RunParamsSchema,
  RunQuerySchema,
  SessionDetailSchema,
  SessionIdParamsSchema,
  SessionPageSchema,
  SessionQuerySchema,
  SessionRunsQuerySchema,
} from '../http/schemas.js';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const errors = (...statuses: number[]): RouteConfig['responses'] => {
  const text: Record<number, string> = {
    400: 'Bad request',
    401: 'Missing, invalid or expired token, or wrong audience',
    403: 'Token scopes are insufficient',
    404: 'Not found',
    409: 'Conflict (e.g. the database is read-only)',
    413: 'Request body too large',
    415: 'Request body is not JSON, or in an unsupported Content-Encoding',
    422: 'Validation error',
    500: 'Internal server error',
    501: 'Not implemented (`NOT_IMPLEMENTED`): rundesk does not execute agents, teams or workflows',
    503: 'The database is locked by another process (`DATABASE_BUSY`, with `Retry-After`) or its file cannot be read (`DATABASE_UNAVAILABLE`)',
  };
  return Object.fromEntries(statuses.map((s) => [s, json(ErrorBodySchema, text[s] ?? 'Error')]));
};

const bearer = [{ bearerAuth: [] }];

/** Registers the platform routes (SPEC §4 plus DESIGN.md's additions) with their schemas. */
export function registerPlatformPaths(registry: OpenAPIRegistry): void {
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'A JWT signed with a key the server trusts (SPEC §5).',
  });

  registry.registerPath({
    method: 'get',
    path: '/sessions/{session_id}/runs/{run_id}',
    operationId: 'get_session_run',
    tags: ['Sessions'],
    summary: 'Get run by ID',
    description: 'Retrieves one run of a session. The response shape depends on `type` (SPEC §4.1).',
    security: bearer,
    request: { params: RunParamsSchema, query: RunQuerySchema },
    responses: {
      200: json(z.union([RunShapeSchema, TeamRunShapeSchema, WorkflowRunShapeSchema]), 'Run retrieved'),
      ...errors(400, 401, 403, 404, 422, 500, 503),
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/sessions',
    operationId: 'list_sessions',
    tags: ['Sessions'],
    summary: 'List sessions (newest first, paginated)',
    security: bearer,
    request: { query: ListSessionsQuerySchema },
    responses: { 200: json(SessionPageSchema, 'A page of sessions'), ...errors(400, 401, 403, 404, 422, 503) },
  });

  registry.registerPath({
    method: 'get',
    path: '/sessions/{session_id}',
    operationId: 'get_session',
    tags: ['Sessions'],
    summary: 'Get a session',
    security: bearer,
    request: { params: SessionIdParamsSchema, query: SessionQuerySchema },
    responses: { 200: json(SessionDetailSchema, 'The session'), ...errors(400, 401, 403, 404, 422, 503) },
  });

  registry.registerPath({
    method: 'get',
    path: '/sessions/{session_id}/runs',
    operationId: 'get_session_runs',
    tags: ['Sessions'],
    summary: 'List the runs of a session in stored order',
    security: bearer,
    request: { params: SessionIdParamsSchema, query: SessionRunsQuerySchema },
    responses: {
      200: json(z.array(z.union([RunShapeSchema, TeamRunShapeSchema, WorkflowRunShapeSchema])), 'The runs'),
      ...errors(400, 401, 403, 404, 422, 503),
    },
  });

  registry.registerPath({
    method: 'post',
    path: '/sessions/{session_id}/runs',
    operationId: 'ingest_session_run',
    tags: ['Sessions'],
    summary: 'Ingest one run (upsert by run_id; the session is created if missing)',
    security: bearer,
    request: {
      params: SessionIdParamsSchema,
      query: RunQuerySchema,
      body: { content: { 'application/json': { schema: IngestRunBodySchema } }, required: true },
    },
    responses: {
      200: json(IngestResultSchema, 'Run replaced'),
      201: json(IngestResultSchema, 'Run created'),
      ...errors(400, 401, 403, 404, 409, 413, 415, 422, 503),
    },
  });

  registry.registerPath({
    method: 'delete',
    path: '/sessions/{session_id}',
    operationId: 'delete_session',
    tags: ['Sessions'],
    summary: 'Delete a session and its runs',
    security: bearer,
    request: { params: SessionIdParamsSchema, query: SessionQuerySchema },
    responses: { 204: { description: 'Deleted' }, ...errors(400, 401, 403, 404, 409, 422, 503) },
  });

  for (const [path, tag, what] of [
    ['/agents', 'Agents', 'agents'],
    ['/teams', 'Teams', 'teams'],
    ['/workflows', 'Workflows', 'workflows'],
  ] as const) {
    registry.registerPath({
      method: 'get',
      path,
      operationId: `list_${what}`,
      tags: [tag],
      summary: `List ${what} seen in the stored sessions (filtered by per-resource scopes)`,
      security: bearer,
      request: { query: ComponentsQuerySchema },
      responses: { 200: json(z.array(ComponentSchema), `The ${what}`), ...errors(400, 401, 403, 404, 422, 503) },
    });
    for (const [suffix, op] of [
      ['/runs', 'run'],
      ['/runs/{run_id}/cancel', 'cancel_run'],
      ['/runs/{run_id}/continue', 'continue_run'],
    ] as const) {
      registry.registerPath({
        method: 'post',
        path: `${path}/{id}${suffix}`,
        operationId: `${op}_${what.slice(0, -1)}`,
        tags: [tag],
        summary: `Not performed: rundesk stores and serves runs but does not execute ${what}`,
        security: bearer,
        request: { params: ComponentParamsSchema },
        responses: { ...errors(401, 403, 501) },
      });
    }
    registry.registerPath({
      method: 'get',
      path: `${path}/{id}`,
      operationId: `get_${what.slice(0, -1)}`,
      tags: [tag],
      summary: `Get one of the ${what}`,
      security: bearer,
      request: { params: ComponentParamsSchema, query: ComponentsQuerySchema },
      responses: { 200: json(ComponentSchema, 'Found'), ...errors(400, 401, 403, 404, 422, 503) },
    });
  }

  registry.registerPath({
    method: 'get',
    path: '/config',
    operationId: 'get_config',
    tags: ['Core'],
    summary: 'The part of AgentOS\'s config answer that stored sessions tell: databases and components',
    security: bearer,
    responses: { 200: json(OsConfigSchema, 'The configuration'), ...errors(401, 403) },
  });

  registry.registerPath({
    method: 'get',
    path: '/health',
    operationId: 'health',
    tags: ['Core'],
    summary: 'Health check (no token needed)',
    responses: { 200: json(HealthSchema, 'Healthy') },
  });
  registry.registerPath({
    method: 'get',
    path: '/info',
    operationId: 'info',
    tags: ['Core'],
    summary: 'Server information (no token needed)',
    responses: { 200: json(InfoSchema, 'Information') },
  });
}
