import { selectDatabase } from '../../http/request-scope.js';
import { defineRoute, json } from '../../http/route.js';
import { contentStatus, knowledgeConfig } from './knowledge-reads.js';
import { ContentIdParamsSchema } from './schemas.js';
import { ContentStatusSchema, KnowledgeConfigSchema, KnowledgeSelectorQuerySchema } from './write-schemas.js';

/**
 * `AgentOSClient.get_knowledge_content_status` and `get_knowledge_config`, answered from the
 * database's knowledge contents (`knowledge-reads.ts` says what is and is not stored).
 */
export const knowledgeStatusRoutes = [
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
