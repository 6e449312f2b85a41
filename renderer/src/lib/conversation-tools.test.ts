import { describe, expect, it } from 'vitest';
import { listToolCalls } from './conversation-tools';

const call = (id: string, name: string, args: object) => ({ id, type: 'function', function: { name, arguments: JSON.stringify(args) } });

describe('the tool calls of a run', () => {
  it('lists the calls the conversation holds when the stored tools field is empty, each with its result', () => {
    const messages = [
      { role: 'user', content: 'prices?' },
      { role: 'assistant', tool_calls: [call('c1', 'get_stock_price', { ticker: 'NVDA' }), call('c2', 'get_stock_price', { ticker: 'AMD' })] },
      { role: 'tool', tool_call_id: 'c1', content: '451.82' },
      { role: 'tool', tool_call_id: 'c2', content: 'boom', tool_call_error: true },
      { role: 'tool', tool_name: 'orphan_tool', tool_args: { a: 1 }, content: 'x' },
    ];
    const calls = listToolCalls(messages, []);
    expect(calls.map((c) => [c.tool_name, c.tool_args, c.result, c.tool_call_error, c.message_index])).toEqual([
      ['get_stock_price', { ticker: 'NVDA' }, '451.82', false, 1],
      ['get_stock_price', { ticker: 'AMD' }, 'boom', true, 1],
      ['orphan_tool', { a: 1 }, 'x', false, 4],
    ]);
  });

  it('completes a call with its stored execution and keeps stored executions the conversation lacks', () => {
    const messages = [{ role: 'assistant', tool_calls: [call('c1', 'search', { q: 'x' })] }];
    const calls = listToolCalls(messages, [
      { tool_call_id: 'c1', tool_name: 'search', tool_args: { q: 'x' }, result: 'ok', metrics: { duration: 0.5 } },
      { tool_call_id: 'c9', tool_name: 'other', tool_args: {}, result: 'y' },
    ]);
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({ tool_name: 'search', result: 'ok', metrics: { duration: 0.5 }, message_index: 0 });
    expect(calls[1]).toMatchObject({ tool_name: 'other', message_index: null });
  });
});
