import { describe, expect, it } from 'vitest';
import { readTraceFilters, traceListParams, writeTraceFilters } from './trace-filters';

describe('trace filters', () => {
  it('round-trip through the URL, defaults left out, any change but paging back to page 1', () => {
    const f = readTraceFilters(new URLSearchParams('page=3&sort=duration'));
    const next = writeTraceFilters(new URLSearchParams('db=x&page=3&sort=duration'), f, { status: 'ERROR', component: 'support-team', componentKind: 'team' });
    expect(next.toString()).toBe('db=x&sort=duration&status=ERROR&kind=team&component=support-team');
    expect(readTraceFilters(next)).toMatchObject({ status: 'ERROR', componentKind: 'team', component: 'support-team', sort: 'duration', desc: true, page: 1 });
    // The sort orders the whole listing, so a new order starts again at its first page.
    expect(writeTraceFilters(new URLSearchParams('page=3'), readTraceFilters(new URLSearchParams('page=3')), { sort: 'spans' }).toString()).toBe('sort=spans');
    expect(writeTraceFilters(new URLSearchParams(), f, { page: 4 }).get('page')).toBe('4');
  });

  it('send status, user, session, component and time range to the platform', () => {
    const f = readTraceFilters(new URLSearchParams('status=ERROR&user=zoe&kind=workflow&component=wf&from=2026-04-05T10:00'));
    expect(traceListParams(f)).toMatchObject({ status: 'ERROR', user_id: 'zoe', workflow_id: 'wf', page: 1, limit: 100 });
    expect(traceListParams(f).start_time).toBe(new Date('2026-04-05T10:00').toISOString());
  });

  it('send the duration bounds (seconds as milliseconds) and the sort, for the whole listing', () => {
    const params = (q: string) => traceListParams(readTraceFilters(new URLSearchParams(q)));
    expect(params('')).toMatchObject({ sort_by: 'start_time', sort_order: 'desc', min_duration_ms: undefined, max_duration_ms: undefined });
    expect(params('sort=duration&order=asc')).toMatchObject({ sort_by: 'duration_ms', sort_order: 'asc' });
    expect(params('sort=spans')).toMatchObject({ sort_by: 'total_spans' });
    expect(params('sort=errors')).toMatchObject({ sort_by: 'error_count' });
    expect(params('min_s=6&max_s=10.5')).toMatchObject({ min_duration_ms: 6000, max_duration_ms: 10500 });
    expect(params('min_s=abc&max_s=-1')).toMatchObject({ min_duration_ms: undefined, max_duration_ms: undefined });
  });
});
