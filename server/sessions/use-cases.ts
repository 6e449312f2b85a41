import { ForbiddenError } from '../errors.js';
import type {
  ComponentSummary,
  ListSessionsQuery,
  Page,
  RunLookup,
  RunWindow,
  SessionListItem,
  SessionStore,
  SessionType,
  StoredRun,
  StoredSession,
  UpsertRunResult,
} from '../db/types.js';
import { seesNothing, type AccessScope } from './access-scope.js';

/**
 * The sessions use cases: what the platform routes (and the desk's view) do with a store, under
 * one `AccessScope`. Routes parse, call one of these, and present the result; they hold no rule
 * of their own about whose rows are whose.
 */

export type SessionQuery = Omit<ListSessionsQuery, 'userId'>;

export async function getRun(store: SessionStore, scope: AccessScope, sessionId: string, runId: string, type: SessionType): Promise<RunLookup> {
  if (seesNothing(scope)) return { kind: 'no-session' };
  return store.getRun(sessionId, runId, { type, userId: scope.userId });
}

export type SessionDetailResult =
  | { kind: 'found'; session: StoredSession; listing: SessionListItem | null; runs: StoredRun[] }
  | { kind: 'not-found' };

export async function getSessionDetail(
  store: SessionStore,
  scope: AccessScope,
  sessionId: string,
  type: SessionType | undefined,
  /** `false`: the runs are not read (`runs` is empty), for a detail without its chat history. */
  withRuns = true,
): Promise<SessionDetailResult> {
  if (seesNothing(scope)) return { kind: 'not-found' };
  const filter = { type, userId: scope.userId };
  const session = await store.getSession(sessionId, filter);
  if (!session) return { kind: 'not-found' };
  // The listing row carries the derived name and counts; reuse it rather than recompute.
  const [page, runs] = await Promise.all([
    store.listSessions({ ...filter, page: 1, limit: 1, sortOrder: 'desc', sessionId }),
    withRuns ? store.listRuns(sessionId, filter) : null,
  ]);
  return { kind: 'found', session, listing: page.items[0] ?? null, runs: runs ?? [] };
}

export type RunsResult = { kind: 'found'; session: StoredSession; runs: StoredRun[] } | { kind: 'not-found' };

/** Bounds on a run's `created_at` (epoch seconds, both included), as AgentOS filters a session's runs. */
export interface CreatedWindow {
  after?: number | undefined;
  before?: number | undefined;
}

export async function listRuns(
  store: SessionStore,
  scope: AccessScope,
  sessionId: string,
  type: SessionType | undefined,
  created: CreatedWindow = {},
): Promise<RunsResult> {
  if (seesNothing(scope)) return { kind: 'not-found' };
  const filter = { type, userId: scope.userId };
  const session = await store.getSession(sessionId, filter);
  const runs = session ? await store.listRuns(sessionId, filter) : null;
  return session && runs ? { kind: 'found', session, runs: runs.filter((run) => inWindow(run, created)) } : { kind: 'not-found' };
}

export type RunsPageResult = { kind: 'found'; session: StoredSession; runs: StoredRun[]; total: number } | { kind: 'not-found' };

/**
 * One page of `listRuns` (rundesk's paged run list) and the number of runs in all. Without a
 * `created_at` window the store reads only the page's runs; with one every run is read to filter.
 */
export async function pageRuns(
  store: SessionStore,
  scope: AccessScope,
  sessionId: string,
  type: SessionType | undefined,
  created: CreatedWindow,
  window: RunWindow,
): Promise<RunsPageResult> {
  if (created.after !== undefined || created.before !== undefined) {
    const found = await listRuns(store, scope, sessionId, type, created);
    if (found.kind === 'not-found') return found;
    return { ...found, runs: found.runs.slice(window.offset, window.offset + window.limit), total: found.runs.length };
  }
  if (seesNothing(scope)) return { kind: 'not-found' };
  const filter = { type, userId: scope.userId };
  const session = await store.getSession(sessionId, filter);
  const page = session ? await store.pageRuns(sessionId, filter, window) : null;
  return session && page ? { kind: 'found', session, runs: page.runs, total: page.total } : { kind: 'not-found' };
}

/** A run without a numeric `created_at` is kept, as AgentOS keeps one without a timestamp. */
function inWindow(run: StoredRun, { after, before }: CreatedWindow): boolean {
  const at = run['created_at'];
  if (typeof at !== 'number' || !Number.isFinite(at)) return true;
  return (after === undefined || at >= after) && (before === undefined || at <= before);
}

export async function listSessions(store: SessionStore, scope: AccessScope, query: SessionQuery): Promise<Page<SessionListItem>> {
  if (seesNothing(scope)) return { items: [], total: 0, page: query.page, limit: query.limit };
  return store.listSessions({ ...query, userId: scope.userId });
}

export async function listComponents(store: SessionStore, scope: AccessScope, kind: SessionType): Promise<ComponentSummary[]> {
  if (seesNothing(scope)) return [];
  return store.listComponents(kind, { userId: scope.userId });
}

/**
 * Stores one run. Under isolation the run (and a new session) belongs to the caller, whatever
 * the body says; a caller without a user id cannot write at all.
 */
export async function ingestRun(
  store: SessionStore,
  scope: AccessScope,
  sessionId: string,
  type: SessionType,
  run: StoredRun,
): Promise<UpsertRunResult> {
  if (scope.writer.kind === 'refused') {
    throw new ForbiddenError('User isolation is on and the token carries no user id, so it cannot write runs');
  }
  const sent = typeof run['user_id'] === 'string' && run['user_id'].length > 0 ? run['user_id'] : null;
  const userId = scope.writer.kind === 'caller' ? scope.writer.userId : sent;
  const stamped = scope.writer.kind === 'caller' ? { ...run, user_id: userId } : run;
  return store.upsertRun({ sessionId, type, run: stamped, userId });
}

export async function deleteSession(store: SessionStore, scope: AccessScope, sessionId: string, type: SessionType | undefined): Promise<boolean> {
  if (seesNothing(scope)) return false;
  return store.deleteSession(sessionId, { type, userId: scope.userId });
}

/**
 * AgentOS's bulk delete: every named session of the caller goes, whatever its type (AgentOS
 * checks only that the two lists have the same length; it deletes by id). Ids that match
 * nothing are no error.
 */
export async function deleteSessions(store: SessionStore, scope: AccessScope, sessionIds: readonly string[]): Promise<void> {
  if (seesNothing(scope)) return;
  for (const sessionId of new Set(sessionIds)) await store.deleteSession(sessionId, { userId: scope.userId });
}
