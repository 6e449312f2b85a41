import type { z } from 'zod';
import type { Database } from '../../db/types.js';
import { NotFoundError } from '../../errors.js';
import { paginationOf } from '../common/use-cases.js';
import { presentContent } from './present.js';
import type { ContentPageSchema, ContentResponseSchema, KnowledgeListQuerySchema } from './schemas.js';

/** The knowledge contents of one database, listed and read as AgentOS 2.9 answers them. */

/** `withBase`: answer each content's stored `linked_to` (the desk view), where AgentOS answers null. */
export async function listKnowledge(db: Database, q: z.output<typeof KnowledgeListQuerySchema>, withBase = false): Promise<z.infer<typeof ContentPageSchema>> {
  const page = await db.platformData().listKnowledge({
    linkedTo: q.knowledge_id,
    page: q.page,
    limit: q.limit,
    sortBy: q.sort_by,
    sortOrder: q.sort_order,
  });
  if (q.knowledge_id !== undefined && page.total === 0) throw new NotFoundError(`Knowledge base '${q.knowledge_id}' not found`);
  return { data: page.rows.map((row) => presentContent(row, withBase)), meta: paginationOf(q.page, q.limit, page.total, page.rows.length) };
}

export async function getKnowledgeContent(
  db: Database,
  contentId: string,
  knowledgeId: string | undefined,
  withBase = false,
): Promise<z.infer<typeof ContentResponseSchema>> {
  const row = await db.platformData().getKnowledge(contentId, { linkedTo: knowledgeId });
  if (!row) throw new NotFoundError(`Content not found: ${contentId}`);
  return presentContent(row, withBase);
}
