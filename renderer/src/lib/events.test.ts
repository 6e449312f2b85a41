import { describe, expect, it } from 'vitest';
import { buildEventRows, eventCategory, eventSummary } from './events';

describe('events', () => {
  it('categorises agent, team and workflow event names', () => {
    expect(eventCategory('ToolCallStarted')).toBe('tool');
    expect(eventCategory('TeamToolCallCompleted')).toBe('tool');
    expect(eventCategory('RunError')).toBe('error');
    expect(eventCategory('ModelRequestCompleted')).toBe('model');
    expect(eventCategory('StepStarted')).toBe('step');
    expect(eventCategory('WorkflowCompleted')).toBe('step');
    expect(eventCategory('ReasoningStep')).toBe('reasoning');
    expect(eventCategory('RunStarted')).toBe('run');
    expect(eventCategory('CustomEvent')).toBe('other');
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
