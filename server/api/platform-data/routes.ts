import * as platform from './use-cases.js';
import {
  ContentIdParamsSchema,
  ContentPageSchema,
  ContentResponseSchema,
  EvalRunIdParamsSchema,
  EvalRunListQuerySchema,
  EvalRunPageSchema,
  EvalRunQuerySchema,
  EvalSchema,
  KnowledgeContentQuerySchema,
  KnowledgeListQuerySchema,
  MemoryIdParamsSchema,
  MemoryListQuerySchema,
  MemoryPageSchema,
  MemoryQuerySchema,
  MemoryTopicsSchema,
  MetricsQuerySchema,
  MetricsResponseSchema,
  UserMemorySchema,
  UserStatsPageSchema,
  UserStatsQuerySchema,
} from './schemas.js';
import { selectDatabase } from '../../http/request-scope.js';
import { defineRoute, json } from '../../http/route.js';
import { refreshMetricsIfDue } from './metrics-lazy-refresh.js';
import { metricsRefreshRunning } from './metrics-routes.js';

/**
 * What Agno keeps beside the sessions — user memories, eval runs, daily metrics, knowledge
 * contents — served read-only as AgentOS 2.9 serves it (its parameters, page meta, sort and
 * response models), from whichever database the request names. parse → use case → present.
 */
export const platformDataRoutes = [
  defineRoute({
    method: 'get',
    path: '/memories',
    operationId: 'get_memories',
    tags: ['Memory'],
    summary: 'List memories (newest update first, paginated)',
    query: MemoryListQuerySchema,
    answers: { 200: { description: 'A page of user memories', schema: MemoryPageSchema } },
    errors: [400, 404, 503],
    scopes: ['memories:read'],
    deskView: true,
    async handle({ query }, ctx) {
      return json(await platform.listMemories(selectDatabase(ctx.runtime, query), ctx.scope(query.user_id), query));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/memories/{memory_id}',
    operationId: 'get_memory',
    tags: ['Memory'],
    summary: 'Get a memory',
    params: MemoryIdParamsSchema,
    query: MemoryQuerySchema,
    answers: { 200: { description: 'The memory', schema: UserMemorySchema } },
    errors: [400, 404, 503],
    scopes: ['memories:read'],
    deskView: true,
    async handle({ params, query }, ctx) {
      return json(await platform.getMemory(selectDatabase(ctx.runtime, query), ctx.scope(query.user_id), params.memory_id, query.table));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/memory_topics',
    operationId: 'get_memory_topics',
    tags: ['Memory'],
    summary: 'Topics of the memories',
    query: MemoryQuerySchema,
    answers: { 200: { description: 'Every distinct topic (in no particular order, as AgentOS)', schema: MemoryTopicsSchema } },
    errors: [400, 404, 503],
    scopes: ['memories:read'],
    deskView: true,
    async handle({ query }, ctx) {
      return json(await platform.memoryTopics(selectDatabase(ctx.runtime, query), ctx.scope(query.user_id), query.table));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/user_memory_stats',
    operationId: 'get_user_memory_stats',
    tags: ['Memory'],
    summary: 'Memories per user (most recently updated first, paginated)',
    query: UserStatsQuerySchema,
    answers: { 200: { description: 'A page of per-user memory counts', schema: UserStatsPageSchema } },
    errors: [400, 404, 503],
    scopes: ['memories:read'],
    deskView: true,
    async handle({ query }, ctx) {
      return json(await platform.userMemoryStats(selectDatabase(ctx.runtime, query), ctx.scope(query.user_id), query));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/eval-runs',
    operationId: 'get_eval_runs',
    tags: ['Evals'],
    summary: 'List eval runs (newest first, paginated)',
    query: EvalRunListQuerySchema,
    answers: { 200: { description: 'A page of eval runs', schema: EvalRunPageSchema } },
    errors: [400, 404, 503],
    scopes: ['evals:read'],
    deskView: true,
    async handle({ query }, ctx) {
      return json(await platform.listEvalRuns(selectDatabase(ctx.runtime, query), ctx.scope(undefined), query));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/eval-runs/{eval_run_id}',
    operationId: 'get_eval_run',
    tags: ['Evals'],
    summary: 'Get an eval run',
    params: EvalRunIdParamsSchema,
    query: EvalRunQuerySchema,
    answers: { 200: { description: 'The eval run', schema: EvalSchema } },
    errors: [400, 404, 503],
    scopes: ['evals:read'],
    deskView: true,
    async handle({ params, query }, ctx) {
      return json(await platform.getEvalRun(selectDatabase(ctx.runtime, query), ctx.scope(undefined), params.eval_run_id, query.table));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/metrics',
    operationId: 'get_metrics',
    tags: ['Metrics'],
    summary: 'Daily metrics, refreshed first at most once a minute on a writable database',
    description:
      "As AgentOS 2.9 and 3's `get_metrics`: on a writable database the daily metrics are recalculated first (as `POST /metrics/refresh`) when a minute or more has passed since that database's last refresh on this server; a failing refresh never fails the read. A read-only database is never written: it answers the rows as stored.",
    query: MetricsQuerySchema,
    answers: { 200: { description: 'The stored daily metrics in the date range', schema: MetricsResponseSchema } },
    errors: [400, 404, 503],
    scopes: ['metrics:read'],
    deskView: true,
    async handle({ query }, ctx) {
      const db = selectDatabase(ctx.runtime, query);
      await refreshMetricsIfDue(db, query.table, metricsRefreshRunning(ctx.runtime, db), Date.now);
      return json(await platform.listMetrics(db, ctx.scope(query.user_id), query, Date.now));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/knowledge/content',
    operationId: 'get_content',
    tags: ['Knowledge'],
    summary: 'List knowledge contents (paginated; listing only, no search)',
    query: KnowledgeListQuerySchema,
    answers: { 200: { description: 'A page of knowledge contents', schema: ContentPageSchema } },
    errors: [404, 503],
    scopes: ['knowledge:read'],
    deskView: true,
    async handle({ query }, ctx) {
      return json(await platform.listKnowledge(selectDatabase(ctx.runtime, query), query));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/knowledge/content/{content_id}',
    operationId: 'get_content_by_id',
    tags: ['Knowledge'],
    summary: 'Get a knowledge content',
    params: ContentIdParamsSchema,
    query: KnowledgeContentQuerySchema,
    answers: { 200: { description: 'The content', schema: ContentResponseSchema } },
    errors: [404, 503],
    scopes: ['knowledge:read'],
    deskView: true,
    async handle({ params, query }, ctx) {
      return json(await platform.getKnowledgeContent(selectDatabase(ctx.runtime, query), params.content_id, query.knowledge_id));
    },
  }),
];
