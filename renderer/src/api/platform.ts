import type { Actor } from '../auth/acting-as';
import { exchange, route, type RequestOptions } from './client';
import type { Answer, CallInput, PathFor } from './routes';
import type {
  AnyRun,
  ComponentSummary,
  DbLocation,
  ListSessionsParams,
  RunSearchPage,
  RunSearchParams,
  RunsPage,
  RunsWindow,
  SessionDetail,
  SessionPage,
  SessionType,
} from '../api-types/shapes';

/**
 * Platform API calls, one per route, as the actor reads: through the desk view of the store
 * (`/desk/view/...`, the default) or through the platform API with the actor's token (a lens).
 * Both are the same documented operation under two prefixes, typed by the platform path.
 */
export function read<P extends ViewedPath>(actor: Actor, path: P, input: CallInput<'get', P>): Promise<Answer<'get', P>> {
  if (actor.via === 'bearer') return route('get', path, input, actor.token);
  // The desk view answers the same shapes (store-view.ts mounts the platform handlers).
  return route('get', `/desk/view${path}` as PathFor<'get'>, input as never) as Promise<Answer<'get', P>>;
}

/** Platform paths the desk view also serves under `/desk/view`. */
export type ViewedPath = { [P in PathFor<'get'>]: `/desk/view${P}` extends PathFor<'get'> ? P : never }[PathFor<'get'>];

const loc = (l: DbLocation) => ({ db_id: l.db, table: l.db ? l.table : undefined });

export function listSessions(actor: Actor, params: ListSessionsParams & DbLocation, signal?: AbortSignal): Promise<SessionPage> {
  const { db, table, ...rest } = params;
  return read(actor, '/sessions', { query: { ...rest, ...loc({ db, table }) }, signal });
}

export function searchRuns(actor: Actor, params: RunSearchParams & DbLocation, signal?: AbortSignal): Promise<RunSearchPage> {
  const { db, table, ...rest } = params;
  return read(actor, '/search/runs', { query: { ...rest, ...loc({ db, table }) }, signal });
}

/** The session without its chat history (rundesk's `chat_history=false`): the UI shows the runs instead, and a long session's history is megabytes. */
export function getSession(actor: Actor, sessionId: string, type: SessionType | undefined, l: DbLocation, signal?: AbortSignal) {
  return read(actor, '/sessions/{session_id}', { path: { session_id: sessionId }, query: { type, chat_history: 'false', ...loc(l) }, signal });
}

/** How many run summaries one page of the session page asks for. */
export const RUN_PAGE_SIZE = 200;

/**
 * One page of a session's runs as summaries (rundesk's `limit`/`page` and `summary=true`): the
 * list columns without bodies, so a 10,000-run session's first screen is a few hundred KB.
 */
export async function listRunSummaries(
  actor: Actor,
  sessionId: string,
  type: SessionType | undefined,
  l: DbLocation,
  page: number,
  signal?: AbortSignal,
): Promise<{ runs: AnyRun[]; meta: RunsPage['meta'] }> {
  const answer = await sessionRuns(actor, sessionId, { type, limit: RUN_PAGE_SIZE, page, summary: 'true', ...loc(l) }, signal);
  if (Array.isArray(answer) || !('page' in answer.meta)) throw new Error('the server answered something else where a page of runs was asked for');
  // Every field of a run shape but run_id is optional; a summary carries the ones a run list reads.
  return { runs: answer.data as unknown[] as AnyRun[], meta: answer.meta };
}

/** How many run summaries the run page asks for around its run (j/k and the position). */
export const RUN_WINDOW_SIZE = 60;

/**
 * The summaries of the runs around one run (rundesk's `around`), its position and the session's
 * run count: what the run page needs of the list, without reading a long session's whole list.
 */
export async function listRunsAround(
  actor: Actor,
  sessionId: string,
  runId: string,
  type: SessionType | undefined,
  l: DbLocation,
  signal?: AbortSignal,
): Promise<{ runs: AnyRun[]; meta: RunsWindow['meta'] }> {
  const answer = await sessionRuns(actor, sessionId, { type, around: runId, limit: RUN_WINDOW_SIZE, summary: 'true', ...loc(l) }, signal);
  if (Array.isArray(answer) || !('position' in answer.meta)) throw new Error('the server answered something else where the runs around a run were asked for');
  return { runs: answer.data as unknown[] as AnyRun[], meta: answer.meta };
}

/** The runs whose parent is `parentRunId` (rundesk's `parent_run_id`), in full: a team run's members. */
export function listChildRuns(actor: Actor, sessionId: string, parentRunId: string, type: SessionType | undefined, l: DbLocation, signal?: AbortSignal) {
  return sessionRuns(actor, sessionId, { type, parent_run_id: parentRunId, ...loc(l) }, signal) as Promise<unknown> as Promise<AnyRun[]>;
}

/** `GET /sessions/{id}/runs`: its answer is a list, a page or a window, by the query. */
function sessionRuns(actor: Actor, sessionId: string, query: NonNullable<CallInput<'get', '/sessions/{session_id}/runs'>['query']>, signal?: AbortSignal) {
  return read(actor, '/sessions/{session_id}/runs', { path: { session_id: sessionId }, query, signal });
}

export function getRun(
  actor: Actor,
  sessionId: string,
  runId: string,
  type: SessionType | undefined,
  l: DbLocation,
  signal?: AbortSignal,
) {
  return read(actor, '/sessions/{session_id}/runs/{run_id}', { path: { session_id: sessionId, run_id: runId }, query: { type, ...loc(l) }, signal }) as Promise<unknown> as Promise<AnyRun>;
}

export function listComponents(actor: Actor, kind: 'agents' | 'teams' | 'workflows', l: DbLocation, signal?: AbortSignal) {
  return read(actor, `/${kind}`, { query: loc(l), signal });
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
