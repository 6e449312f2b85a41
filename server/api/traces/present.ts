import { parseIsoToMicros, parseIsoToMicrosNumber, toIsoDateTime } from '../../agno-format/dates.js';
import { dropNullFields as compact } from '../../agno-format/json-values.js';
import type { SessionTraceStatsRow, SpanRow, TraceListRow, TraceRow } from '../../db/traces/types.js';
import { formatDurationMs, pyTruthy } from './python-text.js';
import type { TraceDetail, TraceNode, TraceSessionStats, TraceSummary } from './schemas.js';

/**
 * Stored traces and spans as the platform answers them (AgentOS's `TraceSummary`, `TraceDetail`,
 * `TraceNode`, `TraceSessionStats`): a span tree under the root span, span types told apart by
 * their attributes, token totals on the root, workflow step types by position, and every null
 * field left out (the platform answers with `exclude_none`).
 */

export const KIND = 'openinference.span.kind';

/** A stored time as the platform writes it (pydantic: `…T10:29:41.250000Z`); text that is no time is passed on. */
function time(value: string): string {
  return toIsoDateTime(value) ?? value;
}

/** Optional text fields: absent when null; a non-text attribute value as its JSON. */
function optionalText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}


function context(row: TraceRow) {
  return {
    run_id: row.run_id,
    session_id: row.session_id,
    user_id: row.user_id,
    agent_id: row.agent_id,
    team_id: row.team_id,
    workflow_id: row.workflow_id,
  };
}

export function presentTraceSummary(row: TraceListRow): TraceSummary {
  return compact({
    trace_id: row.trace_id,
    name: row.name,
    status: row.status,
    duration: formatDurationMs(row.duration_ms, row.duration_kind),
    start_time: time(row.start_time),
    end_time: time(row.end_time),
    total_spans: row.total_spans,
    error_count: row.error_count,
    input: optionalText(row.root_input),
    ...context(row),
    created_at: time(row.created_at),
  }) as TraceSummary;
}

export function presentSessionStats(row: SessionTraceStatsRow): TraceSessionStats {
  return compact({
    session_id: row.session_id,
    user_id: row.user_id,
    agent_id: row.agent_id,
    team_id: row.team_id,
    workflow_id: row.workflow_id,
    total_traces: row.total_traces,
    first_trace_at: time(row.first_trace_at),
    last_trace_at: time(row.last_trace_at),
  }) as TraceSessionStats;
}

/**
 * AGENT spans of a team are TEAM, CHAIN spans are WORKFLOW; LLM, TOOL and other kinds as stored.
 */
export function spanType(span: SpanRow): string {
  const kind = span.attributes[KIND] ?? 'UNKNOWN';
  if (kind === 'CHAIN') return 'WORKFLOW';
  if (kind === 'AGENT') return pyTruthy(span.attributes['agno.team.id']) || pyTruthy(span.attributes['team.id']) ? 'TEAM' : 'AGENT';
  return typeof kind === 'string' ? kind : String(kind);
}

/** A span in error tells its status message, else the exception recorded on it. */
export function spanError(span: SpanRow): unknown {
  return span.status_message || span.attributes['exception.message'];
}

function setIfTruthy(target: Record<string, unknown>, key: string, value: unknown): void {
  if (pyTruthy(value)) target[key] = value;
}

export function workflowMetadata(span: SpanRow, into: Record<string, unknown>): void {
  setIfTruthy(into, 'description', span.attributes['agno.workflow.description']);
  setIfTruthy(into, 'steps_count', span.attributes['agno.workflow.steps_count']);
  setIfTruthy(into, 'steps', span.attributes['agno.workflow.steps']);
  setIfTruthy(into, 'step_types', span.attributes['agno.workflow.step_types']);
}

/** A span's kind's key attributes, as a node's `metadata` (empty: none). */
export function spanMetadata(span: SpanRow): Record<string, unknown> {
  const attributes = span.attributes;
  const kind = attributes[KIND] ?? 'UNKNOWN';
  const metadata: Record<string, unknown> = {};
  if (kind === 'AGENT') setIfTruthy(metadata, 'run_id', attributes['agno.run.id']);
  else if (kind === 'LLM') {
    setIfTruthy(metadata, 'model', attributes['llm.model_name']);
    setIfTruthy(metadata, 'input_tokens', attributes['llm.token_count.prompt']);
    setIfTruthy(metadata, 'output_tokens', attributes['llm.token_count.completion']);
  } else if (kind === 'TOOL') {
    setIfTruthy(metadata, 'tool_name', attributes['tool.name']);
    setIfTruthy(metadata, 'parameters', attributes['tool.parameters']);
  } else if (kind === 'CHAIN') workflowMetadata(span, metadata);
  setIfTruthy(metadata, 'session_id', attributes['session.id']);
  setIfTruthy(metadata, 'user_id', attributes['user.id']);
  return metadata;
}

