import type { ComponentSummary, SessionListItem, SessionType, StoredRun, StoredSession } from '../db/types.js';
import { toIsoDateTime } from '../runs/dates.js';

/** The platform API's view of a session row: epoch seconds become ISO-8601 UTC strings. */
export function presentSessionListItem(item: SessionListItem) {
  return {
    session_id: item.session_id,
    session_name: item.session_name,
    session_type: item.session_type,
    user_id: item.user_id,
    agent_id: item.agent_id,
    team_id: item.team_id,
    workflow_id: item.workflow_id,
    run_count: item.run_count,
    total_tokens: item.total_tokens,
    created_at: toIsoDateTime(item.created_at),
    updated_at: toIsoDateTime(item.updated_at ?? item.created_at),
  };
}

export function presentSessionDetail(session: StoredSession, extra: { session_name: string; run_count: number; total_tokens: number | null }) {
  return {
    ...presentSessionListItem({ ...session, ...extra }),
    session_data: session.session_data,
    agent_data: session.agent_data,
    team_data: session.team_data,
    workflow_data: session.workflow_data,
    metadata: session.metadata,
    summary: session.summary,
  };
}

export function presentComponent(c: ComponentSummary) {
  return { ...c, last_active_at: toIsoDateTime(c.last_active_at) };
}

/**
 * Which shape a run inside a session is listed with: member runs of a team session carry
 * `agent_id`; a workflow session may hold team or agent runs of its steps.
 */
export function listedShapeOf(sessionType: SessionType, run: StoredRun): SessionType {
  const has = (key: string) => typeof run[key] === 'string' && run[key] !== '';
  if (sessionType === 'agent') return 'agent';
  if (sessionType === 'team') return has('team_id') ? 'team' : 'agent';
  if (has('workflow_id')) return 'workflow';
  return has('team_id') ? 'team' : has('agent_id') ? 'agent' : 'workflow';
}
