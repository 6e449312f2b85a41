import { z } from 'zod';

/**
 * What several API areas share in their schemas, as AgentOS 2.9 declares them: an id's bounds, a
 * UTC date-time, the database selectors (a session table's, a platform-data read's and write's),
 * paging, sort order, JSON objects, and the page meta every platform-data list answers with.
 */

export const id = z.string().max(512);
export const dateTime = z.string().nullable().meta({ description: 'UTC date-time, e.g. `2026-04-05T13:56:23Z`.' });
export const selector = {
  db_id: id.min(1).optional().meta({ description: 'Database to read (default: the answering database).' }),
  table: id.min(1).optional().meta({ description: 'Table inside `db_id` (requires `db_id`).' }),
};
/** AgentOS: `limit` ≥ 1 (no upper bound there; 500 here), `page` ≥ 0 (0 reads as the first page). */
export const paging = {
  limit: z.coerce.number().int().min(1).max(500).default(20),
  page: z.coerce.number().int().min(0).default(1),
};
export const sortOrder = z.enum(['asc', 'desc']).default('desc');
/** The first value when a parameter is repeated (FastAPI's reading of a scalar parameter). */
export const firstOf = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (Array.isArray(v) ? v[0] : v), schema) as unknown as T;

export const writeSelector = {
  db_id: id.min(1).optional().meta({ description: 'Database to write (default: the answering database).' }),
  table: id.min(1).optional().meta({ description: 'Table inside `db_id` (requires `db_id`).' }),
};

export const PaginationInfoSchema = z
  .object({
    page: z.number().int(),
    limit: z.number().int(),
    total_pages: z.number().int(),
    total_count: z.number().int(),
    search_time_ms: z.number(),
  })
  .meta({ id: 'PaginationInfo' });

export const WriteSelectorQuerySchema = z.object({ ...writeSelector });

export const optionalId = z.string().min(1).max(512);
/** A `user_id` filter; empty is the empty user (no row), as AgentOS reads it. */
export const userIdFilter = z.string().max(512);

/** `db_id` / `table` select a database and a session table inside it (docs/databases.md). */
export const StoreSelectorSchema = z.object({
  db_id: optionalId.optional().meta({ description: 'Database identifier to query (default: the built-in database).' }),
  table: optionalId.optional().meta({ description: 'Session table inside `db_id` (requires `db_id`).' }),
});

export const isoDate = z.string().nullable().meta({ description: 'ISO-8601 UTC date-time' });

export const jsonObject = z.record(z.string(), z.unknown()).nullable();