/** One span as a node of the tree (or alone, for `?span_id=`): its kind's key attributes as `metadata`. */
export function presentSpan(span: SpanRow, children?: TraceNode[]): TraceNode {
  const attributes = span.attributes;
  const metadata = spanMetadata(span);
  const failed = span.status_code === 'ERROR';
  return compact({
    id: span.span_id,
    name: span.name,
    type: spanType(span),
    duration: formatDurationMs(span.duration_ms, span.duration_kind),
    start_time: time(span.start_time),
    end_time: time(span.end_time),
    status: span.status_code,
    input: optionalText(attributes['input.value']),
    output: failed ? undefined : optionalText(attributes['output.value']),
    error: failed ? optionalText(spanError(span)) : undefined,
    spans: children,
    metadata: Object.keys(metadata).length > 0 ? metadata : undefined,
  }) as TraceNode;
}

/** Microseconds of a stored time for ordering; text that is no time sorts first. */
export function instant(value: string): bigint {
  return parseIsoToMicros(value) ?? -(2n ** 63n);
}

/**
 * Spans by start time. Each span's time is parsed once (a 50,000-span trace sorts its children
 * with some million comparisons; parsing in the comparator was most of the answer's time).
 */
export function byStartOf(spans: readonly SpanRow[]): (a: SpanRow, b: SpanRow) => number {
  const starts = new Map<SpanRow, number>();
  const key = (span: SpanRow) => parseIsoToMicrosNumber(span.start_time) ?? -Infinity;
  for (const span of spans) starts.set(span, key(span));
  const startOf = (span: SpanRow) => starts.get(span) ?? key(span);
  return (a, b) => {
    const d = startOf(a) - startOf(b);
    return d < 0 ? -1 : d > 0 ? 1 : 0;
  };
}

export function isRoot(span: SpanRow): boolean {
  return !span.parent_span_id;
}

/**
 * The trace's own fields (all of `TraceDetail` but its tree). The root is the first span without
 * a parent; its input/output/error are the trace's (a workflow without output: the output of its
 * last step to finish). `spans` need only hold the root and its steps with their attributes.
 */
export function presentTraceHead(trace: TraceRow, spans: readonly SpanRow[]): Omit<TraceDetail, 'tree'> {
  const root = spans.find(isRoot);
  let input: unknown;
  let output: unknown;
  let error: unknown;
  if (root) {
    input = root.attributes['input.value'];
    if (trace.status === 'ERROR' || root.status_code === 'ERROR') error = spanError(root);
    else output = root.attributes['output.value'];
    if (root.attributes[KIND] === 'CHAIN' && isEmptyOutput(output) && trace.status !== 'ERROR') {
      // A workflow's own span often has no output: the last step to finish has it.
      const last = lastStep(root, spans);
      if (last) output = last.attributes['output.value'];
    }
  }
  return compact({
    trace_id: trace.trace_id,
    name: trace.name,
    status: trace.status,
    duration: formatDurationMs(trace.duration_ms, trace.duration_kind),
    start_time: time(trace.start_time),
    end_time: time(trace.end_time),
    total_spans: trace.total_spans,
    error_count: trace.error_count,
    input: optionalText(input),
    output: optionalText(output),
    error: optionalText(error),
    ...context(trace),
    created_at: time(trace.created_at),
  }) as Omit<TraceDetail, 'tree'>;
}

function isEmptyOutput(output: unknown): boolean {
  return !pyTruthy(output) || output === 'None' || (typeof output === 'string' && output.trim() === 'None');
}

/** The root's step that finished last, when the trace's output is to be read from it (a workflow without output). */
export function lastStep(root: SpanRow, spans: readonly SpanRow[]): SpanRow | undefined {
  let last: SpanRow | undefined;
  for (const step of spans) {
    if (step.parent_span_id !== root.span_id) continue;
    if (!last || instant(step.end_time) > instant(last.end_time)) last = step;
  }
  return last;
}

/** Whether the trace's output is read from a step rather than from the root (see `presentTraceHead`). */
export function outputFromStep(trace: TraceRow, root: SpanRow): boolean {
  const failed = trace.status === 'ERROR' || root.status_code === 'ERROR';
  return !failed && root.attributes[KIND] === 'CHAIN' && isEmptyOutput(root.attributes['output.value']);
}

/**
 * The trace with its span tree. `spans` are in stored order; the root's node carries the trace's
 * timing and the token totals of every LLM span. Spans whose parent is not in the trace are not
 * shown, as on the platform.
 */
export function presentTraceDetail(trace: TraceRow, spans: readonly SpanRow[]): TraceDetail {
  return { ...presentTraceHead(trace, spans), tree: spanTree(trace, spans) } as TraceDetail;
}

export function tokenTotals(spans: readonly SpanRow[]): { input: number; output: number } {
  let input = 0;
  let output = 0;
  for (const span of spans) {
    if (span.attributes[KIND] !== 'LLM') continue;
    const prompt = span.attributes['llm.token_count.prompt'];
    const completion = span.attributes['llm.token_count.completion'];
    if (typeof prompt === 'number') input += prompt;
    if (typeof completion === 'number') output += completion;
  }
  return { input, output };
}

