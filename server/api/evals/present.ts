import type { z } from 'zod';
import { toIsoDateTime } from '../../agno-format/dates.js';
import { isPlainObject } from '../../agno-format/json-values.js';
import type { EvalRunRow } from '../../db/platform-data/types.js';
import type { EvalSchema } from './schemas.js';

/** A stored eval run in the platform's response model (`EvalSchema`), as AgentOS 2.9 builds it. */
export function presentEvalRun(row: EvalRunRow): z.infer<typeof EvalSchema> {
  return {
    id: row.run_id,
    agent_id: row.agent_id,
    model_id: row.model_id,
    model_provider: row.model_provider,
    team_id: row.team_id,
    workflow_id: row.workflow_id,
    name: row.name,
    evaluated_component_name: row.evaluated_component_name,
    eval_type: row.eval_type,
    eval_data: isPlainObject(row.eval_data) ? row.eval_data : {},
    eval_input: isPlainObject(row.eval_input) ? row.eval_input : null,
    created_at: toIsoDateTime(row.created_at),
    updated_at: toIsoDateTime(row.updated_at),
    // Agno 3's eval table records the owner, and AgentOS 3 answers it; Agno 2's has none.
    ...(row.user_id !== undefined ? { user_id: row.user_id } : {}),
  };
}
