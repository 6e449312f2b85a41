import { isPlainObject } from '../agno-format/json-values.js';
import type { SessionFields, SessionPatch, StoredSession } from './types.js';

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
