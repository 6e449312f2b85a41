import { describe, expect, it } from 'vitest';
import type { TraceSummary } from '../../lib/trace/types';
import { readTraceFilters, shownTraces, traceListParams, writeTraceFilters } from './trace-filters';

const row = (id: string, startS: number, ms: number, spans: number, errors: number): TraceSummary => ({
  trace_id: id, name: id, status: errors ? 'ERROR' : 'OK', duration: '', total_spans: spans, error_count: errors, created_at: '',
  start_time: new Date(1_775_000_000_000 + startS * 1000).toISOString(), end_time: new Date(1_775_000_000_000 + startS * 1000 + ms).toISOString(),
});

describe('trace filters', () => {
  it('round-trip through the URL, defaults left out, a filter change back to page 1', () => {
    const f = readTraceFilters(new URLSearchParams('page=3&sort=duration'));
    const next = writeTraceFilters(new URLSearchParams('db=x&page=3&sort=duration'), f, { status: 'ERROR', component: 'support-team', componentKind: 'team' });
    expect(next.toString()).toBe('db=x&sort=duration&status=ERROR&kind=team&component=support-team');
    expect(readTraceFilters(next)).toMatchObject({ status: 'ERROR', componentKind: 'team', component: 'support-team', sort: 'duration', desc: true, page: 1 });
  });

  it('send status, user, session, component and time range to the platform', () => {
    const f = readTraceFilters(new URLSearchParams('status=ERROR&user=zoe&kind=workflow&component=wf&from=2026-04-05T10:00'));
    expect(traceListParams(f)).toMatchObject({ status: 'ERROR', user_id: 'zoe', workflow_id: 'wf', page: 1, limit: 100 });
    expect(traceListParams(f).start_time).toBe(new Date('2026-04-05T10:00').toISOString());
  });

  it('bound durations and sort the page by start, duration, spans or errors', () => {
    const rows = [row('a', 0, 5000, 3, 0), row('b', 10, 20000, 11, 0), row('c', 20, 9000, 5, 2)];
    const sortBy = (q: string) => shownTraces(rows, readTraceFilters(new URLSearchParams(q))).map((t) => t.trace_id);
    expect(sortBy('')).toEqual(['c', 'b', 'a']);
    expect(sortBy('sort=duration')).toEqual(['b', 'c', 'a']);
    expect(sortBy('sort=spans&order=asc')).toEqual(['a', 'c', 'b']);
    expect(sortBy('sort=errors')).toEqual(['c', 'b', 'a']);
    expect(sortBy('min_s=6&max_s=10')).toEqual(['c']);
  });
});
