import { describe, expect, it } from 'vitest';
import { mergeFetchedLiveRun, mergeFetchedRequests, withLiveRunEvent, withLiveRunSummary, withRequest } from './stream-merge';

type Rec = Parameters<typeof withRequest>[1];
type Run = Parameters<typeof withLiveRunEvent>[0];
type Summary = Parameters<typeof withLiveRunEvent>[1];

const rec = (id: number, status: number | null = null): Rec =>
  ({ id, started_at: '2026-11-28T00:00:00Z', method: 'GET', url: `/r${id}`, subject: null, verdict: null, status, ttfb_ms: null, duration_ms: null, forwarded: false, run: null, state: status === null ? 'open' : 'done' }) as Rec;
const summary = (over: Partial<Summary> = {}): Summary =>
  ({ request_id: 7, kind: 'agent', component_id: 'a', run_id: 'r', session_id: 's', status: 'running', started_at: 'x', ended_at: null, tokens: { input: 0, output: 0, total: 0 }, content: '', dropped_events: 0, event_count: 0, ...over }) as Summary;
const ev = (index: number) => ({ index, event: 'RunContent', data: {}, at: 'x' });
const run = (events: number[]): Run => ({ ...summary(), events: events.map(ev), request: null }) as unknown as Run;

describe('the request stream keeps the cached listings as the server holds them', () => {
  it('When a record changes, then it is replaced where it is; a new one is added in id order', () => {
    expect(withRequest([rec(1), rec(2)], rec(2, 200)).map((r) => [r.id, r.status])).toEqual([[1, null], [2, 200]]);
    expect(withRequest([rec(1), rec(3)], rec(2)).map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('When the listing holds 500 records, then a new one pushes the oldest out', () => {
    const full = Array.from({ length: 500 }, (_, i) => rec(i + 1));
    const next = withRequest(full, rec(501));
    expect(next).toHaveLength(500);
    expect(next[0]!.id).toBe(2);
  });

  it('When a live run changes, then the live-run listing holds it once, newest first', () => {
    const out = withLiveRunSummary([summary({ request_id: 5 }), summary({ request_id: 7 })], summary({ request_id: 7, status: 'completed' }));
    expect(out.map((r) => [r.request_id, r.status])).toEqual([[7, 'completed'], [5, 'running']]);
  });

  it('When the next event arrives, then it is appended with the summary; an event already held is not repeated', () => {
    const next = withLiveRunEvent(run([0, 1]), summary({ tokens: { input: 1, output: 2, total: 3 } }), ev(2));
    expect(next!.events.map((e) => e.index)).toEqual([0, 1, 2]);
    expect(next!.tokens.total).toBe(3);
    expect(withLiveRunEvent(run([0, 1]), summary(), ev(1))!.events).toHaveLength(2);
    expect(withLiveRunEvent(run([0, 1]), summary({ status: 'completed' }), null)!.status).toBe('completed');
  });

  it('When an event is missing in between, then the run is to be fetched again (null)', () => {
    expect(withLiveRunEvent(run([0, 1]), summary(), ev(3))).toBeNull();
  });

  it('When a fetch lands after events arrived, then the events it did not hold are kept', () => {
    expect(mergeFetchedLiveRun(run([0, 1, 2, 3]), run([0, 1])).events.map((e) => e.index)).toEqual([0, 1, 2, 3]);
    expect(mergeFetchedLiveRun(run([0, 1]), run([0, 1, 2])).events.map((e) => e.index)).toEqual([0, 1, 2]);
    expect(mergeFetchedLiveRun(undefined, run([0])).events).toHaveLength(1);
  });

  it('When a fetched listing is older than a record the stream updated, then the record keeps its news', () => {
    const merged = mergeFetchedRequests([rec(1, 200), rec(2), rec(3)], [rec(1), rec(2, 404)]);
    expect(merged.map((r) => [r.id, r.status])).toEqual([[1, 200], [2, 404], [3, null]]);
  });
});
