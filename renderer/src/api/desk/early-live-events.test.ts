import { describe, expect, it } from 'vitest';
import { holdEarlyEvent, MAX_HELD_RUNS, takeEarlyRun } from './early-live-events';
import type { LiveRun, LiveRunSummary } from './stream-merge';

const summary = (id: number) =>
  ({ request_id: id, kind: 'agent', component_id: 'a', run_id: `r${id}`, session_id: 's', status: 'running', started_at: 'x', ended_at: null, tokens: { input: 0, output: 0, total: 0 }, content: '', dropped_events: 0, event_count: 1 }) as LiveRunSummary;
const fetched = (id: number) => ({ ...summary(id), events: [], request: { id } }) as unknown as LiveRun;
const ev = { index: 0, event: 'RunStarted', data: {}, at: 'x' } as LiveRun['events'][number];

describe('early live-run events', () => {
  it('are held for the newest MAX_HELD_RUNS runs only: a run whose read never lands does not hold its events for ever', () => {
    for (let id = 1000; id <= 1000 + MAX_HELD_RUNS; id++) holdEarlyEvent(summary(id), ev);
    expect(takeEarlyRun(fetched(1000))).toBeUndefined();
    expect(takeEarlyRun(fetched(1001))?.events).toHaveLength(1);
    expect(takeEarlyRun(fetched(1000 + MAX_HELD_RUNS))?.events).toHaveLength(1);
    // Taken once: a second read of the same run finds nothing held.
    expect(takeEarlyRun(fetched(1001))).toBeUndefined();
  });
});
