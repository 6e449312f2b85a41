import { z } from 'zod';
import { EVAL_COMPONENT_KINDS, EVAL_TYPES } from '../../db/platform-data/types.js';
import { dateTime, id, paging, PaginationInfoSchema, selector, sortOrder } from '../common/schemas.js';

/** Query, body and answer schemas of the eval-run routes, as AgentOS 2.9 and 3 declare them (`agno/os/routers/evals/schemas.py`). */

export const EvalRunListQuerySchema = z.object({
  ...selector,
  agent_id: id.optional(),
  team_id: id.optional(),
  workflow_id: id.optional(),
  model_id: id.optional(),
  type: z.enum(EVAL_COMPONENT_KINDS).optional().meta({ description: 'Runs that evaluated an agent, a team or a workflow.' }),
  eval_types: z.string().max(200).optional().meta({ description: `Comma-separated eval types (${EVAL_TYPES.join(', ')}).` }),
  ...paging,
  sort_by: z.string().max(64).default('created_at'),
  sort_order: sortOrder,
});
export const EvalRunIdParamsSchema = z.object({ eval_run_id: id });
export const EvalRunQuerySchema = z.object({ ...selector });

export const EvalSchema = z
  .object({
    id: z.string(),
    agent_id: z.string().nullable(),
    model_id: z.string().nullable(),
    model_provider: z.string().nullable(),
    team_id: z.string().nullable(),
    workflow_id: z.string().nullable(),
    name: z.string().nullable(),
    evaluated_component_name: z.string().nullable(),
    eval_type: z.string(),
    eval_data: z.record(z.string(), z.unknown()),
    eval_input: z.record(z.string(), z.unknown()).nullable(),
    created_at: dateTime,
    updated_at: dateTime,
    user_id: z.string().nullable().optional().meta({ description: "The run's owner, from an Agno 3 eval table (absent for Agno 2's, which records none)." }),
  })
  .meta({ id: 'EvalSchema' });
export const EvalRunPageSchema = z.object({ data: z.array(EvalSchema), meta: PaginationInfoSchema }).meta({ id: 'EvalRunPage' });

export const UpdateEvalRunBodySchema = z.object({ name: z.string().min(1).max(255) }).meta({ id: 'UpdateEvalRunRequest' });

export const DeleteEvalRunsBodySchema = z.object({ eval_run_ids: z.array(id).min(1).max(10_000) }).meta({ id: 'DeleteEvalRunsRequest' });
