import type { LiveRun, LiveRunEvent, LiveRunSummary } from './stream-merge';

/**
 * Live-run events that arrive while a page is still waiting for its first read of that run. The
 * read may have been taken on the server before them, so they are kept until it lands and merged
 * into it there; dropped, the next event would show a gap and cost the page another fetch.
 */
const early = new Map<number, { summary: LiveRunSummary; events: LiveRunEvent[] }>();
/** As many events as the server keeps for one run. */
const MAX_HELD = 2000;
/**
 * As many runs as the server keeps live: a run whose read never lands (it failed, the page left)
 * would otherwise hold its events for as long as the window is open.
 */
export const MAX_HELD_RUNS = 50;

export function holdEarlyEvent(summary: LiveRunSummary, event: LiveRunEvent): void {
  const held = early.get(summary.request_id);
  if (!held) {
    early.set(summary.request_id, { summary, events: [event] });
    // A Map keeps insertion order: the first key is the run held longest.
    if (early.size > MAX_HELD_RUNS) early.delete(early.keys().next().value as number);
  } else if (held.events.length < MAX_HELD) {
    held.summary = summary;
    held.events.push(event);
  }
}

/** The run as the events held for it say, over the fetched one (to merge with it); none held: undefined. */
export function takeEarlyRun(fetched: LiveRun): LiveRun | undefined {
  const held = early.get(fetched.request_id);
  if (!held) return undefined;
  early.delete(fetched.request_id);
  const { event_count: _count, ...fields } = held.summary;
  return { ...fetched, ...fields, events: held.events };
}
