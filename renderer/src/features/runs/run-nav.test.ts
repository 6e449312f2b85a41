import { describe, expect, it } from 'vitest';
import type { AnyRun } from '../../api-types/shapes';
import { navAround, neighboursOf, relatedRuns } from './run-nav';

describe('neighboursOf', () => {
  const order = ['a', 'b', 'c'];
  it('names the runs on both sides of a middle run', () => {
    expect(neighboursOf(order, 'b')).toEqual({ pos: 1, prevId: 'a', nextId: 'c' });
  });
  it('has no previous run for the first and no next run for the last', () => {
    expect(neighboursOf(order, 'a')).toEqual({ pos: 0, prevId: undefined, nextId: 'b' });
    expect(neighboursOf(order, 'c')).toEqual({ pos: 2, prevId: 'b', nextId: undefined });
  });
  it('has neither for a run not in the list', () => {
    expect(neighboursOf(order, 'z')).toEqual({ pos: -1, prevId: undefined, nextId: undefined });
  });
});

const run = (run_id: string, parent_run_id?: string) => ({ run_id, ...(parent_run_id ? { parent_run_id } : {}) }) as AnyRun;

describe('navAround', () => {
  it('counts the position from the window’s offset in the session', () => {
    const around = { runs: [run('a'), run('b'), run('c')], meta: { offset: 40, total_count: 100 } };
    expect(navAround(around, 'b')).toEqual({ pos: 41, total: 100, prevId: 'a', nextId: 'c' });
  });
  it('walks nested runs after their parent, as the timeline shows them', () => {
    // Agno stores a team's members before the team run.
    const around = { runs: [run('m1', 't'), run('m2', 't'), run('t'), run('n')], meta: { offset: 0, total_count: 4 } };
    expect(navAround(around, 't')).toMatchObject({ pos: 0, prevId: undefined, nextId: 'm1' });
    expect(navAround(around, 'm2')).toMatchObject({ pos: 2, prevId: 'm1', nextId: 'n' });
  });
  it('has no position before the window arrives, or for a run outside it', () => {
    expect(navAround(undefined, 'a')).toEqual({ pos: -1, total: 0, prevId: undefined, nextId: undefined });
    expect(navAround({ runs: [run('a')], meta: { offset: 5, total_count: 9 } }, 'z')).toMatchObject({ pos: -1, total: 9 });
  });
});

describe('relatedRuns', () => {
  it('keeps one of each run, the full child before the window’s summary of it', () => {
    const full = { ...run('m1', 't'), messages: [] } as AnyRun;
    expect(relatedRuns([full], [run('m1', 't'), run('t')])).toEqual([full, run('t')]);
    expect(relatedRuns(undefined, undefined)).toEqual([]);
  });
});
