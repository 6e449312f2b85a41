import { z } from 'zod';

/**
 * Bodies, parameters and answers of the platform-data routes that write or report on writes, as
 * AgentOS 2.9 and 3 declare them (`UserMemoryCreateSchema`, `DeleteMemoriesRequest`,
 * `UpdateEvalRunRequest`, `DeleteEvalRunsRequest`, `MetricsRefreshResponse`,
 * `MetricsRefreshStatusResponse`, `ContentStatusResponse`, `ConfigResponseSchema`). Optional
 * fields accept an explicit `null` (a null means absent, as pydantic reads it).
 */

const id = z.string().max(512);
const selector = {
  db_id: id.min(1).optional().meta({ description: 'Database to write (default: the answering database).' }),
  table: id.min(1).optional().meta({ description: 'Table inside `db_id` (requires `db_id`).' }),
};

export const WriteSelectorQuerySchema = z.object({ ...selector });

export const MemoryCreateBodySchema = z
  .object({
    memory: z.string().min(1).max(5000).meta({ description: 'Memory content text.' }),
    user_id: id.nullish().meta({ description: 'Owner of the memory (required unless the token pins the caller to a user, whose id is used).' }),
    topics: z.array(z.string()).nullish().meta({ description: 'Topics or tags (none: `[]`).' }),
  })
  .meta({ id: 'UserMemoryCreateSchema' });

export const DeleteMemoriesBodySchema = z
  .object({
    memory_ids: z.array(id).min(1).max(10_000),
    user_id: id.nullish().meta({ description: "Only this user's memories (a pinned caller's own always)." }),
  })
  .meta({ id: 'DeleteMemoriesRequest' });

export const UpdateEvalRunBodySchema = z.object({ name: z.string().min(1).max(255) }).meta({ id: 'UpdateEvalRunRequest' });

export const DeleteEvalRunsBodySchema = z.object({ eval_run_ids: z.array(id).min(1).max(10_000) }).meta({ id: 'DeleteEvalRunsRequest' });

export const MetricsRefreshQuerySchema = z.object({
  ...selector,
  user_id: id.optional().meta({ description: "Agno 3 metrics tables: answer this user's rows. Ignored when the caller is pinned to a user." }),
  background: z
    .preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', 't', 'f', 'y', 'n']))
    .optional()
    .transform((v) => v !== undefined && ['true', '1', 'yes', 'on', 't', 'y'].includes(v))
    .meta({ description: 'Run the refresh in the background and answer 202 at once (a boolean as AgentOS reads one).' }),
});

export const MetricsRefreshResponseSchema = z
  .object({ status: z.string(), message: z.string().nullable() })
  .meta({ id: 'MetricsRefreshResponse' });

export const MetricsRefreshStatusSchema = z
  .object({
    status: z.enum(['idle', 'running', 'completed', 'failed']),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'MetricsRefreshStatusResponse' });

export const KnowledgeSelectorQuerySchema = z.object({
  db_id: selector.db_id,
  knowledge_id: id.min(1).optional().meta({ description: 'A knowledge base: the `linked_to` name its contents carry.' }),
});

export const ContentStatusSchema = z
  .object({
    id: z.string().nullable(),
    status: z.enum(['processing', 'completed', 'failed']),
    status_message: z.string(),
  })
  .meta({ id: 'ContentStatusResponse' });

export const KnowledgeConfigSchema = z
  .object({
    readers: z.record(z.string(), z.unknown()).nullable(),
    readersForType: z.record(z.string(), z.array(z.string())).nullable(),
    chunkers: z.record(z.string(), z.unknown()).nullable(),
    filters: z.array(z.string()).nullable(),
    vector_dbs: z.array(z.unknown()).nullable(),
    remote_content_sources: z.array(z.unknown()).nullable(),
  })
  .meta({ id: 'ConfigResponseSchema' });
