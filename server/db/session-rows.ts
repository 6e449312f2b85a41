import { isPlainObject } from '../agno-format/json-values.js';
import { decodeObjectColumn } from '../agno-format/codec.js';
import { SESSION_TYPES } from './types.js';
import type { SessionListItem, SessionType, StoredSession } from './types.js';

/**
 * Session rows → `StoredSession`, shared by both layouts. Decoding is liberal (agno's
 * double-encoded JSON and plain JSON read alike) and never throws on odd stored values.
 */

/** The columns every session select returns (missing ones selected as NULL). */
export const SESSION_COLUMNS = [
  'session_id',
  'session_type',
  'agent_id',
  'team_id',
  'workflow_id',
  'user_id',
  'session_data',
  'agent_data',
  'team_data',
  'workflow_data',
  'metadata',
  'summary',
  'created_at',
  'updated_at',
] as const;

export type SessionRow = Record<(typeof SESSION_COLUMNS)[number], unknown>;

export function isSessionType(value: unknown): value is SessionType {
  return typeof value === 'string' && (SESSION_TYPES as readonly string[]).includes(value);
}

/**
 * The stored `session_type`, or — for a value agno would not write — the type agno's
 * `deserialize_session` detects: agent_id, then team_id, then workflow_id, else agent.
 */
export function sessionTypeOf(row: Pick<SessionRow, 'session_type' | 'agent_id' | 'team_id' | 'workflow_id'>): SessionType {
  if (isSessionType(row.session_type)) return row.session_type;
  if (row.agent_id != null) return 'agent';
  if (row.team_id != null) return 'team';
  if (row.workflow_id != null) return 'workflow';
  return 'agent';
}

export function toStoredSession(row: SessionRow): StoredSession {
  return {
    session_id: String(row.session_id),
    session_type: sessionTypeOf(row),
    agent_id: textOrNull(row.agent_id),
    team_id: textOrNull(row.team_id),
    workflow_id: textOrNull(row.workflow_id),
    user_id: textOrNull(row.user_id),
    session_data: decodeObjectColumn(row.session_data),
    agent_data: decodeObjectColumn(row.agent_data),
    team_data: decodeObjectColumn(row.team_data),
    workflow_data: decodeObjectColumn(row.workflow_data),
    metadata: decodeObjectColumn(row.metadata),
    summary: decodeObjectColumn(row.summary),
    created_at: epochOr(row.created_at, 0),
    updated_at: row.updated_at === null || row.updated_at === undefined ? null : epochOr(row.updated_at, null),
  };
}

export function toListItem(session: StoredSession, sessionName: string, runCount: number): SessionListItem {
  return { ...session, session_name: sessionName, run_count: runCount, total_tokens: totalTokensOf(session) };
}

/** `session_data.session_metrics.total_tokens` when it is a number. */
export function totalTokensOf(session: Pick<StoredSession, 'session_data'>): number | null {
  const metrics = session.session_data?.['session_metrics'];
  const total = isPlainObject(metrics) ? metrics['total_tokens'] : undefined;
  return typeof total === 'number' && Number.isFinite(total) ? total : null;
}

function textOrNull(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : String(value);
}

function epochOr<T extends number | null>(value: unknown, fallback: T): number | T {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return fallback;
}

/** Whole seconds now, as agno's `int(time.time())`. */
export function epochSeconds(nowMs: number): number {
  return Math.floor(nowMs / 1000);
}
