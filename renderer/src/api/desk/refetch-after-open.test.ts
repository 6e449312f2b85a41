import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { deskQueries } from './queries';
import { applyStreamEvent, refetchAfterOpen } from './request-stream';
import { setStreamListening } from './stream-listening';

describe('when the request stream opens', () => {
  it('a live run fetch already under way is dropped and asked again, so its snapshot is read after the stream listens', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const asked: { signal: AbortSignal; answer: (events: number) => void }[] = [];
    const observer = new QueryObserver(client, {
      queryKey: deskQueries.liveRun(7).queryKey,
      queryFn: ({ signal }) => new Promise<{ events: number }>((resolve) => asked.push({ signal, answer: (events) => resolve({ events }) })),
    });
    const stop = observer.subscribe(() => {});
    try {
      // The page's first fetch is in flight (no data yet) when the stream opens.
      await expect.poll(() => asked.length).toBe(1);
      const refreshed = refetchAfterOpen(client);
      await expect.poll(() => asked.length).toBe(2);
      expect(asked[0]!.signal.aborted).toBe(true);
      asked[1]!.answer(3);
      await refreshed;
      expect(client.getQueryData(deskQueries.liveRun(7).queryKey)).toEqual({ events: 3 });
    } finally {
      stop();
      client.clear();
    }
  });

  it('a listing with data is fetched once more', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let asked = 0;
    const observer = new QueryObserver(client, { queryKey: deskQueries.requests().queryKey, queryFn: async () => ++asked });
    const stop = observer.subscribe(() => {});
    try {
      await expect.poll(() => client.getQueryData(deskQueries.requests().queryKey)).toBe(1);
      await refetchAfterOpen(client);
      expect(client.getQueryData(deskQueries.requests().queryKey)).toBe(2);
    } finally {
      stop();
      client.clear();
    }
  });
});

describe('while the stream listens', () => {
  it('the pages do not poll, even under the options of a render from before it opened', () => {
    const running = { state: { data: { status: 'running' } } } as never;
    const intervals = () => [
      (deskQueries.liveRun(7, false).refetchInterval as (q: never) => unknown)(running),
      (deskQueries.requests(false).refetchInterval as (q: never) => unknown)(running),
      (deskQueries.liveRuns(false).refetchInterval as (q: never) => unknown)(running),
    ];
    try {
      expect(intervals()).toEqual([250, 1000, 1000]);
      setStreamListening(true);
      expect(intervals()).toEqual([false, false, false]);
    } finally {
      setStreamListening(false);
    }
  });
});

describe('events that arrive before the page first read the run', () => {
  it('are kept and merged into the read when it lands, with the newest summary', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const ev = (index: number) => ({ index, event: 'RunContent', data: {}, at: 'x' });
    const summary = { request_id: 9, kind: 'agent', component_id: 'a', run_id: 'r', session_id: 's', status: 'running', started_at: 'x', ended_at: null, tokens: { input: 1, output: 2, total: 3 }, content: 'abc', dropped_events: 0, event_count: 4 };
    const fetched = { ...summary, event_count: undefined, tokens: { input: 1, output: 1, total: 2 }, content: 'ab', events: [0, 1, 2].map(ev), request: { id: 9 } };
    let answer: (run: unknown) => void = () => {};
    const observer = new QueryObserver(client, {
      ...deskQueries.liveRun(9),
      queryFn: () => new Promise((resolve) => (answer = resolve)),
    } as never);
    const stop = observer.subscribe(() => {});
    try {
      await expect.poll(() => client.getQueryState(deskQueries.liveRun(9).queryKey)?.fetchStatus).toBe('fetching');
      applyStreamEvent(client, 'live-run', { run: summary, event: ev(3) });
      answer(fetched);
      await expect.poll(() => client.getQueryData(deskQueries.liveRun(9).queryKey)).toBeTruthy();
      const run = client.getQueryData(deskQueries.liveRun(9).queryKey) as unknown as { events: { index: number }[]; content: string; request: unknown };
      expect(run.events.map((e) => e.index)).toEqual([0, 1, 2, 3]);
      expect(run.content).toBe('abc');
      expect(run.request).toEqual({ id: 9 });
    } finally {
      stop();
      client.clear();
    }
  });
});
