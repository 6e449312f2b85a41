import { selectDatabase } from '../../http/request-scope.js';
import { defineRoute, json, noContent } from '../../http/route.js';
import { EvalRunIdParamsSchema, EvalSchema, MemoryIdParamsSchema, MemoryQuerySchema, UserMemorySchema } from './schemas.js';
import * as writes from './write-use-cases.js';
import {
  DeleteEvalRunsBodySchema,
  DeleteMemoriesBodySchema,
  MemoryCreateBodySchema,
  UpdateEvalRunBodySchema,
  WriteSelectorQuerySchema,
} from './write-schemas.js';

/**
 * The memory and eval-run writes AgentOS's own client makes (`create_memory`, `update_memory`,
 * `delete_memory`, `delete_memories`, `update_eval_run`, `delete_eval_runs`), written into the
 * database's Agno tables in Agno's layout, so the agent reads them back. A read-only database
 * answers 409.
 */
export const platformWriteRoutes = [
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
      return json(await writes.createMemory(selectDatabase(ctx.runtime, query), ctx.scope(undefined), body, query.table));
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
      return json(await writes.updateMemory(selectDatabase(ctx.runtime, query), ctx.scope(undefined), params.memory_id, body, query.table));
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
      await writes.deleteMemory(selectDatabase(ctx.runtime, query), ctx.scope(query.user_id), params.memory_id, query.table);
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
      await writes.deleteMemories(selectDatabase(ctx.runtime, query), ctx.scope(body.user_id ?? undefined), body, query.table);
      return noContent();
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/eval-runs/{eval_run_id}',
    operationId: 'update_eval_run',
    tags: ['Evals'],
    summary: 'Rename an eval run',
    params: EvalRunIdParamsSchema,
    query: WriteSelectorQuerySchema,
    body: { schema: UpdateEvalRunBodySchema, limit: '64kb' },
    answers: { 200: { description: 'The eval run as renamed', schema: EvalSchema } },
    errors: [400, 404, 409, 503],
    scopes: ['evals:write'],
    deskView: false,
    async handle({ params, query, body }, ctx) {
      return json(await writes.renameEvalRun(selectDatabase(ctx.runtime, query), ctx.scope(undefined), params.eval_run_id, body, query.table));
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/eval-runs',
    operationId: 'delete_eval_runs',
    tags: ['Evals'],
    summary: 'Delete several eval runs',
    query: WriteSelectorQuerySchema,
    body: { schema: DeleteEvalRunsBodySchema, limit: '1mb' },
    answers: { 204: { description: 'Deleted (ids that matched nothing included)' } },
    errors: [400, 404, 409, 503],
    scopes: ['evals:delete'],
    deskView: false,
    async handle({ query, body }, ctx) {
      await writes.deleteEvalRuns(selectDatabase(ctx.runtime, query), ctx.scope(undefined), body, query.table);
      return noContent();
    },
  }),
];
