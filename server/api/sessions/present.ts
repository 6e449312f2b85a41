import type { SessionListItem, SessionType, StoredRun, StoredSession } from '../../db/types.js';
import { toIsoDateTime } from '../../agno-format/dates.js';

/** The platform API's view of a session row (AgentOS's listing item): epoch seconds become ISO-8601 UTC strings. */
export function presentSessionListItem(item: SessionListItem) {
  const metrics = sessionMetrics(item);
  return {
    session_id: item.session_id,
    session_name: item.session_name,
    session_type: item.session_type,
    session_state: objectOrNull(item.session_data?.['session_state']),
    user_id: item.user_id,
    agent_id: item.agent_id,
    team_id: item.team_id,
    workflow_id: item.workflow_id,
    session_summary: item.summary,
    metrics,
    total_tokens: item.total_tokens,
    metadata: item.metadata,
    created_at: toIsoDateTime(item.created_at),
    updated_at: toIsoDateTime(item.updated_at ?? item.created_at),
    run_count: item.run_count,
  };
}

/** AgentOS's session detail for the session's type, with rundesk's raw columns added. */
export function presentSessionDetail(
  session: StoredSession,
  extra: { session_name: string; run_count: number; total_tokens: number | null },
  /** `null`: the chat history was not asked for (rundesk's `chat_history=false`). */
  runs: readonly StoredRun[] | null,
) {
  const listed = presentSessionListItem({ ...session, ...extra });
  const workflowName = session.session_type === 'workflow' ? stringOrNull(session.workflow_data?.['name']) : undefined;
  // AgentOS's agent and team details read a missing `session_metrics` as {} (null only without session_data).
  const metrics = session.session_type === 'workflow' || session.session_data === null ? listed.metrics : (listed.metrics ?? {});
  return {
    ...(session.session_type === 'agent' ? { agent_session_id: session.session_id } : {}),
    ...listed,
    metrics,
    ...(workflowName !== undefined ? { workflow_name: workflowName } : {}),
    chat_history: session.session_type === 'workflow' || runs === null ? null : chatHistory(runs),
    session_data: session.session_data,
    agent_data: session.agent_data,
    team_data: session.team_data,
    workflow_data: session.workflow_data,
    summary: session.summary,
  };
}

function objectOrNull(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** `session_data.session_metrics`, as AgentOS reports `metrics`. */
function sessionMetrics(session: StoredSession): Record<string, unknown> | null {
  return objectOrNull(session.session_data?.['session_metrics']);
}

/**
 * The conversation as AgentOS's `get_chat_history` gives it: the user and assistant messages
 * (no system or tool messages) of the session's top-level runs — those without a
 * `parent_run_id`, so not a team's member runs — whatever their status, in order, without the
 * messages a run replayed from earlier history.
 */
export function chatHistory(runs: readonly StoredRun[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const run of runs) {
    if (run['parent_run_id'] !== undefined && run['parent_run_id'] !== null) continue;
    const messages = run['messages'];
    if (!Array.isArray(messages)) continue;
    for (const m of messages) {
      const message = objectOrNull(m);
      if (!message || message['from_history'] === true) continue;
      if (message['role'] === 'system' || message['role'] === 'tool') continue;
      out.push(message);
    }
  }
  return out;
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
