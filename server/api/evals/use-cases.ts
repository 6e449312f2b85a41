import type { z } from 'zod';
import type { AccessScope } from '../../access/scope.js';
import { EVAL_TYPES, type EvalType } from '../../db/platform-data/types.js';
import type { Database } from '../../db/types.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { paginationOf, refuseWithoutIdentity } from '../common/use-cases.js';
import { presentEvalRun } from './present.js';
import type { DeleteEvalRunsBodySchema, EvalRunListQuerySchema, EvalRunPageSchema, EvalSchema, UpdateEvalRunBodySchema } from './schemas.js';

/**
 * The eval runs of one database under the request's access scope: in Agno 3 tables that record
 * an owner, a caller under user isolation reads and changes only their own.
 */

/** `eval_types=accuracy,performance`: each must be an eval type (422 naming the valid ones, as AgentOS). */
export function evalTypesOf(value: string | undefined): EvalType[] | undefined {
  if (!value) return undefined;
  const types = value.split(',').map((t) => t.trim());
  for (const type of types) {
    if (!(EVAL_TYPES as readonly string[]).includes(type)) {
      const issue = { path: 'query.eval_types', message: `'${type}' is not a valid eval type; valid types: ${EVAL_TYPES.join(', ')}` };
      throw new ValidationError(`Invalid eval_type: ${issue.message}`, [issue]);
    }
  }
  return types as EvalType[];
}

export async function listEvalRuns(
  db: Database,
  scope: AccessScope,
  q: z.output<typeof EvalRunListQuerySchema>,
): Promise<z.infer<typeof EvalRunPageSchema>> {
  const evalTypes = evalTypesOf(q.eval_types);
  const page = await db.platformData().listEvalRuns({
    table: q.table,
    scope,
    agentId: q.agent_id,
    teamId: q.team_id,
    workflowId: q.workflow_id,
    modelId: q.model_id,
    componentKind: q.type,
    evalTypes,
    page: q.page,
    limit: q.limit,
    sortBy: q.sort_by,
    sortOrder: q.sort_order,
  });
  return { data: page.rows.map(presentEvalRun), meta: paginationOf(q.page, q.limit, page.total, page.rows.length) };
}

export async function getEvalRun(db: Database, scope: AccessScope, runId: string, table: string | undefined): Promise<z.infer<typeof EvalSchema>> {
  const row = await db.platformData().getEvalRun(runId, { table, scope });
  if (!row) throw new NotFoundError(`Eval run with id '${runId}' not found`);
  return presentEvalRun(row);
}

export async function renameEvalRun(
  db: Database,
  scope: AccessScope,
  runId: string,
  body: z.output<typeof UpdateEvalRunBodySchema>,
  table: string | undefined,
): Promise<z.infer<typeof EvalSchema>> {
  refuseWithoutIdentity(scope, 'eval runs');
  const row = await db.platformData().renameEvalRun(runId, body.name, { table, scope });
  if (!row) throw new NotFoundError(`Eval run with id '${runId}' not found`);
  return presentEvalRun(row);
}

export async function deleteEvalRuns(db: Database, scope: AccessScope, body: z.output<typeof DeleteEvalRunsBodySchema>, table: string | undefined): Promise<void> {
  refuseWithoutIdentity(scope, 'eval runs');
  await db.platformData().deleteEvalRuns(body.eval_run_ids, { table, scope });
}
