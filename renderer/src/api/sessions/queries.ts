import { isApiError } from '../client';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Actor } from '../../auth/acting-as';
import { getRun, getSession, listChildRuns, listComponents, listRunSummaries, listRunsAround, listSessions, searchRuns } from '../platform';
import type { DbLocation, ListSessionsParams, RunSearchParams, SessionType } from '../../api-types/shapes';

/**
 * Platform queries (sessions, runs, components) on one key factory. Every key starts with
 * `['platform', actor.key]`, so switching the acting-as token never shows data fetched with
 * another token, and `platformKeys.all()` invalidates everything platform-side.
 *
 * There are no server events, so "live" views poll: `LIVE_INTERVAL_MS`.
 */

export const LIVE_INTERVAL_MS = 2000;

const locKey = (l: DbLocation) => ({ db: l.db ?? '', table: l.db ? (l.table ?? '') : '' });

export const platformKeys = {
  all: () => ['platform'] as const,
  actor: (actor: Actor) => ['platform', actor.key] as const,
};

export const sessionQueries = {
  all: (actor: Actor) => [...platformKeys.actor(actor), 'sessions'] as const,
  lists: (actor: Actor) => [...sessionQueries.all(actor), 'list'] as const,
  list: (actor: Actor, params: ListSessionsParams & DbLocation) =>
    queryOptions({
      queryKey: [...sessionQueries.lists(actor), { ...params, ...locKey(params) }] as const,
      queryFn: ({ signal }) => listSessions(actor, params, signal),
      placeholderData: keepPreviousData,
      refetchInterval: LIVE_INTERVAL_MS,
    }),
  /** `total_count` only (limit 1), for the type filter's counters. */
  count: (actor: Actor, params: ListSessionsParams & DbLocation) =>
    queryOptions({
      queryKey: [...sessionQueries.lists(actor), 'count', { ...params, ...locKey(params) }] as const,
      queryFn: ({ signal }) => listSessions(actor, { ...params, page: 1, limit: 1 }, signal),
      select: (page) => page.meta.total_count,
      refetchInterval: LIVE_INTERVAL_MS,
    }),
  details: (actor: Actor) => [...sessionQueries.all(actor), 'detail'] as const,
  detail: (actor: Actor, sessionId: string, type: SessionType | undefined, l: DbLocation) =>
    queryOptions({
      queryKey: [...sessionQueries.details(actor), sessionId, type ?? '', locKey(l)] as const,
      queryFn: ({ signal }) => getSession(actor, sessionId, type, l, signal),
      refetchInterval: LIVE_INTERVAL_MS,
    }),
  /**
   * The session's runs as summaries, page by page (rundesk's paged list): the session page
   * fetches the next page as the timeline scrolls near the end of what it has. Not polled: the
   * session page polls the small `detail` and refetches this when `run_count` or `updated_at` moves.
   */
  runPages: (actor: Actor, sessionId: string, type: SessionType | undefined, l: DbLocation) =>
    infiniteQueryOptions({
      queryKey: [...sessionQueries.details(actor), sessionId, type ?? '', locKey(l), 'run-pages'] as const,
      queryFn: ({ signal, pageParam }) => listRunSummaries(actor, sessionId, type, l, pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.meta.page < last.meta.total_pages ? last.meta.page + 1 : undefined),
      staleTime: 30_000,
    }),
};

export const runQueries = {
  all: (actor: Actor) => [...platformKeys.actor(actor), 'runs'] as const,
  /** Runs found by their content (`/search/runs`). */
  search: (actor: Actor, params: RunSearchParams & DbLocation) =>
    queryOptions({
      queryKey: [...runQueries.all(actor), 'search', { ...params, ...locKey(params) }] as const,
      queryFn: ({ signal }) => searchRuns(actor, params, signal),
      placeholderData: keepPreviousData,
      refetchInterval: LIVE_INTERVAL_MS,
    }),
  detail: (actor: Actor, sessionId: string, runId: string, type: SessionType | undefined, l: DbLocation) =>
    queryOptions({
      queryKey: [...runQueries.all(actor), sessionId, runId, type ?? '', locKey(l)] as const,
      queryFn: ({ signal }) => getRun(actor, sessionId, runId, type, l, signal),
      // A run still in progress is polled until it settles. A run that failed to load for a
      // passing reason (server away, database busy) is tried again by itself, backing off.
      refetchInterval: (q) => {
        if (q.state.status === 'error') return recoveryDelay(q.state.error, q.state.fetchFailureCount);
        const status = q.state.data?.status;
        return status === 'RUNNING' || status === 'PENDING' ? LIVE_INTERVAL_MS : false;
      },
    }),
};

/**
 * What the run page needs of the session's list, without the list: the summaries around the run
 * (j/k, the position) and a run's children. Not polled, as `sessionQueries.runPages`.
 */
export const runNeighbourQueries = {
  around: (actor: Actor, sessionId: string, runId: string, type: SessionType | undefined, l: DbLocation) =>
    queryOptions({
      queryKey: [...runQueries.all(actor), sessionId, 'around', runId, type ?? '', locKey(l)] as const,
      queryFn: ({ signal }) => listRunsAround(actor, sessionId, runId, type, l, signal),
      // j/k keeps the window it came from on screen (it holds the new run) until the new one arrives.
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  children: (actor: Actor, sessionId: string, parentRunId: string, type: SessionType | undefined, l: DbLocation) =>
    queryOptions({
      queryKey: [...runQueries.all(actor), sessionId, 'children', parentRunId, type ?? '', locKey(l)] as const,
      queryFn: ({ signal }) => listChildRuns(actor, sessionId, parentRunId, type, l, signal),
      staleTime: 30_000,
    }),
};

export const componentQueries = {
  all: (actor: Actor) => [...platformKeys.actor(actor), 'components'] as const,
  list: (actor: Actor, kind: 'agents' | 'teams' | 'workflows', l: DbLocation) =>
    queryOptions({
      queryKey: [...componentQueries.all(actor), kind, locKey(l)] as const,
      queryFn: ({ signal }) => listComponents(actor, kind, l, signal),
      refetchInterval: LIVE_INTERVAL_MS,
    }),
};

/**
 * When to try a failed read again by itself: 1 s, 2 s, 4 s… up to 30 s after each failure, for a
 * transient failure only (a decision such as 401, 403 or 404 stays on screen until the user acts).
 */
export function recoveryDelay(error: unknown, failures: number): number | false {
  if (isApiError(error) && !error.isTransient) return false;
  return Math.min(30_000, 1000 * 2 ** Math.max(0, Math.min(5, failures - 1)));
}
