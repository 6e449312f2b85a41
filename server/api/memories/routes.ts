import { selectDatabase } from '../../http/request-scope.js';
import { defineRoute, json, noContent } from '../../http/route.js';
import { WriteSelectorQuerySchema } from '../common/schemas.js';
import * as memories from './use-cases.js';
import {
  DeleteMemoriesBodySchema,
  MemoryCreateBodySchema,
  MemoryIdParamsSchema,
  MemoryListQuerySchema,
  MemoryPageSchema,
  MemoryQuerySchema,
  MemoryTopicsSchema,
  UserMemorySchema,
  UserStatsPageSchema,
  UserStatsQuerySchema,
} from './schemas.js';

/**
 * User memories as AgentOS 2.9 and 3 serve them: read from whichever database the request
 * names (its parameters, page meta, sort and response models), and written (`create_memory`,
 * `update_memory`, `delete_memory`, `delete_memories`) into the database's Agno table in Agno's
 * layout, so the agent reads them back; a read-only database answers 409.
 */
export const memoryRoutes = [
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
      return json(await memories.listMemories(selectDatabase(ctx.runtime, query), ctx.scope(query.user_id), query));
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
      return json(await memories.getMemory(selectDatabase(ctx.runtime, query), ctx.scope(query.user_id), params.memory_id, query.table));
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
      return json(await memories.memoryTopics(selectDatabase(ctx.runtime, query), ctx.scope(query.user_id), query.table));
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
      return json(await memories.userMemoryStats(selectDatabase(ctx.runtime, query), ctx.scope(query.user_id), query));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/memories',
    operationId: 'create_memory',
    tags: ['Memory'],
    summary: 'Create a memory',
    description:
      "Writes a row into the database's memory table as Agno does (an SQLite database without one gets Agno's `agno_memories`). Owner: the token's user under isolation, else the body's `user_id` (required).",
    query: WriteSelectorQuerySchema,
    body: { schema: MemoryCreateBodySchema, limit: '1mb' },
    answers: { 200: { description: 'The memory as written', schema: UserMemorySchema } },
    errors: [400, 404, 409, 503],
    scopes: ['memories:write'],
    deskView: false,
    async handle({ query, body }, ctx) {
      return json(await memories.createMemory(selectDatabase(ctx.runtime, query), ctx.scope(undefined), body, query.table));
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/memories/{memory_id}',
    operationId: 'update_memory',
    tags: ['Memory'],
    summary: 'Update a memory (text and topics replaced)',
    description:
      "AgentOS's upsert by id: text and topics replaced, `input`, `agent_id`, `team_id` and `feedback` cleared, owner and `created_at` kept; a missing id is created. A caller pinned to a user changes only its own memories (404 otherwise).",
    params: MemoryIdParamsSchema,
    query: WriteSelectorQuerySchema,
    body: { schema: MemoryCreateBodySchema, limit: '1mb' },
    answers: { 200: { description: 'The memory as written', schema: UserMemorySchema } },
    errors: [400, 404, 409, 503],
    scopes: ['memories:write'],
    deskView: false,
    async handle({ params, query, body }, ctx) {
      return json(await memories.updateMemory(selectDatabase(ctx.runtime, query), ctx.scope(undefined), params.memory_id, body, query.table));
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/memories/{memory_id}',
    operationId: 'delete_memory',
    tags: ['Memory'],
    summary: 'Delete a memory',
    params: MemoryIdParamsSchema,
    query: MemoryQuerySchema,
    answers: { 204: { description: "Deleted, or there was no such memory (of this caller's)" } },
    errors: [400, 404, 409, 503],
    scopes: ['memories:delete'],
    deskView: false,
    async handle({ params, query }, ctx) {
      // 204 whether or not a row matched, as AgentOS.
      await memories.deleteMemory(selectDatabase(ctx.runtime, query), ctx.scope(query.user_id), params.memory_id, query.table);
      return noContent();
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/memories',
    operationId: 'delete_memories',
    tags: ['Memory'],
    summary: 'Delete several memories',
    query: WriteSelectorQuerySchema,
    body: { schema: DeleteMemoriesBodySchema, limit: '1mb' },
    answers: { 204: { description: 'Deleted (ids that matched nothing included)' } },
    errors: [400, 404, 409, 503],
    scopes: ['memories:delete'],
    deskView: false,
    async handle({ query, body }, ctx) {
      await memories.deleteMemories(selectDatabase(ctx.runtime, query), ctx.scope(body.user_id ?? undefined), body, query.table);
      return noContent();
    },
  }),
];
