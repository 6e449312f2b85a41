import type { AnyRun } from '../../api-types/shapes';
import { toDate } from '../../lib/format';
import { durationOf, statusTone, tokensOf } from '../../lib/runs';

/**
 * Tokens summed over a session's runs, its run time and how many runs failed (a cancelled run
 * counts as failed, as in the runs view and on Traces → Errors). The run time is wall clock:
 * the union of the runs' intervals, so a team run and its member runs, or runs started side by
 * side, count once.
 */
export function runTotals(runs: AnyRun[] | undefined): { tokens: number; duration: number; errors: number } {
  let tokens = 0;
  let errors = 0;
  for (const r of runs ?? []) {
    tokens += tokensOf(r.metrics).total ?? 0;
    if (statusTone(r.status) === 'danger' || (r.status ?? '').toUpperCase() === 'CANCELLED') errors += 1;
  }
  return { tokens, duration: wallClock(runs ?? []), errors };
}

/**
 * Seconds during which at least one run was running: the union of [created_at, created_at +
 * duration]. A run without a start time cannot overlap anything known, so it adds its duration.
 */
export function wallClock(runs: readonly AnyRun[]): number {
  let loose = 0;
  const spans: [number, number][] = [];
  for (const r of runs) {
    const d = durationOf(r.metrics);
    if (d === null || d <= 0) continue;
    const start = toDate(r.created_at)?.getTime();
    if (start !== undefined) spans.push([start / 1000, start / 1000 + d]);
    else loose += d;
  }
  spans.sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [s, e] of spans) {
    if (e <= end) continue;
    total += e - Math.max(s, end);
    end = e;
  }
  return total + loose;
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
