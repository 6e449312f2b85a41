import { describe, expect, it } from 'vitest';

import { deriveSessionName } from './session-name.js';
import type { NameSource } from './session-name.js';

const agent: NameSource = { session_type: 'agent', session_data: null, workflow_data: null };
const team: NameSource = { session_type: 'team', session_data: null, workflow_data: null };
const workflow: NameSource = { session_type: 'workflow', session_data: null, workflow_data: { name: 'Content Pipeline' } };
const user = (content: unknown) => ({ role: 'user', content });

describe('deriveSessionName', () => {
  it('prefers session_data.session_name', () => {
    expect(deriveSessionName({ ...agent, session_data: { session_name: 'Trip' } }, [{ messages: [user('Hi')] }])).toBe('Trip');
  });

  it('takes the first user message with content, in run order', () => {
    const runs = [{ messages: [user(''), user('Second')] }, { messages: [user('Third')] }];
    expect(deriveSessionName(agent, runs)).toBe('Second');
  });

  it("falls back to the run's stringified input, the whole input dict included", () => {
    expect(deriveSessionName(agent, [{ messages: [], input: { input_content: 'Hi' } }])).toBe('{\n  "input_content": "Hi"\n}');
  });

  it('skips member runs of team sessions', () => {
    const runs = [{ agent_id: 'member', messages: [user('Member task')] }, { team_id: 't', messages: [user('Team ask')] }];
    expect(deriveSessionName(team, runs)).toBe('Team ask');
  });

  it('names a workflow session after its first run input, dicts as compact JSON', () => {
    expect(deriveSessionName(workflow, [{ input: 'Write an article' }])).toBe('Write an article');
    expect(deriveSessionName(workflow, [{ input: { ticker: 'NVDA', days: 7 } }])).toBe('{"ticker": "NVDA", "days": 7}');
  });

  it('names a workflow session "New {name} Session" when its first input is neither text nor a dict', () => {
    expect(deriveSessionName(workflow, [{ input: ['a'] }, { input: 'second' }])).toBe('New Content Pipeline Session');
  });

  it('answers an empty name for sessions without runs', () => {
    expect(deriveSessionName(workflow, [])).toBe('');
    expect(deriveSessionName(agent, [])).toBe('');
  });
});
