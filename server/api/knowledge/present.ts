import type { z } from 'zod';
import { toIsoDateTime } from '../../agno-format/dates.js';
import { isPlainObject } from '../../agno-format/json-values.js';
import type { KnowledgeRow } from '../../db/platform-data/types.js';
import type { ContentResponseSchema } from './schemas.js';

const CONTENT_STATUSES = ['processing', 'completed', 'failed'] as const;

/** Agno's reading of a stored status: known values as they are, legacy ones by what they contain, none as processing. */
export function contentStatus(status: string | null): (typeof CONTENT_STATUSES)[number] {
  if (status === null) return 'processing';
  const lower = status.toLowerCase();
  const known = CONTENT_STATUSES.find((s) => s === lower);
  if (known) return known;
  if (lower.includes('failed')) return 'failed';
  if (lower.includes('completed')) return 'completed';
  return 'processing';
}

/**
 * A knowledge content as AgentOS lists it: built from Agno's `Content`, which carries neither
 * `linked_to` nor `access_count` (both null there), with `size` as text ("0" when unknown).
 * `withBase` (the desk view) keeps the stored `linked_to`, the knowledge base's name, which
 * the UI shows and the platform's answer drops.
 */
export function presentContent(row: KnowledgeRow, withBase = false): z.infer<typeof ContentResponseSchema> {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    size: row.size ? String(row.size) : '0',
    linked_to: withBase ? row.linked_to : null,
    metadata: isPlainObject(row.metadata) ? row.metadata : null,
    access_count: null,
    status: contentStatus(row.status),
    status_message: row.status_message ?? '',
    created_at: toIsoDateTime(row.created_at),
    updated_at: toIsoDateTime(row.updated_at ?? row.created_at),
  };
}
