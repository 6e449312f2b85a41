import { describe, expect, it } from 'vitest';
import type { AnyRun } from '../../api-types/shapes';
import { currentTab, runTabs } from './run-tabs';

const shown = (run: AnyRun, sessionRuns?: AnyRun[]) =>
  runTabs(run, sessionRuns)
    .filter((t) => !t.hidden)
    .map((t) => (t.count === undefined ? t.id : `${t.id}:${t.count}`));

describe('runTabs', () => {
  it('gives an agent run conversation, tools, events and raw JSON (the trace sits above the tabs)', () => {
    const run = { run_id: 'r', agent_id: 'a', messages: [{ role: 'user' }, { role: 'assistant' }], tools: [{}] } as AnyRun;
    expect(shown(run)).toEqual(['conversation:2', 'tools:1', 'events:0', 'raw']);
  });

  it('counts the tool calls the conversation holds, not only the stored tools field', () => {
    const call = (id: string) => ({ id, type: 'function', function: { name: 'lookup', arguments: '{}' } });
    const run = {
      run_id: 'r',
      agent_id: 'a',
      messages: [{ role: 'user' }, { role: 'assistant', tool_calls: [call('c1'), call('c2'), call('c3')] }, { role: 'tool', tool_call_id: 'c1' }],
      tools: [],
    } as unknown as AnyRun;
    expect(shown(run)).toContain('tools:3');
  });

  it('gives a workflow run steps instead of conversation and tools', () => {
    const run = { run_id: 'w', workflow_id: 'wf', step_results: [{}, {}, {}] } as unknown as AnyRun;
    expect(shown(run)).toEqual(['steps:3', 'events:0', 'raw']);
  });

  it('counts a team run’s members from the session, else from member_responses', () => {
    const team = { run_id: 't', team_id: 'tm', member_responses: [{ run_id: 'x' }] } as unknown as AnyRun;
    expect(shown(team, [{ run_id: 'm1', parent_run_id: 't' }, { run_id: 'm2', parent_run_id: 't' }, { run_id: 'o' }])).toContain('members:2');
    expect(shown(team, [])).toContain('members:1');
  });

  it('shows reasoning, references and state only when the run has them', () => {
    const run = {
      run_id: 'r',
      reasoning_content: 'thought',
      references: [{ query: 'q' }],
      citations: { urls: [] },
      session_state: { step: 2 },
    } as unknown as AnyRun;
    expect(shown(run)).toEqual(['conversation:0', 'tools:0', 'events:0', 'reasoning', 'references:2', 'state', 'raw']);
    expect(shown({ run_id: 'r', session_state: {} } as AnyRun)).not.toContain('state');
  });
});

describe('currentTab', () => {
  const tabs = runTabs({ run_id: 'w', workflow_id: 'wf' } as AnyRun, undefined);
  it('keeps the requested tab when it is shown', () => {
    expect(currentTab(tabs, 'events')).toBe('events');
  });
  it('falls back to the first shown tab for a missing or hidden one', () => {
    expect(currentTab(tabs, null)).toBe('steps');
    expect(currentTab(tabs, 'conversation')).toBe('steps');
  });
});
