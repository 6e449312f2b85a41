import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Actor } from '../../auth/acting-as';
import { platformKeys } from '../sessions/queries';
import type { DbLocation } from '../../api-types/shapes';
import * as api from './calls';
import { traceFromColumns } from '../../lib/trace/tree';

/**
 * Traces, memories, evals and metrics on the platform key space (`['platform', actor.key, …]`),
 * so a new acting-as token never shows another token's answers. None of these change while a
 * page is read (they are written by runs and by Agno's metrics job), so none are polled.
 */
/** Spans in a trace's first read: more rows than a 2160 px window shows, with the waterfall's overscan. */
export const FIRST_SPANS = 200;

const l = (loc: DbLocation) => ({ db: loc.db ?? '', table: loc.db ? (loc.table ?? '') : '' });
const key = (actor: Actor, ...rest: unknown[]) => [...platformKeys.actor(actor), ...rest] as const;

export const traceQueries = {
  list: (actor: Actor, params: api.TraceListParams, loc: DbLocation) =>
    queryOptions({
      queryKey: key(actor, 'traces', 'list', params, l(loc)),
      queryFn: ({ signal }) => api.listTraces(actor, params, loc, signal),
      placeholderData: keepPreviousData,
    }),
  /** The trace as the UI shows it (flat spans, none's input or output but the root's). */
  detail: (actor: Actor, traceId: string, loc: DbLocation) =>
    queryOptions({
      queryKey: key(actor, 'traces', 'detail', traceId, l(loc)),
      queryFn: async ({ signal }) => traceFromColumns(await api.getTraceColumns(actor, traceId, loc, signal)),
      staleTime: 30_000,
    }),
  /**
   * The trace's first spans (as many as a tall screen shows, with overscan), read before the
   * whole trace so the trace page's first screen does not wait for a large trace to travel and
   * be laid out; `total` set when there are more. A trace that small is whole already.
   */
  first: (actor: Actor, traceId: string, loc: DbLocation) =>
    queryOptions({
      queryKey: key(actor, 'traces', 'first', traceId, l(loc)),
      queryFn: async ({ signal }) => traceFromColumns(await api.getTraceColumns(actor, traceId, loc, signal, FIRST_SPANS)),
      staleTime: 30_000,
    }),
  /** One span in full: its input, output and attributes (`?span_id=`). */
  span: (actor: Actor, traceId: string, spanId: string, loc: DbLocation) =>
    queryOptions({
      queryKey: key(actor, 'traces', 'span', traceId, spanId, l(loc)),
      queryFn: ({ signal }) => api.getTraceSpan(actor, traceId, spanId, loc, signal),
      staleTime: 30_000,
    }),
  /** The whole trace with every span's input and output (the platform's tree), for an export. */
  full: (actor: Actor, traceId: string, loc: DbLocation) =>
    queryOptions({
      queryKey: key(actor, 'traces', 'full', traceId, l(loc)),
      queryFn: ({ signal }) => api.getTrace(actor, traceId, loc, signal),
      staleTime: 30_000,
    }),
  ofRun: (actor: Actor, runId: string, loc: DbLocation) =>
    queryOptions({
      queryKey: key(actor, 'traces', 'of-run', runId, l(loc)),
      queryFn: ({ signal }) => api.getTraceOfRun(actor, runId, loc, signal),
      select: (page) => page.data[0] ?? null,
      staleTime: 30_000,
    }),
  filterSchema: (actor: Actor) =>
    queryOptions({ queryKey: key(actor, 'traces', 'filter-schema'), queryFn: ({ signal }) => api.traceFilterSchema(actor, signal), staleTime: Infinity }),
};

export const memoryQueries = {
  list: (actor: Actor, params: api.MemoryListParams, loc: DbLocation) =>
    queryOptions({
      queryKey: key(actor, 'memories', 'list', params, l(loc)),
      queryFn: ({ signal }) => api.listMemories(actor, params, loc, signal),
      placeholderData: keepPreviousData,
    }),
  topics: (actor: Actor, userId: string | undefined, loc: DbLocation) =>
    queryOptions({ queryKey: key(actor, 'memories', 'topics', userId ?? '', l(loc)), queryFn: ({ signal }) => api.memoryTopics(actor, userId, loc, signal) }),
  users: (actor: Actor, loc: DbLocation) =>
    queryOptions({ queryKey: key(actor, 'memories', 'users', l(loc)), queryFn: ({ signal }) => api.userMemoryStats(actor, loc, signal) }),
};

export const evalQueries = {
  list: (actor: Actor, params: { agent_id?: string; team_id?: string; eval_types?: string }, loc: DbLocation) =>
    queryOptions({
      queryKey: key(actor, 'evals', 'list', params, l(loc)),
      queryFn: ({ signal }) => api.listEvalRuns(actor, params, loc, signal),
      placeholderData: keepPreviousData,
    }),
  detail: (actor: Actor, id: string, loc: DbLocation) =>
    queryOptions({ queryKey: key(actor, 'evals', 'detail', id, l(loc)), queryFn: ({ signal }) => api.getEvalRun(actor, id, loc, signal) }),
};

export const metricsQueries = {
  days: (actor: Actor, range: { starting_date?: string; ending_date?: string }, loc: DbLocation) =>
    queryOptions({
      queryKey: key(actor, 'metrics', range, l(loc)),
      queryFn: ({ signal }) => api.getMetrics(actor, range, loc, signal),
      placeholderData: keepPreviousData,
    }),
};

export const knowledgeQueries = {
  list: (actor: Actor, params: { knowledge_id?: string; page?: number; limit?: number }, loc: DbLocation) =>
    queryOptions({
      queryKey: key(actor, 'knowledge', 'list', params, l(loc)),
      queryFn: ({ signal }) => api.listKnowledge(actor, params, loc, signal),
      placeholderData: keepPreviousData,
    }),
};
