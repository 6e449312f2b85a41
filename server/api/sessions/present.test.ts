import { describe, expect, it } from 'vitest';
import { chatHistory } from './present.js';

const msg = (role: string, content: string, extra: Record<string, unknown> = {}) => ({ role, content, ...extra });

describe('chatHistory (AgentOS get_chat_history)', () => {
  it('When runs hold system, user, assistant and tool messages, Then only user and assistant messages are kept, in order', () => {
    const runs = [
      { run_id: 'r1', messages: [msg('system', 'be brief'), msg('user', 'q1'), msg('assistant', 'calling'), msg('tool', '42'), msg('assistant', 'a1')] },
      { run_id: 'r2', status: 'ERROR', messages: [msg('system', 'be brief'), msg('user', 'q2')] },
    ];
    expect(chatHistory(runs).map((m) => `${m['role']}:${m['content']}`)).toEqual(['user:q1', 'assistant:calling', 'assistant:a1', 'user:q2']);
  });

  it('When a run replays earlier messages (from_history), Then they are not repeated', () => {
    const runs = [
      { run_id: 'r1', messages: [msg('user', 'q1'), msg('assistant', 'a1')] },
      { run_id: 'r2', messages: [msg('user', 'q1', { from_history: true }), msg('assistant', 'a1', { from_history: true }), msg('user', 'q2')] },
    ];
    expect(chatHistory(runs).map((m) => m['content'])).toEqual(['q1', 'a1', 'q2']);
  });

  it('When a session holds nested runs (team members, sub-agents), Then only top-level runs speak', () => {
    const runs = [
      { run_id: 'member', agent_id: 'researcher', parent_run_id: 'lead', messages: [msg('user', 'member task')] },
      { run_id: 'lead', team_id: 'team', messages: [msg('user', 'team task'), msg('assistant', 'done')] },
      { run_id: 'odd', messages: 'not a list' },
    ];
    expect(chatHistory(runs).map((m) => m['content'])).toEqual(['team task', 'done']);
  });
});
