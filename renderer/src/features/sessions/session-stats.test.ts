import { describe, expect, it } from 'vitest';
import type { AnyRun } from '../../api/types';
import { activityColumns, runTotals } from './session-stats';

const run = (id: string, total: number | null, duration: number | null, status = 'COMPLETED'): AnyRun =>
  ({ run_id: id, status, metrics: { ...(total === null ? {} : { total_tokens: total }), ...(duration === null ? {} : { duration }) } }) as AnyRun;

describe('runTotals', () => {
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
