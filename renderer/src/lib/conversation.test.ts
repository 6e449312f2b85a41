import { describe, expect, it } from 'vitest';
import type { AgnoMessage } from '../api-types/shapes';
import { buildConversation, contentParts, parseArguments, roleCounts, toolCallCount } from './conversation';

const weatherRun: AgnoMessage[] = [
  { role: 'system', content: 'You are a weather bot.', created_at: 1 },
  { role: 'user', content: 'Weather in Paris?', created_at: 2 },
  {
    role: 'assistant',
    tool_calls: [
      { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      { id: 'call_2', type: 'function', function: { name: 'get_time', arguments: 'not json' } },
    ],
    metrics: { input_tokens: 10, output_tokens: 5, total_tokens: 15 },
  },
  { role: 'tool', content: '{"temp": 21}', tool_call_id: 'call_1', tool_name: 'get_weather', tool_call_error: false },
  { role: 'tool', content: 'boom', tool_call_id: 'call_2', tool_name: 'get_time', tool_call_error: true },
  { role: 'assistant', content: 'It is **21°C** in Paris.' },
];

describe('buildConversation', () => {
  it('keeps one row per stored message, in order', () => {
    const rows = buildConversation(weatherRun);
    expect(rows.map((r) => r.role)).toEqual(['system', 'user', 'assistant', 'tool', 'tool', 'assistant']);
    expect(rows.map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('parses assistant tool call arguments from their JSON string', () => {
    const [, , call] = buildConversation(weatherRun);
    expect(call!.toolCalls[0]).toMatchObject({ id: 'call_1', name: 'get_weather', args: { city: 'Paris' }, argsValid: true });
    expect(call!.toolCalls[1]).toMatchObject({ name: 'get_time', args: 'not json', argsValid: false });
  });

  it('links tool results to the call they answer, both ways', () => {
    const rows = buildConversation(weatherRun);
    expect(rows[3]!.answers).toEqual({ name: 'get_weather', args: { city: 'Paris' }, callIndex: 2 });
    expect(rows[2]!.toolCalls[0]!.resultIndex).toBe(3);
    expect(rows[2]!.toolCalls[1]).toMatchObject({ resultIndex: 4, resultError: true });
    expect(rows[4]!.isError).toBe(true);
  });

  it('falls back to the tool message’s own name when the call is not in the list', () => {
    const rows = buildConversation([{ role: 'tool', content: 'x', tool_call_id: 'gone', tool_name: 'search', tool_args: { q: 'a' } }]);
    expect(rows[0]!.answers).toEqual({ name: 'search', args: { q: 'a' }, callIndex: null });
  });

  it('numbers user turns and ignores history messages when counting', () => {
    const rows = buildConversation([
      { role: 'user', content: 'old', from_history: true },
      { role: 'assistant', content: 'old answer', from_history: true },
      { role: 'user', content: 'new' },
      { role: 'assistant', content: 'new answer' },
    ]);
    expect(rows.map((r) => r.turn)).toEqual([0, 0, 1, 1]);
    expect(rows[0]!.fromHistory).toBe(true);
  });

  it('counts roles and tool calls', () => {
    const rows = buildConversation(weatherRun);
    expect(roleCounts(rows)).toEqual({ system: 1, user: 1, assistant: 2, tool: 2 });
    expect(toolCallCount(rows)).toBe(2);
  });

  it('tolerates missing and malformed input', () => {
    expect(buildConversation(null)).toEqual([]);
    expect(buildConversation([null as unknown as AgnoMessage])[0]!.role).toBe('other');
  });

  it('prepares 2,000 messages quickly enough for a render (one pass)', () => {
    const many: AgnoMessage[] = Array.from({ length: 2000 }, (_, i) =>
      i % 2 ? { role: 'tool', content: String(i), tool_call_id: `c${i - 1}` } : { role: 'assistant', tool_calls: [{ id: `c${i}`, function: { name: 'f', arguments: '{}' } }] },
    );
    const rows = buildConversation(many);
    expect(rows).toHaveLength(2000);
    expect(rows[1999]!.answers?.callIndex).toBe(1998);
  });
});

describe('contentParts', () => {
  it('reads strings, OpenAI part lists and objects', () => {
    expect(contentParts('hi')).toEqual([{ type: 'text', text: 'hi' }]);
    expect(
      contentParts([
        { type: 'text', text: 'look' },
        { type: 'image_url', image_url: { url: 'https://x/y.png', detail: 'low' } },
        { type: 'weird' },
      ]),
    ).toEqual([
      { type: 'text', text: 'look' },
      { type: 'image', url: 'https://x/y.png', detail: 'low' },
      { type: 'json', value: { type: 'weird' } },
    ]);
    expect(contentParts({ a: 1 })).toEqual([{ type: 'json', value: { a: 1 } }]);
    expect(contentParts('')).toEqual([]);
  });
});

describe('parseArguments', () => {
  it('accepts JSON strings, objects and empties', () => {
    expect(parseArguments('{"a":1}')).toEqual({ value: { a: 1 }, valid: true });
    expect(parseArguments({ a: 1 })).toEqual({ value: { a: 1 }, valid: true });
    expect(parseArguments('')).toEqual({ value: {}, valid: true });
    expect(parseArguments('{oops')).toEqual({ value: '{oops', valid: false });
  });
});
