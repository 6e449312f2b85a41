import type { AnyRun } from '../../api/types';
import { durationOf, statusTone, tokensOf } from '../../lib/runs';

/** Tokens and run time summed over a session's runs, and how many failed. */
export function runTotals(runs: AnyRun[] | undefined): { tokens: number; duration: number; errors: number } {
  let tokens = 0;
  let duration = 0;
  let errors = 0;
  for (const r of runs ?? []) {
    tokens += tokensOf(r.metrics).total ?? 0;
    duration += durationOf(r.metrics) ?? 0;
    if (statusTone(r.status) === 'danger') errors += 1;
  }
  return { tokens, duration, errors };
}

/** How many of the latest runs the activity chart shows as columns. */
export const ACTIVITY_COLUMNS = 120;

/** The activity chart's columns: the latest runs with their tokens and durations, and the maxima that scale the bars. */
export function activityColumns(runs: AnyRun[]) {
  const data = runs.slice(-ACTIVITY_COLUMNS);
  const tokens = data.map((r) => tokensOf(r.metrics).total ?? 0);
  const durations = data.map((r) => durationOf(r.metrics) ?? 0);
  return { data, tokens, durations, maxT: Math.max(1, ...tokens), maxD: Math.max(0.001, ...durations) };
}
