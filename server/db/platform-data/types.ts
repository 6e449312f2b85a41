import type { AccessScope } from '../../access/scope.js';
/**
 * What Agno keeps beside its sessions in the same database — user memories, eval runs, daily
 * metrics and knowledge contents — read in place, as stored, and written the way AgentOS's own
 * routes write them (memory create/update/delete, eval rename/delete, the daily metrics of a
 * refresh): the same columns, JSON encodings and epoch-second timestamps, so Agno reads back
 * what rundesk wrote.
 *
 * Rows come back decoded (JSON columns parsed, numbers as numbers) and otherwise untouched; the
 * platform's response models are applied by the platform-data area's presenters.
 */

/** The tables of one database per domain, as AgentOS's `/config` lists them (Agno's names first). */
export interface PlatformTables {
  memory: readonly string[];
  evals: readonly string[];
  metrics: readonly string[];
  knowledge: readonly string[];
}

export const PLATFORM_DOMAINS = ['memory', 'evals', 'metrics', 'knowledge'] as const;
export type PlatformDomain = (typeof PLATFORM_DOMAINS)[number];

export type SortOrder = 'asc' | 'desc';

/** A page as Agno's `get_*` methods answer it: the rows and the count of every match. */
export interface RowPage<T> {
  rows: T[];
  total: number;
}

export interface PageWindow {
  /** AgentOS accepts 0 (and reads it as the first page). */
  page: number;
  limit: number;
}

export interface MemoryRow {
  memory_id: string;
  /** The stored JSON value: a string, or (memories migrated from Agno 1) an object. */
  memory: unknown;
  topics: unknown;
  input: string | null;
  agent_id: string | null;
  team_id: string | null;
  user_id: string | null;
  feedback: string | null;
  created_at: number | null;
  updated_at: number | null;
}

export interface MemoryQuery extends PageWindow {
  table?: string | undefined;
  /** Whose memories (`server/access/scope.ts`); absent is every user's. */
  scope?: AccessScope | undefined;
  agentId?: string | undefined;
  teamId?: string | undefined;
  /** Every topic must appear among the memory's topics. */
  topics?: readonly string[] | undefined;
  /** Substring of the stored memory text. */
  search?: string | undefined;
  /** A column of the table; anything else leaves the order as stored (as AgentOS). */
  sortBy: string;
  sortOrder: SortOrder;
}

export interface UserMemoryStatsRow {
  user_id: string;
  total_memories: number;
  last_memory_updated_at: number | null;
}

export interface UserStatsQuery extends PageWindow {
  table?: string | undefined;
  scope?: AccessScope | undefined;
}

export interface EvalRunRow {
  run_id: string;
  eval_type: string;
  eval_data: unknown;
  eval_input: unknown;
  name: string | null;
  agent_id: string | null;
  team_id: string | null;
  workflow_id: string | null;
  model_id: string | null;
  model_provider: string | null;
  evaluated_component_name: string | null;
  /** Agno 3 only (owner of the run); `undefined` in a 2.x table. */
  user_id?: string | null;
  created_at: number | null;
  updated_at: number | null;
}

export const EVAL_TYPES = ['accuracy', 'agent_as_judge', 'performance', 'reliability'] as const;
export type EvalType = (typeof EVAL_TYPES)[number];
export const EVAL_COMPONENT_KINDS = ['agent', 'team', 'workflow'] as const;
export type EvalComponentKind = (typeof EVAL_COMPONENT_KINDS)[number];

export interface EvalRunQuery extends PageWindow {
  table?: string | undefined;
  /** Applied on Agno 3's `user_id` column; a 2.x table records no owner (see `scopeOn`). */
  scope?: AccessScope | undefined;
  agentId?: string | undefined;
  teamId?: string | undefined;
  workflowId?: string | undefined;
  modelId?: string | undefined;
  /** Runs of this kind of component (its id column is set). */
  componentKind?: EvalComponentKind | undefined;
  evalTypes?: readonly EvalType[] | undefined;
  sortBy: string;
  sortOrder: SortOrder;
}

export interface MetricsRow {
  id: string;
  agent_runs_count: number;
  team_runs_count: number;
  workflow_runs_count: number;
  agent_sessions_count: number;
  team_sessions_count: number;
  workflow_sessions_count: number;
  users_count: number;
  token_metrics: unknown;
  model_metrics: unknown;
  /** `YYYY-MM-DD`. */
  date: string;
  aggregation_period: string;
  /** Agno 3 only: the owner bucket (`''` = every user's traffic). */
  user_id?: string | null;
  created_at: number | null;
  updated_at: number | null;
  completed: boolean;
}

export interface MetricsQuery {
  table?: string | undefined;
  /** `YYYY-MM-DD`, bounds included. */
  startingDate?: string | undefined;
  endingDate?: string | undefined;
  /** Applied on Agno 3's `user_id` (the owner bucket); a 2.x table records no owner and is read whole. */
  scope?: AccessScope | undefined;
}

export interface MetricsAnswer {
  rows: MetricsRow[];
  /** Whether the table keeps a row per owner (Agno 3's `user_id` column). */
  owned: boolean;
  /** Newest `updated_at` of the whole table; `null` when the range holds no row (as Agno). */
  latestUpdatedAt: number | null;
}

export interface KnowledgeRow {
  id: string;
  name: string | null;
  description: string | null;
  metadata: unknown;
  type: string | null;
  size: number | null;
  linked_to: string | null;
  access_count: number | null;
  status: string | null;
  status_message: string | null;
  created_at: number | null;
  updated_at: number | null;
  external_id: string | null;
}

