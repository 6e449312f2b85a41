import { describe, expect, it } from 'vitest';
import type { DayMetrics } from '../../api/observability/types';
import { dayRows, modelRows } from './metrics-series';

const day = (date: string, tokens: Record<string, number>, models: DayMetrics['model_metrics']): DayMetrics => ({
  id: date, date: `${date}T00:00:00Z`, created_at: '', updated_at: '',
  agent_runs_count: 12, team_runs_count: 1, workflow_runs_count: 2, agent_sessions_count: 5, team_sessions_count: 1, workflow_sessions_count: 0, users_count: 5,
  token_metrics: tokens, model_metrics: models,
});

describe('metrics series', () => {
  it('flattens each day, in date order, with Agno’s total or input + output', () => {
    const rows = dayRows([day('2026-04-05', { input_tokens: 10, output_tokens: 5 }, []), day('2026-04-04', { input_tokens: 26997, output_tokens: 4924, total_tokens: 31921 }, [])]);
    expect(rows.map((r) => [r.day, r.totalTokens, r.runs, r.sessions])).toEqual([
      ['2026-04-04', 31921, 15, 6],
      ['2026-04-05', 15, 15, 6],
    ]);
  });

  it('adds up model calls per model over the days', () => {
    const rows = modelRows([
      day('2026-04-04', {}, [{ model_id: 'gpt-4o', model_provider: 'OpenAI', count: 8 }, { model_id: 'claude', model_provider: 'Anthropic', count: 3 }]),
      day('2026-04-05', {}, [{ model_id: 'gpt-4o', model_provider: 'OpenAI', count: 2 }]),
    ]);
    expect(rows).toEqual([
      { model: 'gpt-4o', provider: 'OpenAI', count: 10 },
      { model: 'claude', provider: 'Anthropic', count: 3 },
    ]);
  });
});
