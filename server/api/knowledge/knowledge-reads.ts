import type { z } from 'zod';
import { isPlainObject } from '../../agno-format/json-values.js';
import type { Database } from '../../db/types.js';
import { NotFoundError } from '../../errors.js';
import { contentStatus as contentStatusOf } from './present.js';
import type { ContentStatusSchema, KnowledgeConfigSchema } from './schemas.js';

/**
 * The knowledge reads AgentOS answers from its `Knowledge` object, answered from what the
 * database stores: a content's processing status (`get_knowledge_content_status`) and the
 * configuration's stored part (`get_knowledge_config`: the filter keys, which Agno takes from the
 * stored contents' metadata). Readers, chunkers and vector databases are objects in the
 * developer's code, not rows, so rundesk lists none (forward `GET /knowledge/config` with
 * `upstream.url` to see them).
 */

/** A knowledge base named by `knowledge_id` must have contents in the database, as the listing requires. */
async function requireKnowledgeBase(db: Database, knowledgeId: string | undefined): Promise<void> {
  if (knowledgeId === undefined) return;
  const page = await db.platformData().listKnowledge({ linkedTo: knowledgeId, page: 1, limit: 1, sortBy: 'created_at', sortOrder: 'desc' });
  if (page.total === 0) throw new NotFoundError(`Knowledge base '${knowledgeId}' not found`);
}

/** AgentOS answers 200 `failed` / "Content not found" for an unknown id, not a 404. */
export async function contentStatus(db: Database, contentId: string, knowledgeId: string | undefined): Promise<z.infer<typeof ContentStatusSchema>> {
  await requireKnowledgeBase(db, knowledgeId);
  const row = await db.platformData().getKnowledge(contentId, {});
  if (!row) return { id: contentId, status: 'failed', status_message: 'Content not found' };
  return { id: contentId, status: contentStatusOf(row.status), status_message: row.status_message ?? '' };
}

/** Contents read at once for the filter keys: a local knowledge base, not a corpus. */
const FILTER_SCAN_LIMIT = 10_000;

export async function knowledgeConfig(db: Database, knowledgeId: string | undefined): Promise<z.infer<typeof KnowledgeConfigSchema>> {
  await requireKnowledgeBase(db, knowledgeId);
  const page = await db.platformData().listKnowledge({ linkedTo: knowledgeId, page: 1, limit: FILTER_SCAN_LIMIT, sortBy: 'created_at', sortOrder: 'asc' });
  const filters = new Set<string>();
  for (const row of page.rows) if (isPlainObject(row.metadata)) for (const key of Object.keys(row.metadata)) filters.add(key);
  return { readers: {}, readersForType: {}, chunkers: {}, filters: [...filters], vector_dbs: [], remote_content_sources: null };
}
