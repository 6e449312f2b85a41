import { isPlainObject } from '../agno-format/json-values.js';
import type { SessionFields, StoredSession } from './types.js';

/**
 * What a rename (`POST /sessions/{id}/rename`) or an update (`PATCH /sessions/{id}`) changes:
 * `session_name` and `session_state` go into `session_data`, `metadata` and `summary` replace
 * their columns; what is left out stays as stored. Each store applies it to the row it reads
 * inside the write's own transaction (`mergeSessionPatch`), so two patches sent at once both
 * land, whatever order they commit in.
 */
export interface SessionPatch {
  session_name?: string | undefined;
  session_state?: Record<string, unknown> | undefined;
  metadata?: Record<string, unknown> | undefined;
  summary?: Record<string, unknown> | undefined;
  /** Epoch seconds written to `updated_at`. */
  updated_at: number;
}

/** The columns to write: the stored ones with the patch merged in. */
export function mergeSessionPatch(stored: Pick<StoredSession, 'session_data' | 'metadata' | 'summary'>, patch: SessionPatch): SessionFields {
  const sessionData: Record<string, unknown> = isPlainObject(stored.session_data) ? { ...stored.session_data } : {};
  if (patch.session_name !== undefined) sessionData['session_name'] = patch.session_name;
  if (patch.session_state !== undefined) sessionData['session_state'] = patch.session_state;
  const changed = patch.session_name !== undefined || patch.session_state !== undefined;
  return {
    session_data: changed || stored.session_data !== null ? sessionData : null,
    metadata: patch.metadata ?? stored.metadata,
    summary: patch.summary ?? stored.summary,
    updated_at: patch.updated_at,
  };
}
