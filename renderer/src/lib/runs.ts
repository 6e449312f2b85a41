import type { AnyRun, JsonObject, RunMetrics, TeamRunShape, WorkflowRunShape } from '../api-types/shapes';

/** Pure helpers over run shapes: kinds, nesting, metrics and previews. */

export type RunKind = 'agent' | 'team' | 'workflow';

/** The shape's kind, chosen from its fields as the server does (workflow_id, team_id, else agent). */
export function runKind(run: AnyRun): RunKind {
  if ('workflow_id' in run && run.workflow_id) return 'workflow';
  if ('step_results' in run || 'step_executor_runs' in run) return 'workflow';
  if ('team_id' in run && run.team_id) return 'team';
  return 'agent';
}

export function isTeamRun(run: AnyRun): run is TeamRunShape {
  return runKind(run) === 'team';
}

export function isWorkflowRun(run: AnyRun): run is WorkflowRunShape {
  return runKind(run) === 'workflow';
}

/** Inline `member_responses` of a team run (not in the documented TeamRunShape; read tolerantly). */
export function memberResponses(run: TeamRunShape): JsonObject[] {
  const raw: unknown = 'member_responses' in run ? run.member_responses : undefined;
  return Array.isArray(raw) ? raw.filter((m): m is JsonObject => !!m && typeof m === 'object' && !Array.isArray(m)) : [];
}

/** agent_id / team_id / workflow_id, whichever the run has. */
export function componentIdOf(run: AnyRun): string | null {
  const r = run as { agent_id?: unknown; team_id?: unknown; workflow_id?: unknown };
  for (const v of [r.workflow_id, r.team_id, r.agent_id]) if (typeof v === 'string' && v) return v;
  return null;
}

export type StatusTone = 'ok' | 'danger' | 'warn' | 'info' | 'muted';

/** Badge colour for a run status (the list is open: unknown values are muted). */
export function statusTone(status: string | null | undefined): StatusTone {
  switch ((status ?? '').toUpperCase()) {
    case 'COMPLETED':
      return 'ok';
    case 'ERROR':
    case 'FAILED':
      return 'danger';
    case 'PAUSED':
    case 'CANCELLED':
      return 'warn';
    case 'RUNNING':
    case 'PENDING':
    case 'CONTINUED':
      return 'info';
    default:
      return 'muted';
  }
}

export interface TokenSummary {
  input: number | null;
  output: number | null;
  total: number | null;
}

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** Token counts from `metrics`; workflow runs sum their steps' metrics. */
export function tokensOf(metrics: RunMetrics | null | undefined): TokenSummary {
  if (!metrics || typeof metrics !== 'object') return { input: null, output: null, total: null };
  let input = num(metrics.input_tokens);
  let output = num(metrics.output_tokens);
  let total = num(metrics.total_tokens);
  if (input === null && output === null && total === null && metrics.steps && typeof metrics.steps === 'object') {
    for (const step of Object.values(metrics.steps)) {
      const m = step?.metrics;
      if (!m) continue;
      const t = tokensOf(m);
      if (t.input !== null) input = (input ?? 0) + t.input;
      if (t.output !== null) output = (output ?? 0) + t.output;
      if (t.total !== null) total = (total ?? 0) + t.total;
    }
  }
  if (total === null && (input !== null || output !== null)) total = (input ?? 0) + (output ?? 0);
  return { input, output, total };
}

/** `metrics.duration` in seconds, or null. */
export function durationOf(metrics: RunMetrics | null | undefined): number | null {
  return metrics && typeof metrics === 'object' ? num(metrics.duration) : null;
}

/** The model id that served the run (the first `metrics.details.model` entry). */
export function modelOf(run: AnyRun): string | null {
  const details = run.metrics?.details;
  if (details && typeof details === 'object') {
    for (const list of Object.values(details)) {
      if (Array.isArray(list)) {
        const first = list[0] as JsonObject | undefined;
        if (first && typeof first.id === 'string') return first.id;
      }
    }
  }
  return null;
}

export interface RunNode<R extends AnyRun = AnyRun> {
  run: R;
  /** Position in the stored order. */
  index: number;
  depth: number;
  children: RunNode<R>[];
}

/**
 * Nests runs under their parent (`parent_run_id`) when the parent is in the same list; keeps
 * the stored order among siblings. Orphans (parent not in the list) stay at the top level.
 * Cycles are broken by treating the run as top-level.
 */
export function buildRunTree<R extends AnyRun>(runs: R[]): RunNode<R>[] {
  const nodes = runs.map((run, index) => ({ run, index, depth: 0, children: [] as RunNode<R>[] }));
  const byId = new Map<string, RunNode<R>>();
  for (const n of nodes) if (n.run.run_id && !byId.has(n.run.run_id)) byId.set(n.run.run_id, n);
  const roots: RunNode<R>[] = [];
  for (const n of nodes) {
    const parentId = n.run.parent_run_id;
    const parent = parentId ? byId.get(parentId) : undefined;
    if (parent && parent !== n && !isAncestor(n, parent, byId)) parent.children.push(n);
    else roots.push(n);
  }
  const setDepth = (list: RunNode<R>[], depth: number) => {
    for (const n of list) {
      n.depth = depth;
      setDepth(n.children, depth + 1);
    }
  };
  setDepth(roots, 0);
  return roots;
}

function isAncestor<R extends AnyRun>(candidate: RunNode<R>, of: RunNode<R>, byId: Map<string, RunNode<R>>): boolean {
  let cur: RunNode<R> | undefined = of;
  const seen = new Set<RunNode<R>>();
  while (cur && !seen.has(cur)) {
    if (cur === candidate) return true;
    seen.add(cur);
    cur = cur.run.parent_run_id ? byId.get(cur.run.parent_run_id) : undefined;
  }
  return false;
}

/** Depth-first order of a tree (what the timeline shows and j/k walks). */
export function flattenRunTree<R extends AnyRun>(roots: RunNode<R>[]): RunNode<R>[] {
  const out: RunNode<R>[] = [];
  const walk = (list: RunNode<R>[]) => {
    for (const n of list) {
      out.push(n);
      walk(n.children);
    }
  };
  walk(roots);
  return out;
}

/** Output content as text for previews (objects become compact JSON). */
export function contentText(content: unknown): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  try {
    return JSON.stringify(content);
  } catch {
    return String(content);
  }
}

/** Whether an output should be shown as JSON rather than Markdown. */
export function isJsonOutput(run: AnyRun): boolean {
  if (run.content !== null && typeof run.content === 'object') return true;
  const fmt = (run as { run_response_format?: unknown }).run_response_format;
  if (fmt === 'json' && typeof run.content === 'string') {
    try {
      JSON.parse(run.content);
      return true;
    } catch {
      return false;
    }
  }
  return false;
}
