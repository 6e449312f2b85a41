import { describe, expect, it } from 'vitest';
import type { AnyRun } from '../../api-types/shapes';
import { activityColumns, runTotals } from './session-stats';

const run = (id: string, total: number | null, duration: number | null, status = 'COMPLETED'): AnyRun =>
  ({ run_id: id, status, metrics: { ...(total === null ? {} : { total_tokens: total }), ...(duration === null ? {} : { duration }) } }) as AnyRun;

describe('runTotals', () => {
  // As the API sends it: an ISO date-time.
  const at = (id: string, created: number, duration: number, status = 'COMPLETED'): AnyRun => ({ ...run(id, 10, duration, status), created_at: new Date(created * 1000).toISOString() }) as AnyRun;

  it('gives the run time as wall clock: overlapping runs (a team run and its members) count once', () => {
    // A team run of 20 s with two members inside it, and a later run of 4.8 s: 24.8 s, not 55 s.
    const runs = [at('team', 1000, 20), at('member-a', 1002, 15), at('member-b', 1005, 14.5), at('later', 1100, 4.8)];
    expect(runTotals(runs).duration).toBeCloseTo(24.8, 6);
    // Runs that only touch or chain end to end add up; a run inside another adds nothing.
    expect(runTotals([at('a', 0, 5), at('b', 5, 5), at('c', 6, 1)]).duration).toBe(10);
  });

  it('counts a cancelled run as failed, as the runs view and Traces → Errors do', () => {
    expect(runTotals([at('a', 0, 1, 'CANCELLED'), at('b', 2, 1, 'PAUSED')]).errors).toBe(1);
  });

  it('sums tokens and durations and counts failed runs', () => {
    expect(runTotals([run('a', 100, 1.5), run('b', 50, 0.5, 'ERROR'), run('c', null, null, 'FAILED')])).toEqual({
      tokens: 150,
      duration: 2,
      errors: 2,
    });
  });

  it('is all zero before the runs have loaded', () => {
    expect(runTotals(undefined)).toEqual({ tokens: 0, duration: 0, errors: 0 });
  });
});

describe('activityColumns', () => {
  it('keeps the latest 120 runs', () => {
    const runs = Array.from({ length: 130 }, (_, i) => run(`r${i}`, i, 1));
    const cols = activityColumns(runs);
    expect(cols.data).toHaveLength(120);
    expect(cols.data[0]!.run_id).toBe('r10');
    expect(cols.maxT).toBe(129);
  });

  it('never scales by zero, so runs without metrics still get columns', () => {
    const cols = activityColumns([run('a', null, null)]);
    expect(cols.tokens).toEqual([0]);
    expect(cols.maxT).toBe(1);
    expect(cols.maxD).toBe(0.001);
  });
});
