import { parseIsoToMicrosNumber } from '../../agno-format/dates.js';
import type { SpanRow, TraceRow } from '../../db/traces/types.js';
import { KIND, presentTraceHead, spanError, spanMetadata, spanType, tokenTotals, workflowMetadata } from './present.js';
import type { TraceColumns } from './schemas.js';

/** Epoch milliseconds of a stored time (whole, as `Date.parse` reads the tree's times); null when it is no time. */
function epochMs(value: string): number | null {
  const micros = parseIsoToMicrosNumber(value);
  return micros === null ? null : Math.floor(micros / 1000);
}

/**
 * The trace as `TraceColumns`: the same spans as `presentTraceDetail`'s tree, in the same order
 * (depth first, children by start time; a cycle's spans after, from its earliest), each with the
 * type, status, metadata, error and step type its node has there. `spans` are in stored order.
 */
export function presentTraceColumns(trace: TraceRow, spans: readonly SpanRow[]): TraceColumns {
  // Spans by their index in `spans`, with typed arrays for what is kept per span: a 50,000-span
  // trace then allocates a handful of arrays, not a Map or Set entry per span for each pass.
  const n = spans.length;
  const starts = new Float64Array(n);
  for (let i = 0; i < n; i++) starts[i] = parseIsoToMicrosNumber(spans[i]!.start_time) ?? -Infinity;
  const byStart = (a: number, b: number) => {
    const d = starts[a]! - starts[b]!;
    return d < 0 ? -1 : d > 0 ? 1 : 0;
  };
  const children = new Map<string | null, number[]>();
  for (let i = 0; i < n; i++) {
    const parent = spans[i]!.parent_span_id;
    const list = children.get(parent);
    if (list) list.push(i);
    else children.set(parent, [i]);
  }
  const kidsOf = (i: number): number[] => [...(children.get(spans[i]!.span_id) ?? [])].sort(byStart);
  const roots = [...(children.get(null) ?? [])].sort(byStart);
  let stepTypes: unknown[] = [];
  for (const r of roots) {
    const root = spans[r]!;
    const types = root.attributes['agno.workflow.step_types'];
    if (root.attributes[KIND] === 'CHAIN' && Array.isArray(types) && types.length > 0) {
      stepTypes = types;
      break;
    }
  }
  const totals = tokenTotals(spans);
  const inCycle = cycleIndexes(spans);

  const text: string[] = [];
  const textIndex = new Map<string, number>();
  const indexOf = (value: string): number => {
    let i = textIndex.get(value);
    if (i === undefined) {
      i = text.length;
      text.push(value);
      textIndex.set(value, i);
    }
    return i;
  };
  const cols: TraceColumns['spans'] = {
    count: 0,
    text,
    id: new Array<string>(n),
    parent: new Array<string | null>(n),
    name: new Array<number>(n),
    type: new Array<number>(n),
    status: new Array<number>(n),
    start_ms: new Array<number | null>(n),
    end_ms: new Array<number | null>(n),
    metadata: new Array<Record<string, unknown> | null>(n),
    error: {},
    step_type: {},
    parent_cycle: [],
  };
  let at = 0;
  const put = (span: SpanRow, parent: string | null, metadata: Record<string, unknown>, start: number | null, end: number | null): number => {
    const i = at++;
    cols.id[i] = span.span_id;
    cols.parent[i] = parent;
    cols.name[i] = indexOf(span.name);
    cols.type[i] = indexOf(spanType(span));
    cols.status[i] = indexOf(span.status_code);
    cols.start_ms[i] = start;
    cols.end_ms[i] = end;
    cols.metadata[i] = Object.keys(metadata).length > 0 ? metadata : null;
    return i;
  };
  const putSpan = (s: number, parent: string | null): void => {
    const span = spans[s]!;
    // A tool's arguments are read with the span, as its input and output are.
    const { parameters: _parameters, ...metadata } = spanMetadata(span);
    const start = starts[s]!;
    const i = put(span, parent, metadata, Number.isFinite(start) ? Math.floor(start / 1000) : null, epochMs(span.end_time));
    if (span.status_code === 'ERROR') {
      const error = spanError(span);
      if (error !== null && error !== undefined) cols.error[i] = typeof error === 'string' ? error : JSON.stringify(error);
    }
    if (inCycle[s]) cols.parent_cycle.push(i);
  };

  /** Spans already placed: each is shown once, and a link back into a cycle is cut. */
  const placed = new Uint8Array(n);
  for (const r of roots) placed[r] = 1;
  // Depth first with an explicit stack (a chain of spans may be any number of levels deep).
  const walk = (top: number, parent: string | null) => {
    placed[top] = 1;
    putSpan(top, parent);
    const stack: { span: number; kids: number[]; at: number }[] = [{ span: top, kids: kidsOf(top), at: 0 }];
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      const kid = frame.kids[frame.at++];
      if (kid === undefined) {
        stack.pop();
        continue;
      }
      if (placed[kid]) continue;
      placed[kid] = 1;
      putSpan(kid, spans[frame.span]!.span_id);
      stack.push({ span: kid, kids: kidsOf(kid), at: 0 });
    }
  };

  const traceStart = epochMs(trace.start_time);
  const traceEnd = epochMs(trace.end_time);
  for (const r of roots) {
    const root = spans[r]!;
    const metadata: Record<string, unknown> = {};
    if (totals.input > 0) metadata.total_input_tokens = totals.input;
    if (totals.output > 0) metadata.total_output_tokens = totals.output;
    if (root.attributes[KIND] === 'CHAIN') workflowMetadata(root, metadata);
    put(root, null, metadata, traceStart, traceEnd);
    // The root's children, as in the tree: the k-th (by start) not yet placed is the workflow's k-th step type.
    kidsOf(r).forEach((kid, index) => {
      if (placed[kid]) return;
      const i = at;
      walk(kid, root.span_id);
      const stepType = stepTypes[index];
      if (stepTypes.length > 0 && stepType !== undefined && stepType !== null) cols.step_type[i] = String(stepType);
    });
  }
  // Each cycle is one more tree, entered at its earliest span (as `presentTraceDetail` shows it).
  const cycleEntries: number[] = [];
  for (let i = 0; i < n; i++) if (inCycle[i]) cycleEntries.push(i);
  for (const entry of cycleEntries.sort(byStart)) {
    if (!placed[entry]) walk(entry, null);
  }
  // Spans whose parent is not in the trace are not shown, as in the tree: the arrays end at the last span placed.
  for (const key of ['id', 'parent', 'name', 'type', 'status', 'start_ms', 'end_ms', 'metadata'] as const) cols[key].length = at;
  cols.count = at;
  return { ...presentTraceHead(trace, spans), spans: cols };
}

/**
 * `cycleMembers` by index: which spans are on a cycle of parent links, each span's parents
 * walked once (a walk that comes back to a span of its own path has found a cycle).
 */
function cycleIndexes(spans: readonly SpanRow[]): Uint8Array {
  const n = spans.length;
  const byId = new Map<string, number>();
  for (let i = 0; i < n; i++) if (!byId.has(spans[i]!.span_id)) byId.set(spans[i]!.span_id, i);
  const members = new Uint8Array(n);
  const walked = new Uint8Array(n);
  const pathAt = new Int32Array(n).fill(-1);
  const path: number[] = [];
  for (let s = 0; s < n; s++) {
    if (walked[s]) continue;
    path.length = 0;
    let at: number | undefined = s;
    while (at !== undefined && !walked[at]) {
      if (pathAt[at]! >= 0) {
        for (let k = pathAt[at]!; k < path.length; k++) members[path[k]!] = 1;
        break;
      }
      pathAt[at] = path.length;
      path.push(at);
      const parent: string | null = spans[at]!.parent_span_id;
      at = parent ? byId.get(parent) : undefined;
    }
    for (const i of path) {
      walked[i] = 1;
      pathAt[i] = -1;
    }
  }
  return members;
}
