import type { DayMetrics } from '../../api/observability/types';

/** One day of the platform's metrics, flattened for a chart and its table. */
export interface DayRow {
  /** `YYYY-MM-DD`. */
  day: string;
  agentRuns: number;
  teamRuns: number;
  workflowRuns: number;
  runs: number;
  agentSessions: number;
  teamSessions: number;
  workflowSessions: number;
  sessions: number;
  users: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** Days in date order; a day's total tokens is Agno's `total_tokens`, else input + output. */
export function dayRows(days: readonly DayMetrics[]): DayRow[] {
  return days
    .map((d) => {
      const t = d.token_metrics ?? {};
      const inputTokens = n(t.input_tokens);
      const outputTokens = n(t.output_tokens);
      return {
        day: String(d.date).slice(0, 10),
        agentRuns: n(d.agent_runs_count),
        teamRuns: n(d.team_runs_count),
        workflowRuns: n(d.workflow_runs_count),
        runs: n(d.agent_runs_count) + n(d.team_runs_count) + n(d.workflow_runs_count),
        agentSessions: n(d.agent_sessions_count),
        teamSessions: n(d.team_sessions_count),
        workflowSessions: n(d.workflow_sessions_count),
        sessions: n(d.agent_sessions_count) + n(d.team_sessions_count) + n(d.workflow_sessions_count),
        users: n(d.users_count),
        inputTokens,
        outputTokens,
        totalTokens: typeof t.total_tokens === 'number' ? t.total_tokens : inputTokens + outputTokens,
      };
    })
    .sort((a, b) => a.day.localeCompare(b.day));
}

export interface ModelRow {
  model: string;
  provider: string;
  /** Model calls over the period. */
  count: number;
}

/** Model calls per model over every day, most used first. */
export function modelRows(days: readonly DayMetrics[]): ModelRow[] {
  const by = new Map<string, ModelRow>();
  for (const d of days)
    for (const m of d.model_metrics ?? []) {
      const model = String(m.model_id ?? 'unknown');
      const provider = String(m.model_provider ?? '');
      const key = `${provider}\u0000${model}`;
      const row = by.get(key) ?? { model, provider, count: 0 };
      row.count += n(m.count);
      by.set(key, row);
    }
  return [...by.values()].sort((a, b) => b.count - a.count || a.model.localeCompare(b.model));
}
