import { z } from 'zod';
import type { Database } from '../../db/types.js';
import type { Runtime } from '../../runtime/runtime-types.js';
import { TRACE_FILTER_SCHEMA } from './filter-schema.js';
import {
  FilterSchemaResponseSchema,
  TraceColumnsSchema,
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
} from './schemas.js';
import * as traces from './use-cases.js';
import { selectDatabase } from '../../http/request-scope.js';
import { RUN_BODY_CONTENT_TYPE } from '../sessions/run-body.js';
import { getTraceBody } from './trace-body.js';
import { defineRoute, json } from '../../http/route.js';

/** A search body is a filter expression and paging: small. */
const SEARCH_BODY_LIMIT = '256kb';

const store = (runtime: Runtime, q: { db_id?: string | undefined }): ReturnType<Database['traces']> => selectDatabase(runtime, q).traces();

const tags = ['Traces'];
const notes = {
  400: 'Bad request: a time that is not ISO 8601, an invalid filter expression',
  403: 'Token scopes are insufficient (`traces:read`)',
  404: 'Unknown database, trace or span',
} as const;

/** The trace routes of the platform (AgentOS 2.9's `/traces` family): parse → use case → answer. */
export const traceRoutes = [
  defineRoute({
    method: 'get',
    path: '/traces',
    operationId: 'get_traces',
    tags,
    summary: 'List traces, newest first',
    query: TracesQuerySchema,
    answers: { 200: { description: 'A page of trace summaries', schema: TraceSummaryPageSchema } },
    errors: [400, 404, 503],
    errorNotes: notes,
    scopes: ['traces:read'],
    deskView: true,
    async handle({ query: q }, ctx) {
      return json(await traces.listTraces(store(ctx.runtime, q), ctx.scope(q.user_id), q));
    },
  }),

  // Before `/traces/{trace_id}`, which would take `filter-schema` for an id.
  defineRoute({
    method: 'get',
    path: '/traces/filter-schema',
    operationId: 'get_traces_filter_schema',
    tags,
    summary: 'The fields, operators and values a trace search may use',
    answers: { 200: { description: 'The filter schema', schema: FilterSchemaResponseSchema } },
    errors: [],
    errorNotes: notes,
    scopes: ['traces:read'],
    deskView: true,
    handle() {
      return json(TRACE_FILTER_SCHEMA);
    },
  }),

  defineRoute({
    method: 'get',
    path: '/traces/{trace_id}',
    operationId: 'get_trace',
    tags,
    summary: 'A trace with its span tree, or one span of it (`span_id`)',
    params: TraceParamsSchema,
    query: TraceQuerySchema,
    answers: {
      200: {
        description: 'The trace (TraceDetail), or with `span_id` the span (TraceNode), or with `shape=columns` the trace with its spans as columns (TraceColumns; with `limit` its first spans only)',
        schema: z.union([TraceDetailSchema, TraceNodeSchema, TraceColumnsSchema]),
      },
    },
    errors: [404, 503],
    errorNotes: notes,
    scopes: ['traces:read'],
    deskView: true,
    quick: true,
    async handle({ params, query: q }, ctx) {
      const body = await getTraceBody(ctx.runtime.caches, selectDatabase(ctx.runtime, q), ctx.scope(undefined), params.trace_id, { spanId: q.span_id, shape: q.shape, limit: q.limit });
      return { kind: 'bytes', status: 200, body, contentType: RUN_BODY_CONTENT_TYPE };
    },
  }),

  defineRoute({
    method: 'get',
    path: '/trace_session_stats',
    operationId: 'get_trace_stats',
    tags,
    summary: 'Trace statistics per session, most recently active first',
    query: TraceSessionStatsQuerySchema,
    answers: { 200: { description: 'A page of per-session statistics', schema: TraceSessionStatsPageSchema } },
    errors: [400, 404, 503],
    errorNotes: notes,
    scopes: ['traces:read'],
    deskView: true,
    async handle({ query: q }, ctx) {
      return json(await traces.traceSessionStats(store(ctx.runtime, q), ctx.scope(q.user_id), q));
    },
  }),

  defineRoute({
    method: 'post',
    path: '/traces/search',
    operationId: 'search_traces',
    tags,
    summary: 'Search traces with a filter expression; group by run (span trees) or session (statistics)',
    query: TraceSearchQuerySchema,
    body: { schema: TraceSearchBodySchema, limit: SEARCH_BODY_LIMIT, required: false },
    answers: {
      200: {
        description: '`group_by: run`: TraceDetail page; `session`: TraceSessionStats page',
        schema: z.union([TraceDetailPageSchema, TraceSessionStatsPageSchema]),
      },
    },
    errors: [400, 404, 503],
    errorNotes: notes,
    scopes: ['traces:read'],
    deskView: false,
    async handle({ query: q, body }, ctx) {
      return json(await traces.searchTraces(store(ctx.runtime, q), ctx.scope(undefined), body));
    },
  }),
];
