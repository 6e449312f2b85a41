import type { z } from 'zod';
import { ownerOf, type AccessScope } from '../../access/scope.js';
import type { PaginationInfoSchema } from './schemas.js';

/**
 * AgentOS's page meta. As there, a page past the end reports `total_count` 0 (Agno's readers
 * return no count with no rows), and `search_time_ms` is 0.
 */
export function paginationOf(page: number, limit: number, total: number, rows: number): z.infer<typeof PaginationInfoSchema> {
  const count = rows === 0 ? 0 : total;
  return { page, limit, total_pages: Math.ceil(count / limit), total_count: count, search_time_ms: 0 };
}

/** A token without a user id under isolation writes nothing, deletes included (as AgentOS 3 refuses it with 403). */
export function refuseWithoutIdentity(scope: AccessScope, what: string): void {
  if (scope.kind === 'none') ownerOf(scope, null, what);
}
