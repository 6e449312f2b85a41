import { selectDatabase } from '../../http/request-scope.js';
import { defineRoute, json } from '../../http/route.js';
import { contentStatus, knowledgeConfig } from './knowledge-reads.js';
import * as knowledge from './use-cases.js';
import {
  ContentIdParamsSchema,
  ContentPageSchema,
  ContentResponseSchema,
  ContentStatusSchema,
  KnowledgeConfigSchema,
  KnowledgeContentQuerySchema,
  KnowledgeListQuerySchema,
  KnowledgeSelectorQuerySchema,
} from './schemas.js';

/**
 * Knowledge contents as AgentOS 2.9 and 3 serve them, read-only: listed and read from whichever
 * database the request names, and `AgentOSClient.get_knowledge_content_status` and
 * `get_knowledge_config` answered from the stored contents (`knowledge-reads.ts` says what is
 * and is not stored).
 */
export const knowledgeRoutes = [
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
      return json(await knowledge.listKnowledge(selectDatabase(ctx.runtime, query), query, ctx.surface === 'desk'));
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
      return json(await knowledge.getKnowledgeContent(selectDatabase(ctx.runtime, query), params.content_id, query.knowledge_id, ctx.surface === 'desk'));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/knowledge/content/{content_id}/status',
    operationId: 'get_content_status',
    tags: ['Knowledge'],
    summary: "A knowledge content's processing status, as stored",
    description: 'An unknown id answers 200 with status `failed` and "Content not found", as AgentOS does.',
    params: ContentIdParamsSchema,
    query: KnowledgeSelectorQuerySchema,
    answers: { 200: { description: 'The status', schema: ContentStatusSchema } },
    errors: [404, 503],
    scopes: ['knowledge:read'],
    deskView: true,
    async handle({ params, query }, ctx) {
      return json(await contentStatus(selectDatabase(ctx.runtime, query), params.content_id, query.knowledge_id));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/knowledge/config',
    operationId: 'get_knowledge_config',
    tags: ['Knowledge'],
    summary: "The knowledge configuration's stored part: the filter keys of the contents' metadata",
    description:
      "Readers, chunkers and vector databases are objects in the developer's code, not rows: rundesk answers them empty (set upstream.url to your AgentOS to see them).",
    query: KnowledgeSelectorQuerySchema,
    answers: { 200: { description: 'The configuration', schema: KnowledgeConfigSchema } },
    errors: [404, 503],
    scopes: ['knowledge:read'],
    deskView: true,
    async handle({ query }, ctx) {
      return json(await knowledgeConfig(selectDatabase(ctx.runtime, query), query.knowledge_id));
    },
  }),
];