function spanTree(trace: TraceRow, spans: readonly SpanRow[]): TraceNode[] {
  if (spans.length === 0) return [];
  const children = new Map<string | null, SpanRow[]>();
  for (const span of spans) {
    const list = children.get(span.parent_span_id);
    if (list) list.push(span);
    else children.set(span.parent_span_id, [span]);
  }
  const byStart = byStartOf(spans);
  const kidsOf = (span: SpanRow): SpanRow[] => [...(children.get(span.span_id) ?? [])].sort(byStart);
  const roots = [...(children.get(null) ?? [])].sort(byStart);
  let stepTypes: unknown[] = [];
  for (const root of roots) {
    const types = root.attributes['agno.workflow.step_types'];
    if (root.attributes[KIND] === 'CHAIN' && Array.isArray(types) && types.length > 0) {
      stepTypes = types;
      break;
    }
  }
  const totals = tokenTotals(spans);
  /** Spans already in the tree: each is shown once, and a link back into a cycle is cut. */
  const placed = new Set<SpanRow>(roots);
  const inCycle = cycleMembers(spans);

  const tree: TraceNode[] = roots.map((root): TraceNode => {
    const nodes: TraceNode[] = [];
    kidsOf(root).forEach((kid, index) => {
      if (placed.has(kid)) return;
      const node = buildSubtree(kid, kidsOf, placed, inCycle);
      const stepType = stepTypes[index];
      if (stepTypes.length > 0 && stepType !== undefined && stepType !== null) node.step_type = String(stepType);
      nodes.push(node);
    });
    const metadata: Record<string, unknown> = {};
    if (totals.input > 0) metadata.total_input_tokens = totals.input;
    if (totals.output > 0) metadata.total_output_tokens = totals.output;
    if (root.attributes[KIND] === 'CHAIN') workflowMetadata(root, metadata);
    return compact({
      id: root.span_id,
      name: root.name,
      type: spanType(root),
      duration: trace.duration_ms === null ? formatDurationMs(root.duration_ms, root.duration_kind) : formatDurationMs(trace.duration_ms, trace.duration_kind),
      start_time: time(trace.start_time),
      end_time: time(trace.end_time),
      status: root.status_code,
      spans: nodes.length > 0 ? nodes : undefined,
      metadata: Object.keys(metadata).length > 0 ? metadata : undefined,
    }) as TraceNode;
  });
  // Spans whose parent links form a cycle reach no root: each cycle is one more tree, entered
  // at its earliest span, flagged — never dropped silently. (A span whose parent is not in the
  // trace at all stays out, as on the platform.)
  for (const entry of [...inCycle].sort(byStart)) {
    if (!placed.has(entry)) tree.push(buildSubtree(entry, kidsOf, placed, inCycle));
  }
  return tree;
}

/**
 * The node of `top` and everything under it, built with an explicit stack (a chain of spans
 * may be any number of levels deep). A span already placed is skipped, which cuts a cycle.
 */
function buildSubtree(top: SpanRow, kidsOf: (span: SpanRow) => SpanRow[], placed: Set<SpanRow>, inCycle: ReadonlySet<SpanRow>): TraceNode {
  interface Frame {
    span: SpanRow;
    kids: SpanRow[];
    at: number;
    built: TraceNode[];
  }
  placed.add(top);
  const stack: Frame[] = [{ span: top, kids: kidsOf(top), at: 0, built: [] }];
  for (;;) {
    const frame = stack[stack.length - 1] as Frame;
    const kid = frame.kids[frame.at++];
    if (kid !== undefined) {
      if (placed.has(kid)) continue;
      placed.add(kid);
      stack.push({ span: kid, kids: kidsOf(kid), at: 0, built: [] });
      continue;
    }
    const node = presentSpan(frame.span, frame.built.length > 0 ? frame.built : undefined);
    if (inCycle.has(frame.span)) node.parent_cycle = true;
    stack.pop();
    const parent = stack[stack.length - 1];
    if (parent === undefined) return node;
    parent.built.push(node);
  }
}

/**
 * The spans on a cycle of parent links (A's parent B, B's parent A, …), found by walking each
 * span's parents once, iteratively: a walk that comes back to a span of its own path has found
 * a cycle; one that ends at a root, a missing parent or a span already walked has not.
 */
export function cycleMembers(spans: readonly SpanRow[]): Set<SpanRow> {
  const byId = new Map<string, SpanRow>();
  for (const span of spans) if (!byId.has(span.span_id)) byId.set(span.span_id, span);
  const members = new Set<SpanRow>();
  const walked = new Set<SpanRow>();
  // One path and one index for every walk (a walk per span would allocate 50,000 of each).
  const path: SpanRow[] = [];
  const onPath = new Map<SpanRow, number>();
  for (const start of spans) {
    if (walked.has(start)) continue;
    path.length = 0;
    onPath.clear();
    let at: SpanRow | undefined = start;
    while (at !== undefined && !walked.has(at)) {
      if (onPath.has(at)) {
        for (const member of path.slice(onPath.get(at))) members.add(member);
        break;
      }
      onPath.set(at, path.length);
      path.push(at);
      at = at.parent_span_id ? byId.get(at.parent_span_id) : undefined;
    }
    for (const span of path) walked.add(span);
  }
  return members;
}
