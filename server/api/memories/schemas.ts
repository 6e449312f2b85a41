import { z } from 'zod';
import { dateTime, firstOf, id, paging, PaginationInfoSchema, selector, sortOrder } from '../common/schemas.js';

/**
 * Query, body and answer schemas of the memory routes, as AgentOS 2.9 and 3 declare them
 * (`agno/os/routers/memory/schemas.py`): the same parameter names, defaults and bounds, and
 * answers with the fields its response models have, in their order.
 */

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
