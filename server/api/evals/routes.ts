import { selectDatabase } from '../../http/request-scope.js';
import { defineRoute, json, noContent } from '../../http/route.js';
import { WriteSelectorQuerySchema } from '../common/schemas.js';
import * as evals from './use-cases.js';
import { DeleteEvalRunsBodySchema, EvalRunIdParamsSchema, EvalRunListQuerySchema, EvalRunPageSchema, EvalRunQuerySchema, EvalSchema, UpdateEvalRunBodySchema } from './schemas.js';

/**
 * Eval runs as AgentOS 2.9 and 3 serve them: read from whichever database the request names,
 * renamed (`update_eval_run`) and deleted (`delete_eval_runs`) in the database's Agno table; a
 * read-only database answers 409.
 */
export const evalRoutes = [
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
      return json(await evals.listEvalRuns(selectDatabase(ctx.runtime, query), ctx.scope(undefined), query));
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
      return json(await evals.getEvalRun(selectDatabase(ctx.runtime, query), ctx.scope(undefined), params.eval_run_id, query.table));
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
      return json(await evals.renameEvalRun(selectDatabase(ctx.runtime, query), ctx.scope(undefined), params.eval_run_id, body, query.table));
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
      await evals.deleteEvalRuns(selectDatabase(ctx.runtime, query), ctx.scope(undefined), body, query.table);
      return noContent();
    },
  }),
];