export interface KnowledgeQuery extends PageWindow {
  table?: string | undefined;
  /** Only contents of this knowledge base (`linked_to`). */
  linkedTo?: string | undefined;
  sortBy: string;
  sortOrder: SortOrder;
}

/** Where a write goes: the domain's table (`table` names one of `tables()`), under the caller's scope. */
export interface WriteTarget {
  table?: string | undefined;
  /** Whose rows the write may touch (`server/access/scope.ts`); absent is every row. */
  scope?: AccessScope | undefined;
}

/** A memory as AgentOS's `POST /memories` and `PATCH /memories/{id}` write it. */
export interface MemoryInput {
  memory: string;
  topics: readonly string[];
  /** The owner written on a new row (an existing row keeps its owner, as Agno's upsert does). */
  userId: string;
}

/** What an update found: the row as written, or no row the caller may change. */
export type MemoryUpdate = { kind: 'written'; row: MemoryRow } | { kind: 'not-found' };

/** One day's metrics row as Agno's `calculate_metrics()` writes it. */
export interface DailyMetricsRecord {
  /** `YYYY-MM-DD` (UTC). */
  date: string;
  /** Agno 3's owner bucket (`''` = sessions without a user); ignored by a 2.x table. */
  userId: string;
  agent_runs_count: number;
  team_runs_count: number;
  workflow_runs_count: number;
  agent_sessions_count: number;
  team_sessions_count: number;
  workflow_sessions_count: number;
  users_count: number;
  token_metrics: Record<string, number>;
  model_metrics: Array<{ model_id: string; model_provider: string; count: number }>;
  completed: boolean;
}

/** Where a metrics refresh stands in one database's metrics table. */
export interface MetricsProgress {
  /** Agno 3's layout: a row per owner (`user_id` column). A database without the table gets this layout when `layoutIfCreated` says so. */
  owned: boolean;
  /** Whether the table exists (a refresh creates it, as Agno does). */
  exists: boolean;
  /** The newest day holding a completed row, and the earliest incomplete day after it (`YYYY-MM-DD`). */
  latestCompleted: string | null;
  earliestIncomplete: string | null;
  /** The date of the newest row and whether it is completed (Agno 2's resume rule). */
  newest: { date: string; completed: boolean } | null;
}

/**
 * The writes AgentOS's routes make to the platform tables, each in one transaction that reads
 * the rows it changes first (SQLite `BEGIN IMMEDIATE`, PostgreSQL `FOR UPDATE`): several rows
 * matching one id is a `ConflictError`, never a write to all of them. A read-only database
 * refuses with `ReadOnlyDatabaseError`.
 */
export interface PlatformDataWriter {
  /** A new memory (the memory table created in Agno's layout when an SQLite database has none). */
  createMemory(memoryId: string, input: MemoryInput, target: WriteTarget): Promise<MemoryRow>;
  /**
   * AgentOS's update, an upsert by id: the memory text and topics replaced and `input`,
   * `agent_id`, `team_id`, `feedback` cleared (Agno's upsert writes them from a payload that has
   * none); a missing row is created with `input.userId`. Under a `user` scope only the caller's
   * own row may be changed (`not-found` otherwise, as AgentOS checks first).
   */
  updateMemory(memoryId: string, input: MemoryInput, target: WriteTarget): Promise<MemoryUpdate>;
  /** How many rows went (AgentOS answers 204 either way). */
  deleteMemories(memoryIds: readonly string[], target: WriteTarget): Promise<number>;
  /** The run renamed (`updated_at` now), or `null` when no row in the scope has the id. */
  renameEvalRun(runId: string, name: string, target: WriteTarget): Promise<EvalRunRow | null>;
  deleteEvalRuns(runIds: readonly string[], target: WriteTarget): Promise<number>;
  /** The metrics table's state, for the day a refresh resumes at. */
  metricsProgress(target: { table?: string | undefined; ownedIfCreated: boolean }): Promise<MetricsProgress>;
  /** Upserts the records by (owner,) day and period as Agno does (id and `created_at` kept), creating the table when missing; answers the rows as written. */
  writeDailyMetrics(records: readonly DailyMetricsRecord[], target: { table?: string | undefined; ownedIfCreated: boolean }): Promise<MetricsRow[]>;
}

/** A database's platform data: its reads and its writes. */
export type PlatformData = PlatformDataReader & PlatformDataWriter;

/**
 * One database's platform data. Every read is a Promise so a SQLite file and a PostgreSQL server
 * sit behind the same interface. A database without a domain's table answers empty, as Agno
 * reads a missing table; a `table` not among `tables()` is a `NotFoundError`.
 */
export interface PlatformDataReader {
  tables(): Promise<PlatformTables>;
  listMemories(query: MemoryQuery): Promise<RowPage<MemoryRow>>;
  getMemory(memoryId: string, filter: { table?: string | undefined; scope?: AccessScope | undefined }): Promise<MemoryRow | null>;
  memoryTopics(filter: { table?: string | undefined; scope?: AccessScope | undefined }): Promise<string[]>;
  userMemoryStats(query: UserStatsQuery): Promise<RowPage<UserMemoryStatsRow>>;
  listEvalRuns(query: EvalRunQuery): Promise<RowPage<EvalRunRow>>;
  getEvalRun(runId: string, filter: { table?: string | undefined; scope?: AccessScope | undefined }): Promise<EvalRunRow | null>;
  listMetrics(query: MetricsQuery): Promise<MetricsAnswer>;
  listKnowledge(query: KnowledgeQuery): Promise<RowPage<KnowledgeRow>>;
  getKnowledge(contentId: string, filter: { table?: string | undefined; linkedTo?: string | undefined }): Promise<KnowledgeRow | null>;
}
