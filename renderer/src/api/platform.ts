import { platformFetch } from './client';
import type {
  AnyRun,
  ComponentSummary,
  DbLocation,
  ListSessionsParams,
  SessionDetail,
  SessionPage,
  SessionType,
} from './types';

/** Platform API calls, one per route. The token is the one the user is acting as. */

const loc = (l: DbLocation) => ({ db_id: l.db, table: l.db ? l.table : undefined });
const enc = encodeURIComponent;

export function listSessions(token: string, params: ListSessionsParams & DbLocation, signal?: AbortSignal) {
  const { db, table, ...rest } = params;
  return platformFetch<SessionPage>('/sessions', token, {
    query: { ...rest, ...loc({ db, table }) },
    signal,
  });
}

export function getSession(token: string, sessionId: string, type: SessionType | undefined, l: DbLocation, signal?: AbortSignal) {
  return platformFetch<SessionDetail>(`/sessions/${enc(sessionId)}`, token, { query: { type, ...loc(l) }, signal });
}

export function listRuns(token: string, sessionId: string, type: SessionType | undefined, l: DbLocation, signal?: AbortSignal) {
  return platformFetch<AnyRun[]>(`/sessions/${enc(sessionId)}/runs`, token, { query: { type, ...loc(l) }, signal });
}

export function getRun(
  token: string,
  sessionId: string,
  runId: string,
  type: SessionType | undefined,
  l: DbLocation,
  signal?: AbortSignal,
) {
  return platformFetch<AnyRun>(`/sessions/${enc(sessionId)}/runs/${enc(runId)}`, token, {
    query: { type, ...loc(l) },
    signal,
  });
}

export function listComponents(token: string, kind: 'agents' | 'teams' | 'workflows', l: DbLocation, signal?: AbortSignal) {
  return platformFetch<ComponentSummary[]>(`/${kind}`, token, { query: loc(l), signal });
}
