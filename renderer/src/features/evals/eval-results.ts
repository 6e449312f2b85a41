import type { EvalRun } from '../../api/observability/types';

/**
 * What an eval run's `eval_data` says, per eval type (Agno 2.9's accuracy, performance and
 * reliability results), read defensively: a field of another version is simply absent.
 */
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const strings = (v: unknown): string[] => list(v).map(String);

export interface AccuracyResult {
  input: string;
  output: string;
  expected: string;
  score: number | null;
  reason: string;
}

export type EvalOutcome =
  | { kind: 'accuracy'; avg: number | null; min: number | null; max: number | null; results: AccuracyResult[] }
  | { kind: 'performance'; stats: { name: string; time: number | null; memory: number | null }[]; runs: { runtime: number | null; memory: number | null }[] }
  | { kind: 'reliability'; status: string; passed: string[]; failed: string[]; missing: string[]; additional: string[]; passedArgs: string[]; failedArgs: string[] }
  | { kind: 'other' };

export function evalOutcome(run: Pick<EvalRun, 'eval_type' | 'eval_data'>): EvalOutcome {
  const d = run.eval_data ?? {};
  if (run.eval_type === 'accuracy' || run.eval_type === 'agent_as_judge') {
    const results = list(d.results).map((r) => {
      const o = (r ?? {}) as Record<string, unknown>;
      return { input: String(o.input ?? ''), output: String(o.output ?? ''), expected: String(o.expected_output ?? ''), score: num(o.score), reason: String(o.reason ?? '') };
    });
    return { kind: 'accuracy', avg: num(d.avg_score), min: num(d.min_score), max: num(d.max_score), results };
  }
  if (run.eval_type === 'performance') {
    const r = (d.result ?? {}) as Record<string, unknown>;
    const stats = ['avg', 'min', 'max', 'median', 'p95', 'std_dev'].map((name) => ({ name, time: num(r[`${name}_run_time`]), memory: num(r[`${name}_memory_usage`]) }));
    const runs = list(d.runs).map((x) => ({ runtime: num((x as Record<string, unknown>)?.runtime), memory: num((x as Record<string, unknown>)?.memory) }));
    return { kind: 'performance', stats: stats.filter((s) => s.time !== null || s.memory !== null), runs };
  }
  if (run.eval_type === 'reliability') {
    return {
      kind: 'reliability',
      status: String(d.eval_status ?? 'UNKNOWN'),
      passed: strings(d.passed_tool_calls),
      failed: strings(d.failed_tool_calls),
      missing: strings(d.missing_tool_calls),
      additional: strings(d.additional_tool_calls),
      passedArgs: strings(d.passed_argument_checks),
      failedArgs: strings(d.failed_argument_checks),
    };
  }
  return { kind: 'other' };
}

/** One line for the list: the average score, the average run time, or passed/failed. */
export function evalHeadline(run: Pick<EvalRun, 'eval_type' | 'eval_data'>): { text: string; tone: 'ok' | 'danger' | 'muted' } {
  const o = evalOutcome(run);
  if (o.kind === 'accuracy') return { text: o.avg === null ? '—' : `${trimmed(o.avg)} / 10 avg`, tone: o.avg === null ? 'muted' : o.avg >= 7 ? 'ok' : 'danger' };
  if (o.kind === 'performance') {
    const avg = o.stats.find((s) => s.name === 'avg')?.time ?? null;
    return { text: avg === null ? '—' : `${trimmed(avg)} s avg`, tone: 'muted' };
  }
  if (o.kind === 'reliability') return { text: o.status, tone: o.status === 'PASSED' ? 'ok' : 'danger' };
  return { text: '—', tone: 'muted' };
}

const trimmed = (n: number) => (Math.round(n * 100) / 100).toString();

export const EVAL_TYPE_LABEL: Record<string, string> = {
  accuracy: 'Accuracy',
  performance: 'Performance',
  reliability: 'Reliability',
  agent_as_judge: 'Agent as judge',
};
