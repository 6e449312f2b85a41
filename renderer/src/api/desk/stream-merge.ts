/**
 * How the cached requests and live runs take a change: from the server's event stream
 * (`request-stream.ts`) or from a fetch that was under way while events arrived. A fetch
 * answers what the server held when it read; events that came after it must not be lost when
 * its answer lands, so a fetched answer is merged with what the cache already holds.
 */
import type * as desk from '../desk';

export type RequestRecord = Awaited<ReturnType<typeof desk.listRequests>>[number];
export type LiveRunSummary = Awaited<ReturnType<typeof desk.listLiveRuns>>[number];
export type LiveRun = Awaited<ReturnType<typeof desk.getLiveRun>>;
export type LiveRunEvent = LiveRun['events'][number];

/** As the server keeps them: the newest 500 requests, 50 live runs, 2,000 events of a run. */
const MAX_REQUESTS = 500;
const MAX_LIVE_RUNS = 50;
const MAX_EVENTS = 2000;

/** How far a record has come: a record only moves forward (answered, run named, ended). */
const progress = (r: RequestRecord) => (r.state !== 'open' ? 4 : 0) + (r.status !== null ? 2 : 0) + (r.run !== null ? 1 : 0);

/** A record changed: replace it where it is, or add it in id order (oldest first, as the listing). */
export function withRequest(list: readonly RequestRecord[], record: RequestRecord): RequestRecord[] {
  const at = list.findIndex((r) => r.id === record.id);
  if (at >= 0) return list.map((r, i) => (i === at ? record : r));
  const out = [...list, record].sort((a, b) => a.id - b.id);
  return out.length > MAX_REQUESTS ? out.slice(out.length - MAX_REQUESTS) : out;
}

/** A fetched listing, keeping what the cache learnt since: records further along, and newer ones. */
export function mergeFetchedRequests(held: readonly RequestRecord[] | undefined, fetched: readonly RequestRecord[]): RequestRecord[] {
  if (!held || held.length === 0) return [...fetched];
  const heldById = new Map(held.map((r) => [r.id, r]));
  let out = fetched.map((r) => {
    const mine = heldById.get(r.id);
    return mine && progress(mine) > progress(r) ? mine : r;
  });
  const newest = fetched.at(-1)?.id ?? 0;
  for (const r of held) if (r.id > newest) out = withRequest(out, r);
  return out;
}

/** A live run's summary changed: newest first, as the listing. */
export function withLiveRunSummary(list: readonly LiveRunSummary[], run: LiveRunSummary): LiveRunSummary[] {
  const out = [run, ...list.filter((r) => r.request_id !== run.request_id)].sort((a, b) => b.request_id - a.request_id);
  return out.slice(0, MAX_LIVE_RUNS);
}

const lastIndex = (run: Pick<LiveRun, 'events' | 'dropped_events'>) => run.events.at(-1)?.index ?? run.dropped_events - 1;

/**
 * One run as the view holds it, after a change: the summary's fields and the event that came
 * with it. `null` when the view holds something it cannot extend in order (an event missing in
 * between, or the server's cap reached): then it is fetched again instead.
 */
export function withLiveRunEvent(run: LiveRun, summary: LiveRunSummary, event: LiveRunEvent | null): LiveRun | null {
  const { event_count: _count, ...fields } = summary;
  const next = { ...run, ...fields };
  if (event === null) return next;
  const last = lastIndex(run);
  if (event.index <= last) return next;
  if (event.index !== last + 1 || run.events.length >= MAX_EVENTS) return null;
  return { ...next, events: [...run.events, event] };
}

/** A fetched run, with the events (and the state) the cache got from the stream after the fetch read it. */
export function mergeFetchedLiveRun(held: LiveRun | undefined, fetched: LiveRun): LiveRun {
  if (!held || held.request_id !== fetched.request_id) return fetched;
  const last = lastIndex(fetched);
  const later = held.events.filter((e) => e.index > last);
  if (later.length === 0 || later[0]!.index !== last + 1) return fetched;
  return { ...held, request: fetched.request, events: [...fetched.events, ...later].slice(0, MAX_EVENTS) };
}
