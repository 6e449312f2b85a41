import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { ownerOf, type AccessScope } from '../../access/scope.js';
import type { Database } from '../../db/types.js';
import { BadRequestError, NotFoundError } from '../../errors.js';
import { paginationOf, refuseWithoutIdentity } from '../common/use-cases.js';
import { presentMemory, presentUserStats } from './present.js';
import type {
  DeleteMemoriesBodySchema,
  MemoryCreateBodySchema,
  MemoryListQuerySchema,
  MemoryPageSchema,
  UserMemorySchema,
  UserStatsPageSchema,
  UserStatsQuerySchema,
} from './schemas.js';

/**
 * The memories of one database under the request's access scope. Under user isolation a caller
 * reads and writes only their own memories (a caller pinned to a user writes as that user
 * whatever the body names); a caller who sees every row writes as the body's `user_id`; a token
 * without a user id reads none and writes nothing (403).
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

type MemoryBody = z.output<typeof MemoryCreateBodySchema>;

/** The owner of a created or upserted memory: AgentOS answers 400 when there is none. */
function memoryOwner(scope: AccessScope, body: MemoryBody): string {
  const owner = ownerOf(scope, body.user_id ?? null, 'memories');
  if (owner === null) throw new BadRequestError('User ID is required');
  return owner;
}

function present(row: Parameters<typeof presentMemory>[0]): z.infer<typeof UserMemorySchema> {
  const memory = presentMemory(row);
  // The body's text is at least one character, so the row always presents.
  if (!memory) throw new TypeError(`memory ${row.memory_id} was written without text`);
  return memory;
}

export async function createMemory(db: Database, scope: AccessScope, body: MemoryBody, table: string | undefined): Promise<z.infer<typeof UserMemorySchema>> {
  const userId = memoryOwner(scope, body);
  const row = await db.platformData().createMemory(randomUUID(), { memory: body.memory, topics: body.topics ?? [], userId }, { table, scope });
  return present(row);
}

export async function updateMemory(
  db: Database,
  scope: AccessScope,
  memoryId: string,
  body: MemoryBody,
  table: string | undefined,
): Promise<z.infer<typeof UserMemorySchema>> {
  const userId = memoryOwner(scope, body);
  const update = await db.platformData().updateMemory(memoryId, { memory: body.memory, topics: body.topics ?? [], userId }, { table, scope });
  if (update.kind === 'not-found') throw new NotFoundError('Memory not found');
  return present(update.row);
}

export async function deleteMemory(db: Database, scope: AccessScope, memoryId: string, table: string | undefined): Promise<void> {
  refuseWithoutIdentity(scope, 'memories');
  await db.platformData().deleteMemories([memoryId], { table, scope });
}

export async function deleteMemories(db: Database, scope: AccessScope, body: z.output<typeof DeleteMemoriesBodySchema>, table: string | undefined): Promise<void> {
  refuseWithoutIdentity(scope, 'memories');
  await db.platformData().deleteMemories(body.memory_ids, { table, scope });
}
