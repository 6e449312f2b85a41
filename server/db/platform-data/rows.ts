import type { EvalRunRow, KnowledgeRow, MemoryRow, MetricsRow, UserMemoryStatsRow } from './types.js';

/**
 * Rows as both engines hand them over, made plain: SQLite gives JSON columns as text and
 * PostgreSQL as parsed values (`decodeJson` takes either), PostgreSQL gives BIGINT as a string
 * and DATE as a string (`pg` is told so) or a Date.
 */

type Raw = Record<string, unknown>;

export function decodeJson(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    // Not JSON (a hand-written row): the text itself is the value.
    return value;
  }
}

export function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

function stringOrNull(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : String(value);
}

function dateText(value: unknown): string {
  // `pg` reads a DATE as local midnight: its local calendar day is the stored day.
  if (value instanceof Date) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  }
  return String(value ?? '').slice(0, 10);
}

export function toMemoryRow(r: Raw): MemoryRow {
  return {
    memory_id: String(r['memory_id']),
    memory: decodeJson(r['memory']),
    topics: decodeJson(r['topics']),
    input: stringOrNull(r['input']),
    agent_id: stringOrNull(r['agent_id']),
    team_id: stringOrNull(r['team_id']),
    user_id: stringOrNull(r['user_id']),
    feedback: stringOrNull(r['feedback']),
    created_at: numberOrNull(r['created_at']),
    updated_at: numberOrNull(r['updated_at']),
  };
}

export function toUserStatsRow(r: Raw): UserMemoryStatsRow {
  return {
    user_id: String(r['user_id']),
    total_memories: numberOrNull(r['total_memories']) ?? 0,
    last_memory_updated_at: numberOrNull(r['last_memory_updated_at']),
  };
}

export function toEvalRunRow(r: Raw): EvalRunRow {
  const row: EvalRunRow = {
    run_id: String(r['run_id']),
    eval_type: String(r['eval_type']),
    eval_data: decodeJson(r['eval_data']),
    eval_input: decodeJson(r['eval_input']),
    name: stringOrNull(r['name']),
    agent_id: stringOrNull(r['agent_id']),
    team_id: stringOrNull(r['team_id']),
    workflow_id: stringOrNull(r['workflow_id']),
    model_id: stringOrNull(r['model_id']),
    model_provider: stringOrNull(r['model_provider']),
    evaluated_component_name: stringOrNull(r['evaluated_component_name']),
    created_at: numberOrNull(r['created_at']),
    updated_at: numberOrNull(r['updated_at']),
  };
  if ('user_id' in r) row.user_id = stringOrNull(r['user_id']);
  return row;
}

export function toMetricsRow(r: Raw): MetricsRow {
  const count = (k: string) => numberOrNull(r[k]) ?? 0;
  const row: MetricsRow = {
    id: String(r['id']),
    agent_runs_count: count('agent_runs_count'),
    team_runs_count: count('team_runs_count'),
    workflow_runs_count: count('workflow_runs_count'),
    agent_sessions_count: count('agent_sessions_count'),
    team_sessions_count: count('team_sessions_count'),
    workflow_sessions_count: count('workflow_sessions_count'),
    users_count: count('users_count'),
    token_metrics: decodeJson(r['token_metrics']),
    model_metrics: decodeJson(r['model_metrics']),
    date: dateText(r['date']),
    aggregation_period: String(r['aggregation_period'] ?? ''),
    created_at: numberOrNull(r['created_at']),
    updated_at: numberOrNull(r['updated_at']),
    completed: r['completed'] === true || r['completed'] === 1 || r['completed'] === '1',
  };
  if ('user_id' in r) row.user_id = stringOrNull(r['user_id']);
  return row;
}

export function toKnowledgeRow(r: Raw): KnowledgeRow {
  return {
    id: String(r['id']),
    name: stringOrNull(r['name']),
    description: stringOrNull(r['description']),
    metadata: decodeJson(r['metadata']),
    type: stringOrNull(r['type']),
    size: numberOrNull(r['size']),
    linked_to: stringOrNull(r['linked_to']),
    access_count: numberOrNull(r['access_count']),
    status: stringOrNull(r['status']),
    status_message: stringOrNull(r['status_message']),
    created_at: numberOrNull(r['created_at']),
    updated_at: numberOrNull(r['updated_at']),
    external_id: stringOrNull(r['external_id']),
  };
}

/** Every distinct topic of the rows' `topics` arrays (rows whose topics are not an array are skipped, as Agno). */
export function distinctTopics(values: readonly unknown[]): string[] {
  const topics = new Set<string>();
  for (const value of values) {
    const decoded = decodeJson(value);
    if (!Array.isArray(decoded)) continue;
    for (const topic of decoded) if (typeof topic === 'string') topics.add(topic);
  }
  return [...topics];
}
