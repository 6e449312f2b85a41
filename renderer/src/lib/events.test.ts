import { describe, expect, it } from 'vitest';
import { buildEventRows, eventCategory, eventSummary } from './events';

describe('events', () => {
  it.each([
    ['ToolCallStarted', 'tool'],
    ['TeamToolCallCompleted', 'tool'],
    ['RunError', 'error'],
    ['ModelRequestCompleted', 'model'],
    ['StepStarted', 'step'],
    ['WorkflowCompleted', 'step'],
    ['ReasoningStep', 'reasoning'],
    ['RunStarted', 'run'],
    ['CustomEvent', 'other'],
  ])('puts %s (agent, team or workflow) in the %s category', (name, category) => {
    expect(eventCategory(name)).toBe(category);
  });

  it('summarises tool calls, errors and model requests', () => {
    expect(eventSummary({ event: 'ToolCallStarted', tool: { tool_name: 'get_weather', tool_args: { city: 'Paris' } } })).toBe(
      'get_weather({"city":"Paris"})',
    );
    expect(eventSummary({ event: 'ToolCallCompleted', content: '21C', tool: { tool_name: 'get_weather' } })).toBe('get_weather → 21C');
    expect(eventSummary({ event: 'RunError', content: 'rate limited', error_type: 'model_provider_error' })).toBe(
      'model_provider_error: rate limited',
    );
    expect(eventSummary({ event: 'ModelRequestCompleted', model: 'gpt-4o', input_tokens: 1200, output_tokens: 80 })).toBe(
      'gpt-4o · 1.2k in · 80 out',
    );
  });

  it('computes offsets from the first timestamp', () => {
    const rows = buildEventRows([
      { event: 'RunStarted', created_at: 100 },
      { event: 'ToolCallStarted', created_at: 102 },
      { event: 'RunCompleted', created_at: 105, nested_depth: 1 },
    ]);
    expect(rows.map((r) => r.offset)).toEqual([0, 2, 5]);
    expect(rows[2]!.depth).toBe(1);
    expect(buildEventRows(undefined)).toEqual([]);
  });
});
