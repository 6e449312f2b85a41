import type { SessionStore, SessionType, StoredSession } from '../../db/types.js';
import { ownerOf, type AccessScope } from '../../access/scope.js';
import { ConflictError, NotFoundError } from '../../errors.js';

/**
 * AgentOS's session writes — create (`POST /sessions`), rename (`POST /sessions/{id}/rename`) and
 * update (`PATCH /sessions/{id}`) — on a writable store; a read-only one refuses with 409. The
 * session's runs are never touched.
 */

export interface NewSession {
  session_id?: string | undefined;
  session_name?: string | undefined;
  session_state?: Record<string, unknown> | undefined;
  metadata?: Record<string, unknown> | undefined;
  user_id?: string | undefined;
  agent_id?: string | undefined;
  team_id?: string | undefined;
  workflow_id?: string | undefined;
}

export interface SessionUpdate {
  session_name?: string | undefined;
  session_state?: Record<string, unknown> | undefined;
  metadata?: Record<string, unknown> | undefined;
  summary?: Record<string, unknown> | undefined;
}

/**
 * Creates a session without runs. Its owner is the token's user whenever the token names one (as
 * AgentOS, whose auth state wins over the body), else the body's `user_id`. An id already taken —
 * under any type — is a 409 and nothing is written.
 *
 * Under user isolation a caller confined to its own rows cannot choose the new session's id: any
 * answer to a chosen id (201 when free, 409 when taken) would tell whether another user's session
 * holds it, which reads and writes never tell (they answer 404 alike). So a `session_id` in the
 * body is one 409 whatever the id, free or taken, by anyone; without one, a fresh id is made.
 */
export const CHOSEN_ID_UNDER_ISOLATION =
  "Under user isolation a new session's id is chosen by the server: leave out session_id (an answer to a chosen id would tell whether another user's session has it)";

export async function createSession(
  store: SessionStore,
  scope: AccessScope,
  type: SessionType,
  body: NewSession,
  tokenUserId: string | null,
  now: number,
  newId: () => string,
): Promise<StoredSession> {
  const userId = ownerOf(scope, tokenUserId ?? body.user_id ?? null, 'sessions');
  if (scope.kind === 'user' && body.session_id !== undefined) throw new ConflictError(CHOSEN_ID_UNDER_ISOLATION);
  const sessionData: Record<string, unknown> = {};
  if (body.session_state !== undefined) sessionData['session_state'] = body.session_state;
  if (body.session_name !== undefined) sessionData['session_name'] = body.session_name;
  const session: StoredSession = {
    session_id: body.session_id ?? newId(),
    session_type: type,
    agent_id: type === 'agent' ? (body.agent_id ?? null) : null,
    team_id: type === 'team' ? (body.team_id ?? null) : null,
    workflow_id: type === 'workflow' ? (body.workflow_id ?? null) : null,
    user_id: userId,
    // Agno's WorkflowSession writes empty objects where agent and team sessions write nothing.
    session_data: Object.keys(sessionData).length > 0 || type === 'workflow' ? sessionData : null,
    agent_data: null,
    team_data: null,
    workflow_data: type === 'workflow' ? {} : null,
    metadata: body.metadata ?? (type === 'workflow' ? {} : null),
    summary: null,
    created_at: now,
    updated_at: now,
  };
  if (!(await store.addSession(session))) {
    throw new ConflictError(`Session with id '${session.session_id}' already exists. Use PATCH /sessions/${session.session_id} to update it.`);
  }
  return session;
}

/**
 * Renames or updates the caller's session: `session_name` and `session_state` go into
 * `session_data`, `metadata` and `summary` replace their columns; what the body leaves out stays.
 * The store merges and writes in one atomic step on the one row addressed (`updateSession`). A
 * missing session (or one of another type than `type`) is a 404; several matching rows a 409.
 */
export async function updateSession(
  store: SessionStore,
  scope: AccessScope,
  sessionId: string,
  type: SessionType | undefined,
  update: SessionUpdate,
  now: number,
): Promise<void> {
  if (!(await store.updateSession(sessionId, { ...update, updated_at: now }, { type, scope }))) {
    throw new NotFoundError(`Session with id '${sessionId}' not found`);
  }
}
