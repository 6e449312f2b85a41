import type { OpenAPIRegistry, RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ErrorBodySchema } from '../http/schemas.js';
import {
  FilterSchemaResponseSchema,
  TraceDetailPageSchema,
  TraceDetailSchema,
  TraceNodeSchema,
  TraceParamsSchema,
  TraceQuerySchema,
  TraceSearchBodySchema,
  TraceSearchQuerySchema,
  TraceSessionStatsPageSchema,
  TraceSessionStatsQuerySchema,
  TracesQuerySchema,
  TraceSummaryPageSchema,
} from '../traces/schemas.js';

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

const ERRORS: Record<number, string> = {
  400: 'Bad request: a time that is not ISO 8601, an invalid filter expression',
  401: 'Missing, invalid or expired token, or wrong audience',
  403: 'Token scopes are insufficient (`traces:read`)',
  404: 'Unknown database, trace or span',
  422: 'Validation error',
  503: 'The database is locked by another process or cannot be read',
};
const errors = (...statuses: number[]): RouteConfig['responses'] =>
  Object.fromEntries(statuses.map((s) => [s, json(ErrorBodySchema, ERRORS[s] ?? 'Error')]));

const bearer = [{ bearerAuth: [] }];
const tags = ['Traces'];

/** The trace routes (AgentOS 2.9's `/traces` family) with their platform response models. */
export function registerTracePaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/traces',
    operationId: 'get_traces',
    tags,
    summary: 'List traces, newest first',
    security: bearer,
    request: { query: TracesQuerySchema },
    responses: { 200: json(TraceSummaryPageSchema, 'A page of trace summaries'), ...errors(400, 401, 403, 404, 422, 503) },
  });
  registry.registerPath({
    method: 'get',
    path: '/traces/filter-schema',
    operationId: 'get_traces_filter_schema',
    tags,
    summary: 'The fields, operators and values a trace search may use',
    security: bearer,
    responses: { 200: json(FilterSchemaResponseSchema, 'The filter schema'), ...errors(401, 403) },
  });
  registry.registerPath({
    method: 'get',
    path: '/traces/{trace_id}',
    operationId: 'get_trace',
    tags,
    summary: 'A trace with its span tree, or one span of it (`span_id`)',
    security: bearer,
    request: { params: TraceParamsSchema, query: TraceQuerySchema },
    responses: {
      200: json(z.union([TraceDetailSchema, TraceNodeSchema]), 'The trace (TraceDetail), or with `span_id` the span (TraceNode)'),
      ...errors(401, 403, 404, 422, 503),
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/trace_session_stats',
    operationId: 'get_trace_stats',
    tags,
    summary: 'Trace statistics per session, most recently active first',
    security: bearer,
    request: { query: TraceSessionStatsQuerySchema },
    responses: { 200: json(TraceSessionStatsPageSchema, 'A page of per-session statistics'), ...errors(400, 401, 403, 404, 422, 503) },
  });
  registry.registerPath({
    method: 'post',
    path: '/traces/search',
    operationId: 'search_traces',
    tags,
    summary: 'Search traces with a filter expression; group by run (span trees) or session (statistics)',
    security: bearer,
    request: { query: TraceSearchQuerySchema, body: { content: { 'application/json': { schema: TraceSearchBodySchema } }, required: true } },
    responses: {
      200: json(z.union([TraceDetailPageSchema, TraceSessionStatsPageSchema]), '`group_by: run`: TraceDetail page; `session`: TraceSessionStats page'),
      ...errors(400, 401, 403, 404, 415, 422, 503),
    },
  });
}
