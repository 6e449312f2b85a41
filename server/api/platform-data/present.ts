import type { z } from 'zod';
import { toIsoDateTime } from '../../agno-format/dates.js';
import { isPlainObject } from '../../agno-format/json-values.js';
import { pythonJsonDumps } from '../../agno-format/python-json.js';
import type { EvalRunRow, KnowledgeRow, MemoryRow, MetricsRow, UserMemoryStatsRow } from '../../db/platform-data/types.js';
import type {
  ContentResponseSchema,
  DayAggregatedMetricsSchema,
  EvalSchema,
  PaginationInfoSchema,
  UserMemorySchema,
  UserStatsSchema,
} from './schemas.js';

/**
 * Stored rows in the platform's response models, field by field as AgentOS 2.9's
 * `from_dict` constructors build them (`UserMemorySchema`, `UserStatsSchema`, `EvalSchema`,
 * `DayAggregatedMetrics`, `ContentResponseSchema`). Epoch seconds become UTC date-times the way
 * pydantic writes them.
 */

/**
 * AgentOS's page meta. As there, a page past the end reports `total_count` 0 (Agno's readers
 * return no count with no rows), and `search_time_ms` is 0.
 */
export function paginationOf(page: number, limit: number, total: number, rows: number): z.infer<typeof PaginationInfoSchema> {
  const count = rows === 0 ? 0 : total;
  return { page, limit, total_pages: Math.ceil(count / limit), total_count: count, search_time_ms: 0 };
}

function memoryText(memory: unknown): string | null {
  if (memory === '' || memory === null || memory === undefined) return null;
  if (typeof memory === 'string') return memory;
  // Memories migrated from Agno 1 keep an object; its `memory` key is the text.
  if (isPlainObject(memory)) {
    const inner = memory['memory'];
    if (inner !== null && inner !== undefined) return typeof inner === 'string' ? inner : pythonJsonDumps(inner);
    return pythonJsonDumps(memory);
  }
  return pythonJsonDumps(memory);
}

/** `null` for a memory AgentOS leaves out of its pages (an empty text). */
export function presentMemory(row: MemoryRow): z.infer<typeof UserMemorySchema> | null {
  const memory = memoryText(row.memory);
  if (memory === null) return null;
  return {
    memory_id: row.memory_id,
    memory,
    topics: Array.isArray(row.topics) ? row.topics.filter((t): t is string => typeof t === 'string') : null,
    agent_id: row.agent_id,
    team_id: row.team_id,
    user_id: row.user_id,
    updated_at: toIsoDateTime(row.updated_at),
  };
}

export function presentUserStats(row: UserMemoryStatsRow): z.infer<typeof UserStatsSchema> {
  return { user_id: row.user_id, total_memories: row.total_memories, last_memory_updated_at: toIsoDateTime(row.last_memory_updated_at) };
}

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

export function presentMetrics(row: MetricsRow, now: () => number): z.infer<typeof DayAggregatedMetricsSchema> {
  const created = toIsoDateTime(row.created_at) ?? toIsoDateTime(Math.floor(now() / 1000)) ?? '';
  return {
    id: row.id,
    agent_runs_count: row.agent_runs_count,
    agent_sessions_count: row.agent_sessions_count,
    team_runs_count: row.team_runs_count,
    team_sessions_count: row.team_sessions_count,
    workflow_runs_count: row.workflow_runs_count,
    workflow_sessions_count: row.workflow_sessions_count,
    users_count: row.users_count,
    token_metrics: isPlainObject(row.token_metrics) ? row.token_metrics : {},
    model_metrics: Array.isArray(row.model_metrics) ? row.model_metrics.filter(isPlainObject) : [],
    date: `${row.date}T00:00:00Z`,
    created_at: created,
    updated_at: toIsoDateTime(row.updated_at) ?? created,
  };
}

const CONTENT_STATUSES = ['processing', 'completed', 'failed'] as const;

/** Agno's reading of a stored status: known values as they are, legacy ones by what they contain, none as processing. */
export function contentStatus(status: string | null): (typeof CONTENT_STATUSES)[number] {
  if (status === null) return 'processing';
  const lower = status.toLowerCase();
  const known = CONTENT_STATUSES.find((s) => s === lower);
  if (known) return known;
  if (lower.includes('failed')) return 'failed';
  if (lower.includes('completed')) return 'completed';
  return 'processing';
}

/**
 * A knowledge content as AgentOS lists it: built from Agno's `Content`, which carries neither
 * `linked_to` nor `access_count` (both null there), with `size` as text ("0" when unknown).
 */
export function presentContent(row: KnowledgeRow): z.infer<typeof ContentResponseSchema> {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    size: row.size ? String(row.size) : '0',
    linked_to: null,
    metadata: isPlainObject(row.metadata) ? row.metadata : null,
    access_count: null,
    status: contentStatus(row.status),
    status_message: row.status_message ?? '',
    created_at: toIsoDateTime(row.created_at),
    updated_at: toIsoDateTime(row.updated_at ?? row.created_at),
  };
}
