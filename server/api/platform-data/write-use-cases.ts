import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { ownerOf, type AccessScope } from '../../access/scope.js';
import type { Database } from '../../db/types.js';
import { BadRequestError, NotFoundError } from '../../errors.js';
import { presentEvalRun, presentMemory } from './present.js';
import type { EvalSchema, UserMemorySchema } from './schemas.js';
import type { DeleteEvalRunsBodySchema, DeleteMemoriesBodySchema, MemoryCreateBodySchema, UpdateEvalRunBodySchema } from './write-schemas.js';

/**
 * The memory and eval-run writes of AgentOS's routes, under the request's access scope: a
 * caller pinned to a user writes as that user whatever the body names (and changes only its own
 * rows), a caller who sees every row writes as the body's `user_id`, and a token without a user
 * id under isolation writes nothing (403).
 */

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

/** A token without a user id under isolation writes nothing, deletes included (as AgentOS 3 refuses it with 403). */
export function refuseWithoutIdentity(scope: AccessScope, what: string): void {
  if (scope.kind === 'none') ownerOf(scope, null, what);
}

export async function deleteMemory(db: Database, scope: AccessScope, memoryId: string, table: string | undefined): Promise<void> {
  refuseWithoutIdentity(scope, 'memories');
  await db.platformData().deleteMemories([memoryId], { table, scope });
}

export async function deleteMemories(db: Database, scope: AccessScope, body: z.output<typeof DeleteMemoriesBodySchema>, table: string | undefined): Promise<void> {
  refuseWithoutIdentity(scope, 'memories');
  await db.platformData().deleteMemories(body.memory_ids, { table, scope });
}

export async function renameEvalRun(
  db: Database,
  scope: AccessScope,
  runId: string,
  body: z.output<typeof UpdateEvalRunBodySchema>,
  table: string | undefined,
): Promise<z.infer<typeof EvalSchema>> {
  refuseWithoutIdentity(scope, 'eval runs');
  const row = await db.platformData().renameEvalRun(runId, body.name, { table, scope });
  if (!row) throw new NotFoundError(`Eval run with id '${runId}' not found`);
  return presentEvalRun(row);
}

export async function deleteEvalRuns(db: Database, scope: AccessScope, body: z.output<typeof DeleteEvalRunsBodySchema>, table: string | undefined): Promise<void> {
  refuseWithoutIdentity(scope, 'eval runs');
  await db.platformData().deleteEvalRuns(body.eval_run_ids, { table, scope });
}
