import { ownerOf, type AccessScope } from '../../access/scope.js';
import { SessionOfAnotherUserError } from '../../db/errors.js';
import { NotFoundError } from '../../errors.js';
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
} from '../../db/types.js';

/**
 * The sessions use cases: what the platform routes (and the desk's view) do with a store, under
 * one `AccessScope`. Routes parse, call one of these, and present the result; they hold no rule
 * of their own about whose rows are whose.
 */

export type SessionQuery = Omit<ListSessionsQuery, 'scope'>;

/** One run of a session looked up by id under the caller's scope, whatever its type (as AgentOS). */
export async function getRun(store: SessionStore, scope: AccessScope, sessionId: string, runId: string): Promise<RunLookup> {
  return store.getRun(sessionId, runId, { scope });
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
  const filter = { type, scope };
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

/**
 * Which runs of a session a list keeps: bounds on `created_at` (epoch seconds, both included), as
 * AgentOS filters a session's runs, and rundesk's `parent_run_id` (the members of a team run).
 */
export interface RunFilter {
  after?: number | undefined;
  before?: number | undefined;
  parentRunId?: string | undefined;
}

export async function listRuns(
  store: SessionStore,
  scope: AccessScope,
  sessionId: string,
  type: SessionType | undefined,
  only: RunFilter = {},
): Promise<RunsResult> {
  const filter = { type, scope };
  const session = await store.getSession(sessionId, filter);
  const runs = session ? await store.listRuns(sessionId, filter) : null;
  return session && runs ? { kind: 'found', session, runs: runs.filter((run) => keeps(run, only)) } : { kind: 'not-found' };
}

export type RunsPageResult = { kind: 'found'; session: StoredSession; runs: StoredRun[]; total: number } | { kind: 'not-found' };

/**
 * One page of `listRuns` (rundesk's paged run list) and the number of runs in all. Without a
 * filter the store reads only the page's runs; with one every run is read to filter.
 */
export async function pageRuns(
  store: SessionStore,
  scope: AccessScope,
  sessionId: string,
  type: SessionType | undefined,
  only: RunFilter,
  window: RunWindow,
): Promise<RunsPageResult> {
  if (only.after !== undefined || only.before !== undefined || only.parentRunId !== undefined) {
    const found = await listRuns(store, scope, sessionId, type, only);
    if (found.kind === 'not-found') return found;
    return { ...found, runs: found.runs.slice(window.offset, window.offset + window.limit), total: found.runs.length };
  }
  const filter = { type, scope };
  const session = await store.getSession(sessionId, filter);
  const page = session ? await store.pageRuns(sessionId, filter, window) : null;
  return session && page ? { kind: 'found', session, runs: page.runs, total: page.total } : { kind: 'not-found' };
}

/** A run without a numeric `created_at` is kept, as AgentOS keeps one without a timestamp. */
function keeps(run: StoredRun, { after, before, parentRunId }: RunFilter): boolean {
  if (parentRunId !== undefined && run['parent_run_id'] !== parentRunId) return false;
  const at = run['created_at'];
  if (typeof at !== 'number' || !Number.isFinite(at)) return true;
  return (after === undefined || at >= after) && (before === undefined || at <= before);
}

export { runsAround, type RunsAroundResult } from './run-window.js';

export async function listSessions(store: SessionStore, scope: AccessScope, query: SessionQuery): Promise<Page<SessionListItem>> {
  return store.listSessions({ ...query, scope });
}

export async function listComponents(store: SessionStore, scope: AccessScope, kind: SessionType): Promise<ComponentSummary[]> {
  return store.listComponents(kind, { scope });
}

/**
 * Stores one run. Its owner is decided by the scope (`ownerOf`: under isolation the caller,
 * whatever the body says; a caller without a user id cannot write at all) and stamped on the run
 * by the store (`prepareRun`). Under isolation a session another user owns is one the caller
 * cannot see: 404 as AgentOS answers a write to it (`PATCH`, rename), never a 409 saying whose it is.
 */
export async function ingestRun(
  store: SessionStore,
  scope: AccessScope,
  sessionId: string,
  type: SessionType,
  run: StoredRun,
): Promise<UpsertRunResult> {
  const claimed = typeof run['user_id'] === 'string' ? run['user_id'] : null;
  try {
    return await store.upsertRun({ sessionId, type, run, userId: ownerOf(scope, claimed, 'runs') });
  } catch (error) {
    if (error instanceof SessionOfAnotherUserError && scope.kind === 'user') throw new NotFoundError(`Session with id '${sessionId}' not found`, { cause: error });
    throw error;
  }
}

export async function deleteSession(store: SessionStore, scope: AccessScope, sessionId: string, type: SessionType | undefined): Promise<boolean> {
  return store.deleteSession(sessionId, { type, scope });
}

/**
 * AgentOS's bulk delete: every named session of the caller goes, whatever its type (AgentOS
 * checks only that the two lists have the same length; it deletes by id). Ids that match
 * nothing are no error.
 */
export async function deleteSessions(store: SessionStore, scope: AccessScope, sessionIds: readonly string[]): Promise<void> {
  for (const sessionId of new Set(sessionIds)) await store.deleteSession(sessionId, { scope });
}
