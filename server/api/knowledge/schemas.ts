import { z } from 'zod';
import { dateTime, id, paging, PaginationInfoSchema, selector, sortOrder, writeSelector } from '../common/schemas.js';

/** Query and answer schemas of the knowledge routes, as AgentOS 2.9 and 3 declare them (`agno/os/routers/knowledge/schemas.py`). */

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

export const KnowledgeSelectorQuerySchema = z.object({
  db_id: writeSelector.db_id,
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
