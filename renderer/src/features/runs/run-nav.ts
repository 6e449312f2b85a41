import type { AnyRun } from '../../api-types/shapes';
import { buildRunTree, flattenRunTree } from '../../lib/runs';

/** Position of a run in the session's run order and the runs before and after it (for j/k). */
export function neighboursOf(order: string[], runId: string): { pos: number; prevId: string | undefined; nextId: string | undefined } {
  const pos = order.indexOf(runId);
  return {
    pos,
    prevId: pos > 0 ? order[pos - 1] : undefined,
    nextId: pos >= 0 && pos < order.length - 1 ? order[pos + 1] : undefined,
  };
}

/** The server's window of runs around a run (`around=`): summaries from `offset` of `total_count`. */
export interface RunsAround {
  runs: AnyRun[];
  meta: { offset: number; total_count: number };
}

/**
 * j/k and "n / total" from the window around the run, in the timeline's order (nested runs after
 * their parent). The window is centred on the run, so its neighbours are inside it unless the run
 * is the session's first or last; the position counts from the window's place in the session.
 */
export function navAround(around: RunsAround | undefined, runId: string): { pos: number; total: number; prevId: string | undefined; nextId: string | undefined } {
  if (!around) return { pos: -1, total: 0, prevId: undefined, nextId: undefined };
  const order = flattenRunTree(buildRunTree(around.runs)).map((n) => n.run.run_id);
  const { pos, prevId, nextId } = neighboursOf(order, runId);
  return { pos: pos < 0 ? -1 : around.meta.offset + pos, total: around.meta.total_count, prevId, nextId };
}

/** The runs the page knows besides its own: children in full first (they carry messages), then the window's summaries. */
export function relatedRuns(children: AnyRun[] | undefined, window: AnyRun[] | undefined): AnyRun[] {
  const seen = new Set<string>();
  const out: AnyRun[] = [];
  for (const run of [...(children ?? []), ...(window ?? [])]) {
    if (seen.has(run.run_id)) continue;
    seen.add(run.run_id);
    out.push(run);
  }
  return out;
}
