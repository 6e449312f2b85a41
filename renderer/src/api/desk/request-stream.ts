/**
 * The server's stream of request and live-run changes (`GET /desk/requests/stream`,
 * Server-Sent Events), written into the query cache as it arrives, so the requests page and the
 * live run view show a change the moment it happens instead of asking every second.
 *
 * - One `EventSource` for the whole UI, opened while a page uses it (`useRequestStream`) and
 *   closed when none does. The desk credential travels as the login cookie (same origin).
 * - When the stream (re)opens, the pages' queries are fetched once, to fill what happened while
 *   it was away; from then on only the events change them.
 * - While it is not open (connecting, refused, cut, or no `EventSource` at all) the pages fall
 *   back to polling (`streamStatus !== 'open'`). A connection the browser gives up on is
 *   reopened after 1 s, doubling up to 15 s.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { deskQueries } from './queries';
import { holdEarlyEvent } from './early-live-events';
import { setStreamListening } from './stream-listening';
import { withLiveRunEvent, withLiveRunSummary, withRequest, type LiveRunEvent, type LiveRunSummary, type RequestRecord } from './stream-merge';

export type StreamStatus = 'connecting' | 'open' | 'closed';

const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 15_000;
export const STREAM_PATH = '/desk/requests/stream';

/** Writes one stream event into the query cache. */
export function applyStreamEvent(client: QueryClient, name: string, data: unknown): void {
  if (name === 'request') {
    const record = data as RequestRecord;
    client.setQueryData(deskQueries.requests().queryKey, (old) => (old ? withRequest(old, record) : old));
    return;
  }
  if (name === 'live-run') {
    const { run, event } = data as { run: LiveRunSummary; event: LiveRunEvent | null };
    client.setQueryData(deskQueries.liveRuns().queryKey, (old) => (old ? withLiveRunSummary(old, run) : old));
    const key = deskQueries.liveRun(run.request_id).queryKey;
    const held = client.getQueryData(key);
    if (!held) {
      // A page waiting for its first read of this run: kept until the read lands.
      if (event !== null && client.getQueryState(key) !== undefined) holdEarlyEvent(run, event);
      return;
    }
    const next = withLiveRunEvent(held, run, event);
    if (next) client.setQueryData(key, next);
    else void client.invalidateQueries({ queryKey: key });
  }
}

/**
 * What changed before the stream was there (or while it was away) is fetched once; the events
 * keep the cache current from then on, and the pages stop polling once it is filled. A fetch
 * already under way is dropped and asked again: it may have been read on the server before the
 * stream was listening, and the events in between would reach the page as a gap (which costs
 * another fetch after the page stopped polling). React Query would otherwise join it, since a
 * query with no data yet is never cancelled by a refetch.
 */
export async function refetchAfterOpen(client: QueryClient): Promise<void> {
  await Promise.all(
    [deskQueries.requests().queryKey, deskQueries.liveRuns().queryKey].map(async (queryKey) => {
      await client.cancelQueries({ queryKey });
      await client.invalidateQueries({ queryKey });
    }),
  );
}

/** The one connection and who uses it. */
let source: EventSource | null = null;
let users = 0;
let status: StreamStatus = 'closed';
let retryMs = RETRY_FIRST_MS;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
const watchers = new Set<() => void>();

function setStatus(next: StreamStatus): void {
  // Listening from `onopen` on (set there); anything else it is not.
  if (next !== 'open') setStreamListening(false);
  if (next === status) return;
  status = next;
  for (const w of watchers) w();
}

function open(client: QueryClient): void {
  if (typeof EventSource === 'undefined') return;
  const es = new EventSource(STREAM_PATH);
  source = es;
  setStatus('connecting');
  es.onopen = () => {
    retryMs = RETRY_FIRST_MS;
    setStreamListening(true);
    void refetchAfterOpen(client).then(() => {
      if (source === es && es.readyState === EventSource.OPEN) setStatus('open');
    });
  };
  es.onerror = () => {
    if (es.readyState === EventSource.CLOSED) {
      // The browser gave up (a refusal, a non-stream answer): try again later, polling meanwhile.
      es.close();
      if (source === es) source = null;
      setStatus('closed');
      if (users > 0 && retryTimer === null) {
        retryTimer = setTimeout(() => {
          retryTimer = null;
          if (users > 0 && source === null) open(client);
        }, retryMs);
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      }
    } else {
      setStatus('connecting');
    }
  };
  for (const name of ['request', 'live-run']) {
    es.addEventListener(name, (e) => {
      try {
        applyStreamEvent(client, name, JSON.parse((e as MessageEvent<string>).data));
      } catch {
        // A malformed event changes nothing; the next fetch is the truth.
      }
    });
  }
}

function retain(client: QueryClient): () => void {
  users += 1;
  if (users === 1 && source === null) open(client);
  return () => {
    users -= 1;
    if (users > 0) return;
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
    source?.close();
    source = null;
    retryMs = RETRY_FIRST_MS;
    setStatus('closed');
  };
}

/**
 * Keeps the stream open while the calling component is mounted; the status says whether the
 * cache is being kept current by it (`open`) or the page should poll.
 *
 * @example
 * const stream = useRequestStream();
 * useQuery(deskQueries.requests(stream === 'open'));
 */
export function useRequestStream(): StreamStatus {
  const client = useQueryClient();
  useEffect(() => retain(client), [client]);
  return useSyncExternalStore(
    (w) => {
      watchers.add(w);
      return () => watchers.delete(w);
    },
    () => status,
  );
}
