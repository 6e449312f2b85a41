import { describe, expect, it } from 'vitest';
import { evalHeadline, evalOutcome } from './eval-results';

describe('eval results', () => {
  it('reads an accuracy run: scores and each result', () => {
    const run = { eval_type: 'accuracy', eval_data: { results: [{ input: 'q', output: 'a', expected_output: 'e', score: 7, reason: 'r' }], avg_score: 7, min_score: 7, max_score: 7 } };
    expect(evalOutcome(run)).toEqual({ kind: 'accuracy', avg: 7, min: 7, max: 7, results: [{ input: 'q', output: 'a', expected: 'e', score: 7, reason: 'r' }] });
    expect(evalHeadline(run)).toEqual({ text: '7 / 10 avg', tone: 'ok' });
  });

  it('reads a performance run: timing and memory statistics, and each run', () => {
    const run = { eval_type: 'performance', eval_data: { result: { avg_run_time: 11.526, min_run_time: 10.92, avg_memory_usage: 38.44 }, runs: [{ runtime: 11.47, memory: 38.2 }] } };
    const o = evalOutcome(run);
    expect(o.kind === 'performance' && o.stats).toEqual([
      { name: 'avg', time: 11.526, memory: 38.44 },
      { name: 'min', time: 10.92, memory: null },
    ]);
    expect(evalHeadline(run).text).toBe('11.53 s avg');
  });

  it('reads a reliability run: passed or failed, and which tool calls', () => {
    const run = { eval_type: 'reliability', eval_data: { eval_status: 'FAILED', failed_tool_calls: ['calculate'], passed_tool_calls: ['run_sql_query'], additional_tool_calls: ['calculate'] } };
    expect(evalOutcome(run)).toMatchObject({ kind: 'reliability', status: 'FAILED', failed: ['calculate'], passed: ['run_sql_query'], missing: [] });
    expect(evalHeadline(run).tone).toBe('danger');
    expect(evalOutcome({ eval_type: 'something-new', eval_data: {} })).toEqual({ kind: 'other' });
  });
});
