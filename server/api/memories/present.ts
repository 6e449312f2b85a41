import type { z } from 'zod';
import { toIsoDateTime } from '../../agno-format/dates.js';
import { isPlainObject } from '../../agno-format/json-values.js';
import { pythonJsonDumps } from '../../agno-format/python-json.js';
import type { MemoryRow, UserMemoryStatsRow } from '../../db/platform-data/types.js';
import type { UserMemorySchema, UserStatsSchema } from './schemas.js';

/** Stored memory rows in the platform's response models (`UserMemorySchema`, `UserStatsSchema`), as AgentOS 2.9 builds them. */

function memoryText(memory: unknown): string | null {
  if (memory === '' || memory === null || memory === undefined) return null;
  if (typeof memory === 'string') return memory;
  // Memories migrated from Agno 1 keep an object; its `memory` key is the text.
  if (isPlainObject(memory)) {
    const inner = memory['memory'];
    if (inner !== null && inner !== undefined) return typeof inner === 'string' ? inner : pythonJsonDumps(inner);
    return pythonJsonDumps(memory);
  }
  return pythonJsonDumps(memory);
}

/** `null` for a memory AgentOS leaves out of its pages (an empty text). */
export function presentMemory(row: MemoryRow): z.infer<typeof UserMemorySchema> | null {
  const memory = memoryText(row.memory);
  if (memory === null) return null;
  return {
    memory_id: row.memory_id,
    memory,
    topics: Array.isArray(row.topics) ? row.topics.filter((t): t is string => typeof t === 'string') : null,
    agent_id: row.agent_id,
    team_id: row.team_id,
    user_id: row.user_id,
    updated_at: toIsoDateTime(row.updated_at),
  };
}

export function presentUserStats(row: UserMemoryStatsRow): z.infer<typeof UserStatsSchema> {
  return { user_id: row.user_id, total_memories: row.total_memories, last_memory_updated_at: toIsoDateTime(row.last_memory_updated_at) };
}
