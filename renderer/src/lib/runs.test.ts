import { describe, expect, it } from 'vitest';
import type { AnyRun } from '../api-types/shapes';
import { buildRunTree, flattenRunTree, isJsonOutput, modelOf, runKind, statusTone, tokensOf } from './runs';

describe('buildRunTree', () => {
  it('nests team member runs under the team run that follows them', () => {
    const runs: AnyRun[] = [
      { run_id: 'm1', agent_id: 'a', parent_run_id: 't1' },
      { run_id: 'm2', agent_id: 'b', parent_run_id: 't1' },
      { run_id: 't1', team_id: 'team' },
      { run_id: 'm3', agent_id: 'a', parent_run_id: 't2' },
      { run_id: 't2', team_id: 'team' },
    ];
    const roots = buildRunTree(runs);
    expect(roots.map((n) => n.run.run_id)).toEqual(['t1', 't2']);
    expect(roots[0]!.children.map((n) => n.run.run_id)).toEqual(['m1', 'm2']);
    expect(flattenRunTree(roots).map((n) => [n.run.run_id, n.depth])).toEqual([
      ['t1', 0],
      ['m1', 1],
      ['m2', 1],
      ['t2', 0],
      ['m3', 1],
    ]);
  });

  it('keeps runs whose parent is elsewhere at the top level', () => {
    const roots = buildRunTree([{ run_id: 'r1', parent_run_id: 'not-here' }, { run_id: 'r2' }]);
    expect(roots.map((n) => n.run.run_id)).toEqual(['r1', 'r2']);
  });

  it('breaks parent cycles instead of losing runs', () => {
    const roots = buildRunTree([
      { run_id: 'a', parent_run_id: 'b' },
      { run_id: 'b', parent_run_id: 'a' },
    ]);
    expect(flattenRunTree(roots).map((n) => n.run.run_id).sort()).toEqual(['a', 'b']);
  });
});

describe('tokensOf', () => {
  it('reads agent metrics and derives a missing total', () => {
    expect(tokensOf({ input_tokens: 3824, output_tokens: 427, total_tokens: 4251 })).toEqual({ input: 3824, output: 427, total: 4251 });
    expect(tokensOf({ input_tokens: 10, output_tokens: 5 })).toEqual({ input: 10, output: 5, total: 15 });
    expect(tokensOf({ duration: 1 })).toEqual({ input: null, output: null, total: null });
    expect(tokensOf(null)).toEqual({ input: null, output: null, total: null });
  });

  it('sums workflow step metrics', () => {
    expect(
      tokensOf({
        duration: 3,
        steps: {
          a: { metrics: { input_tokens: 10, output_tokens: 2, total_tokens: 12 } },
          b: { metrics: { input_tokens: 5, output_tokens: 1, total_tokens: 6 } },
          c: { metrics: null },
        },
      }),
    ).toEqual({ input: 15, output: 3, total: 18 });
  });
});

describe('run helpers', () => {
  it('tells the kind from the shape', () => {
    expect(runKind({ run_id: 'r', agent_id: 'a' })).toBe('agent');
    expect(runKind({ run_id: 'r', team_id: 't' })).toBe('team');
    expect(runKind({ run_id: 'r', workflow_id: 'w' })).toBe('workflow');
  });
  it.each([
    ['COMPLETED', 'ok'],
    ['ERROR', 'danger'],
    ['RUNNING', 'info'],
    ['PAUSED', 'warn'],
    ['SOMETHING', 'muted'],
    [null, 'muted'],
  ] as const)('colours status %s as %s (unknown ones muted)', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });
  it('finds the model in metrics details', () => {
    expect(modelOf({ run_id: 'r', metrics: { details: { model: [{ id: 'gpt-4o', provider: 'OpenAI' }] } } })).toBe('gpt-4o');
    expect(modelOf({ run_id: 'r' })).toBeNull();
  });
  it('shows structured output as JSON', () => {
    expect(isJsonOutput({ run_id: 'r', content: { a: 1 } })).toBe(true);
    expect(isJsonOutput({ run_id: 'r', content: '{"a":1}', run_response_format: 'json' })).toBe(true);
    expect(isJsonOutput({ run_id: 'r', content: '# hi', run_response_format: 'text' })).toBe(false);
  });
});
