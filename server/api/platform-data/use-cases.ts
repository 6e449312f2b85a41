import type { z } from 'zod';
import { toIsoDateTime } from '../../agno-format/dates.js';
import type { Database } from '../../db/types.js';
import { EVAL_TYPES, type EvalType } from '../../db/platform-data/types.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import type { AccessScope } from '../../access/scope.js';
import { paginationOf, presentContent, presentEvalRun, presentMemory, presentMetrics, presentUserStats } from './present.js';
import { metricsByDay, metricsOfOwner } from './metric-owners.js';
import type {
  ContentPageSchema,
  ContentResponseSchema,
  EvalRunListQuerySchema,
  EvalRunPageSchema,
  EvalSchema,
  KnowledgeListQuerySchema,
  MemoryListQuerySchema,
  MemoryPageSchema,
  MetricsQuerySchema,
  MetricsResponseSchema,
  UserMemorySchema,
  UserStatsPageSchema,
  UserStatsQuerySchema,
} from './schemas.js';

/**
 * The platform-data reads: memories, eval runs, metrics and knowledge contents of one database,
 * under the request's access scope. Under user isolation a caller reads only their own
 * memories (and, in Agno 3 tables that record an owner, their own eval runs); a caller with
 * no user id reads none.
 */

/** `topics=a,b` (the first value when repeated, as AgentOS): trimmed, empty ones dropped. */
export function topicsOf(value: string | string[] | undefined): string[] | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  if (!first) return undefined;
  const topics = first.split(',').map((t) => t.trim()).filter((t) => t !== '');
  return topics.length === 0 ? undefined : topics;
}

export async function listMemories(
  db: Database,
  scope: AccessScope,
  q: z.output<typeof MemoryListQuerySchema>,
): Promise<z.infer<typeof MemoryPageSchema>> {
  const page = await db.platformData().listMemories({
    table: q.table,
    scope,
    agentId: q.agent_id,
    teamId: q.team_id,
    topics: topicsOf(q.topics),
    search: q.search_content,
    page: q.page,
    limit: q.limit,
    sortBy: q.sort_by,
    sortOrder: q.sort_order,
  });
  const data = page.rows.map(presentMemory).filter((m) => m !== null);
  return { data, meta: paginationOf(q.page, q.limit, page.total, page.rows.length) };
}

export async function getMemory(
  db: Database,
  scope: AccessScope,
  memoryId: string,
  table: string | undefined,
): Promise<z.infer<typeof UserMemorySchema>> {
  const row = await db.platformData().getMemory(memoryId, { table, scope });
  const memory = row ? presentMemory(row) : null;
  if (!memory) throw new NotFoundError(`Memory with ID ${memoryId} not found`);
  return memory;
}

export async function memoryTopics(db: Database, scope: AccessScope, table: string | undefined): Promise<string[]> {
  return db.platformData().memoryTopics({ table, scope });
}

export async function userMemoryStats(
  db: Database,
  scope: AccessScope,
  q: z.output<typeof UserStatsQuerySchema>,
): Promise<z.infer<typeof UserStatsPageSchema>> {
  const page = await db.platformData().userMemoryStats({ table: q.table, scope, page: q.page, limit: q.limit });
  return { data: page.rows.map(presentUserStats), meta: paginationOf(q.page, q.limit, page.total, page.rows.length) };
}

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

/**
 * The metrics table as stored, in a date range (the route refreshes a writable database first, at
 * most once a minute: metrics-lazy-refresh.ts). An Agno 3 table (a row per owner) answers as
 * AgentOS 3 does: summed per day, or one user's rows (metric-owners.ts).
 */
export async function listMetrics(
  db: Database,
  scope: AccessScope,
  q: z.output<typeof MetricsQuerySchema>,
  now: () => number,
): Promise<z.infer<typeof MetricsResponseSchema>> {
  const answer = await db.platformData().listMetrics({ table: q.table, startingDate: q.starting_date, endingDate: q.ending_date, scope });
  let rows = answer.rows;
  if (answer.owned) rows = scope.kind === 'user' ? metricsOfOwner(rows, scope.userId) : metricsByDay(rows);
  return {
    metrics: rows.map((row) => presentMetrics(row, now)),
    updated_at: toIsoDateTime(answer.latestUpdatedAt),
  };
}

export async function listKnowledge(db: Database, q: z.output<typeof KnowledgeListQuerySchema>): Promise<z.infer<typeof ContentPageSchema>> {
  const page = await db.platformData().listKnowledge({
    linkedTo: q.knowledge_id,
    page: q.page,
    limit: q.limit,
    sortBy: q.sort_by,
    sortOrder: q.sort_order,
  });
  if (q.knowledge_id !== undefined && page.total === 0) throw new NotFoundError(`Knowledge base '${q.knowledge_id}' not found`);
  return { data: page.rows.map(presentContent), meta: paginationOf(q.page, q.limit, page.total, page.rows.length) };
}

export async function getKnowledgeContent(
  db: Database,
  contentId: string,
  knowledgeId: string | undefined,
): Promise<z.infer<typeof ContentResponseSchema>> {
  const row = await db.platformData().getKnowledge(contentId, { linkedTo: knowledgeId });
  if (!row) throw new NotFoundError(`Content not found: ${contentId}`);
  return presentContent(row);
}
