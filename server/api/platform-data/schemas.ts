import { z } from 'zod';
import { EVAL_COMPONENT_KINDS, EVAL_TYPES } from '../../db/platform-data/types.js';

/**
 * Query and answer schemas of the platform-data routes, as AgentOS 2.9 declares them
 * (`agno/os/routers/{memory,evals,metrics,knowledge}/schemas.py`, `agno/os/schema.py`): the
 * same parameter names, defaults and bounds, and answers with the fields its response models
 * have, in their order. They validate requests and are the OpenAPI document's source.
 */

const id = z.string().max(512);
const dateTime = z.string().nullable().meta({ description: 'UTC date-time, e.g. `2026-04-05T13:56:23Z`.' });
const selector = {
  db_id: id.min(1).optional().meta({ description: 'Database to read (default: the answering database).' }),
  table: id.min(1).optional().meta({ description: 'Table inside `db_id` (requires `db_id`).' }),
};
/** AgentOS: `limit` ≥ 1 (no upper bound there; 500 here), `page` ≥ 0 (0 reads as the first page). */
const paging = {
  limit: z.coerce.number().int().min(1).max(500).default(20),
  page: z.coerce.number().int().min(0).default(1),
};
const sortOrder = z.enum(['asc', 'desc']).default('desc');
/** The first value when a parameter is repeated (FastAPI's reading of a scalar parameter). */
const firstOf = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (Array.isArray(v) ? v[0] : v), schema) as unknown as T;

export const PaginationInfoSchema = z
  .object({
    page: z.number().int(),
    limit: z.number().int(),
    total_pages: z.number().int(),
    total_count: z.number().int(),
    search_time_ms: z.number(),
  })
  .meta({ id: 'PaginationInfo' });

// Memories

export const MemoryListQuerySchema = z.object({
  ...selector,
  user_id: firstOf(id.optional()),
  agent_id: firstOf(id.optional()),
  team_id: firstOf(id.optional()),
  topics: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .meta({ description: 'Comma-separated topics; a memory must have every one. Repeated, the first value counts (as AgentOS).' }),
  search_content: firstOf(z.string().max(1000).optional()).meta({ description: 'Substring of the memory text, any letter case.' }),
  ...paging,
  sort_by: firstOf(z.string().max(64).default('updated_at')).meta({ description: 'A column of the memory table; another name leaves the stored order.' }),
  sort_order: sortOrder,
});

export const MemoryIdParamsSchema = z.object({ memory_id: id });
export const MemoryQuerySchema = z.object({ ...selector, user_id: id.optional() });

export const UserMemorySchema = z
  .object({
    memory_id: z.string(),
    memory: z.string(),
    topics: z.array(z.string()).nullable(),
    agent_id: z.string().nullable(),
    team_id: z.string().nullable(),
    user_id: z.string().nullable(),
    updated_at: dateTime,
  })
  .meta({ id: 'UserMemorySchema' });

export const MemoryPageSchema = z.object({ data: z.array(UserMemorySchema), meta: PaginationInfoSchema }).meta({ id: 'MemoryPage' });
export const MemoryTopicsSchema = z.array(z.string()).meta({ id: 'MemoryTopics' });

export const UserStatsQuerySchema = z.object({ ...selector, user_id: id.optional(), ...paging });
export const UserStatsSchema = z
  .object({ user_id: z.string(), total_memories: z.number().int(), last_memory_updated_at: dateTime })
  .meta({ id: 'UserStatsSchema' });
export const UserStatsPageSchema = z.object({ data: z.array(UserStatsSchema), meta: PaginationInfoSchema }).meta({ id: 'UserStatsPage' });

// Eval runs

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

// Metrics

const isoDate = z.iso.date().meta({ description: '`YYYY-MM-DD`' });
export const MetricsQuerySchema = z.object({
  ...selector,
  starting_date: isoDate.optional(),
  ending_date: isoDate.optional(),
  user_id: id.optional().meta({ description: "Agno 3 metrics tables (a row per owner): this user's rows. Ignored when the caller is pinned to a user." }),
});

export const DayAggregatedMetricsSchema = z
  .object({
    id: z.string(),
    agent_runs_count: z.number().int(),
    agent_sessions_count: z.number().int(),
    team_runs_count: z.number().int(),
    team_sessions_count: z.number().int(),
    workflow_runs_count: z.number().int(),
    workflow_sessions_count: z.number().int(),
    users_count: z.number().int(),
    token_metrics: z.record(z.string(), z.unknown()),
    model_metrics: z.array(z.record(z.string(), z.unknown())),
    date: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'DayAggregatedMetrics' });
export const MetricsResponseSchema = z
  .object({ metrics: z.array(DayAggregatedMetricsSchema), updated_at: dateTime })
  .meta({ id: 'MetricsResponse' });

// Knowledge

export const KnowledgeListQuerySchema = z.object({
  db_id: selector.db_id,
  knowledge_id: id.min(1).optional().meta({ description: 'A knowledge base: the `linked_to` name its contents carry.' }),
  ...paging,
  sort_by: z.string().max(64).default('created_at'),
  sort_order: sortOrder,
});
export const ContentIdParamsSchema = z.object({ content_id: id });
export const KnowledgeContentQuerySchema = z.object({ db_id: selector.db_id, knowledge_id: id.min(1).optional() });

export const ContentResponseSchema = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    description: z.string().nullable(),
    type: z.string().nullable(),
    size: z.string().nullable(),
    linked_to: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    access_count: z.number().int().nullable(),
    status: z.enum(['processing', 'completed', 'failed']).nullable(),
    status_message: z.string().nullable(),
    created_at: dateTime,
    updated_at: dateTime,
  })
  .meta({ id: 'ContentResponseSchema' });
export const ContentPageSchema = z.object({ data: z.array(ContentResponseSchema), meta: PaginationInfoSchema }).meta({ id: 'ContentPage' });

// Models

export const ModelSchema = z
  .object({ id: z.string().optional(), provider: z.string().optional() })
  .meta({ id: 'Model', description: 'A model the stored runs used (AgentOS `Model`: null fields left out).' });
export const ModelListSchema = z.array(ModelSchema).meta({ id: 'ModelList' });
