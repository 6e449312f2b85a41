import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as desk from '../desk';
import { mergeFetchedLiveRun, mergeFetchedRequests, type LiveRun, type RequestRecord } from './stream-merge';
import { streamListening } from './stream-listening';
import { takeEarlyRun } from './early-live-events';
import type { InspectRequest } from '../../api-types/shapes';

/** Keys carry a short suffix of the token, never the whole token. */
const tokenKey = (token: string) => `${token.length}:${token.slice(-24)}`;

/**
 * Every desk query on one key factory (`['desk', ...]`), for the run browser and the workbench.
 * What the auth layer decides depends on the settings and keys, so their mutations invalidate
 * `settingsAll()`, `keysAll()`, `inspectAll()` and `matrixAll()` (`invalidateAuthDependents`).
 */
export const deskQueries = {
  all: () => ['desk'] as const,

  settingsAll: () => [...deskQueries.all(), 'settings'] as const,
  settings: () =>
    queryOptions({
      queryKey: [...deskQueries.settingsAll(), 'current'] as const,
      queryFn: ({ signal }) => desk.getSettings(signal),
    }),
  settingsSchema: () =>
    queryOptions({
      queryKey: [...deskQueries.settingsAll(), 'schema'] as const,
      queryFn: ({ signal }) => desk.getSettingsSchema(signal),
      // Fixed for the lifetime of the server process.
      staleTime: Infinity,
    }),
  /**
   * The server's dry run of a draft (`bodyJson`: the PUT body as JSON). Keyed by the draft, so
   * an edit starts a new request and the stale one is aborted; the previous answer stays as
   * placeholder until the new one arrives. The answer carries the draft it is about.
   */
  validateSettings: (bodyJson: string | null) =>
    queryOptions({
      queryKey: [...deskQueries.settingsAll(), 'validate', bodyJson] as const,
      queryFn: async ({ signal }) => ({
        bodyJson: bodyJson as string,
        ...(await desk.validateSettings(JSON.parse(bodyJson as string) as Parameters<typeof desk.validateSettings>[0], signal)),
      }),
      enabled: bodyJson !== null,
      placeholderData: keepPreviousData,
      retry: false,
      // Key files can change on disk; a few seconds of reuse covers undo/redo while typing.
      staleTime: 5_000,
    }),
  presets: () =>
    queryOptions({
      queryKey: [...deskQueries.settingsAll(), 'presets'] as const,
      queryFn: ({ signal }) => desk.listPresets(signal),
      staleTime: Infinity,
    }),
  mappingLint: () =>
    queryOptions({
      queryKey: [...deskQueries.settingsAll(), 'mapping-lint'] as const,
      queryFn: ({ signal }) => desk.mappingLint(signal),
    }),

  keysAll: () => [...deskQueries.all(), 'keys'] as const,
  keys: () =>
    queryOptions({
      queryKey: [...deskQueries.keysAll(), 'list'] as const,
      queryFn: ({ signal }) => desk.listKeys(signal),
    }),

  /**
   * The requests page: the recent platform requests through rundesk. `streaming`: the server's
   * event stream keeps the cache current (`useRequestStream`); otherwise it is polled while shown.
   */
  requests: (streaming = false) =>
    queryOptions({
      queryKey: [...deskQueries.all(), 'requests'] as const,
      queryFn: ({ signal }) => desk.listRequests(0, signal),
      refetchInterval: () => (streaming || streamListening() ? false : 1000),
      // A fetch answered while events arrived keeps what they said (stream-merge.ts).
      structuralSharing: (held, fetched) => mergeFetchedRequests(held as RequestRecord[] | undefined, fetched as RequestRecord[]),
    }),
  liveRuns: (streaming = false) =>
    queryOptions({
      queryKey: [...deskQueries.all(), 'live-runs'] as const,
      queryFn: ({ signal }) => desk.listLiveRuns(signal),
      refetchInterval: () => (streaming || streamListening() ? false : 1000),
    }),
  /** One live run; without the stream, polled quickly while it runs, then no more (it no longer changes). */
  liveRun: (requestId: number, streaming = false) =>
    queryOptions({
      queryKey: [...deskQueries.all(), 'live-runs', requestId] as const,
      queryFn: ({ signal }) => desk.getLiveRun(requestId, signal),
      refetchInterval: (q) => (streaming || streamListening() || (q.state.data && q.state.data.status !== 'running') ? false : 250),
      structuralSharing: (held, fetched) => mergeFetchedLiveRun((held as LiveRun | undefined) ?? takeEarlyRun(fetched as LiveRun), fetched as LiveRun),
    }),

  /** The attached databases: the run browser's picker and the Databases page read this one query. */
  databases: () =>
    queryOptions({
      queryKey: [...deskQueries.all(), 'databases'] as const,
      queryFn: ({ signal }) => desk.listDatabases(signal),
      // Counts change as agents write; cheap enough to poll with the live views.
      refetchInterval: 5000,
    }),

  /** The server's caches against its memory budget (`cache_budget_mb`), beside the databases listing. */
  cacheMemory: () =>
    queryOptions({
      queryKey: [...deskQueries.all(), 'databases', 'memory'] as const,
      queryFn: ({ signal }) => desk.cacheMemory(signal),
      refetchInterval: 5000,
    }),

  inspectAll: () => [...deskQueries.all(), 'inspect'] as const,
  /** What the auth layer decides for `token` on `method path` — the workshop, and why a 401/403 happened. */
  inspect: (req: InspectRequest) =>
    queryOptions({
      queryKey: [...deskQueries.inspectAll(), req.method, req.path, tokenKey(req.token)] as const,
      queryFn: ({ signal }) => desk.inspect(req, signal),
      retry: false,
    }),
  matrixAll: () => [...deskQueries.all(), 'matrix'] as const,
  matrix: (token: string) =>
    queryOptions({
      queryKey: [...deskQueries.matrixAll(), tokenKey(token)] as const,
      queryFn: ({ signal }) => desk.matrix(token, signal),
      retry: false,
    }),

  info: () =>
    queryOptions({
      queryKey: [...deskQueries.all(), 'info'] as const,
      queryFn: ({ signal }) => desk.getInfo(signal),
      staleTime: Infinity,
    }),
};
