import type { Actor } from '../auth/acting-as';
import { deskFetch, exchange, platformFetch, type RequestOptions } from './client';
import type {
  AnyRun,
  ComponentSummary,
  DbLocation,
  ListSessionsParams,
  SessionDetail,
  SessionPage,
  SessionType,
} from './types';

/**
 * Platform API calls, one per route, as the actor reads: through the desk view of the store
 * (`/desk/view/...`, the default) or through the platform API with the actor's token (a lens).
 */
function call<T>(actor: Pick<Actor, 'token' | 'via'>, path: string, options: RequestOptions): Promise<T> {
  return actor.via === 'desk' ? deskFetch<T>(`/desk/view${path}`, options) : platformFetch<T>(path, actor.token, options);
}


const loc = (l: DbLocation) => ({ db_id: l.db, table: l.db ? l.table : undefined });
const enc = encodeURIComponent;

export function listSessions(actor: Pick<Actor, 'token' | 'via'>, params: ListSessionsParams & DbLocation, signal?: AbortSignal) {
  const { db, table, ...rest } = params;
  return call<SessionPage>(actor, '/sessions', {
    query: { ...rest, ...loc({ db, table }) },
    signal,
  });
}

export function getSession(actor: Pick<Actor, 'token' | 'via'>, sessionId: string, type: SessionType | undefined, l: DbLocation, signal?: AbortSignal) {
  return call<SessionDetail>(actor, `/sessions/${enc(sessionId)}`, { query: { type, ...loc(l) }, signal });
}

export function listRuns(actor: Pick<Actor, 'token' | 'via'>, sessionId: string, type: SessionType | undefined, l: DbLocation, signal?: AbortSignal) {
  return call<AnyRun[]>(actor, `/sessions/${enc(sessionId)}/runs`, { query: { type, ...loc(l) }, signal });
}

export function getRun(
  actor: Pick<Actor, 'token' | 'via'>,
  sessionId: string,
  runId: string,
  type: SessionType | undefined,
  l: DbLocation,
  signal?: AbortSignal,
) {
  return call<AnyRun>(actor, `/sessions/${enc(sessionId)}/runs/${enc(runId)}`, {
    query: { type, ...loc(l) },
    signal,
  });
}

export function listComponents(actor: Pick<Actor, 'token' | 'via'>, kind: 'agents' | 'teams' | 'workflows', l: DbLocation, signal?: AbortSignal) {
  return call<ComponentSummary[]>(actor, `/${kind}`, { query: loc(l), signal });
}

/** The same request made as one token, for the compare view: the status the server sent and its body, never a throw. */
export async function requestAs(
  token: string,
  method: RequestOptions['method'],
  path: string,
): Promise<{ status: number; body: unknown; ms: number }> {
  const started = performance.now();
  try {
    const answer = await exchange(path, token, { method });
    return { ...answer, ms: performance.now() - started };
  } catch (err) {
    const e = err as { status?: number; body?: unknown; detail?: string };
    return { status: e.status ?? 0, body: e.body ?? { detail: e.detail ?? String(err) }, ms: performance.now() - started };
  }
}
