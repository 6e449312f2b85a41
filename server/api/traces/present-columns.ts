import { parseIsoToMicrosNumber } from '../../agno-format/dates.js';
import type { SpanOutline, SpanRow, TraceRow } from '../../db/traces/types.js';
import { KIND, presentTraceHead, spanError, spanMetadata, spanType, tokenTotals, workflowMetadata } from './present.js';
import type { TraceColumns } from './schemas.js';
import { textTable } from './text-table.js';

/** Epoch milliseconds of a stored time (whole, as `Date.parse` reads the tree's times); null when it is no time. */
function epochMs(value: string): number | null {
  const micros = parseIsoToMicrosNumber(value);
  return micros === null ? null : Math.floor(micros / 1000);
}

/** What placing a span needs: its id, its parent's and its start. */
type Placeable = Pick<SpanOutline, 'span_id' | 'parent_span_id' | 'start_time'>;

/**
 * The order the spans are shown in (depth first, children by start time; a cycle's spans after,
 * from its earliest), by index into the spans given, with what each place needs: the parent
 * shown, whether it is a root (shown with the trace's times and the token totals), and for a
 * root's child its rank among the root's children (its workflow step type). Spans whose parent is
 * not in the trace have no place, as in the tree.
 */
export interface ShownOrder {
  /** Indexes into the spans, in the order shown. */
  order: number[];
  parent: (string | null)[];
  root: boolean[];
  /** A root's child: its rank among the root's children by start (else -1). */
  stepRank: number[];
  /** By index into the spans: on a cycle of parent links. */
  inCycle: Uint8Array;
  /** The roots' indexes, by start. */
  roots: number[];
}

export function shownOrder(spans: readonly Placeable[]): ShownOrder {
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
  const inCycle = cycleIndexes(spans);
  const out: ShownOrder = { order: [], parent: [], root: [], stepRank: [], inCycle, roots };
  const place = (s: number, parent: string | null, root: boolean, rank: number) => {
    out.order.push(s);
    out.parent.push(parent);
    out.root.push(root);
    out.stepRank.push(rank);
  };

  /** Spans already placed: each is shown once, and a link back into a cycle is cut. */
  const placed = new Uint8Array(n);
  for (const r of roots) placed[r] = 1;
  // Depth first with an explicit stack (a chain of spans may be any number of levels deep).
  const walk = (top: number, parent: string | null, rank: number) => {
    placed[top] = 1;
    place(top, parent, false, rank);
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
      place(kid, spans[frame.span]!.span_id, false, -1);
      stack.push({ span: kid, kids: kidsOf(kid), at: 0 });
    }
  };
  for (const r of roots) {
    place(r, null, true, -1);
    // The root's children, as in the tree: the k-th (by start) not yet placed is the workflow's k-th step type.
    kidsOf(r).forEach((kid, index) => {
      if (!placed[kid]) walk(kid, spans[r]!.span_id, index);
    });
  }
  // Each cycle is one more tree, entered at its earliest span (as `presentTraceDetail` shows it).
  const cycleEntries: number[] = [];
  for (let i = 0; i < n; i++) if (inCycle[i]) cycleEntries.push(i);
  for (const entry of cycleEntries.sort(byStart)) {
    if (!placed[entry]) walk(entry, null, -1);
  }
  return out;
}

/** The workflow's step types: the first root (by start) that is a workflow and has them. */
function stepTypesOf(roots: readonly SpanRow[]): unknown[] {
  for (const root of roots) {
    const types = root.attributes['agno.workflow.step_types'];
    if (root.attributes[KIND] === 'CHAIN' && Array.isArray(types) && types.length > 0) return types;
  }
  return [];
}

/**
 * The columns of the first `count` places of `plan`, each span read with `spanAt` (by index into
 * the spans the plan was made of); `roots` are the roots' rows by start, `totals` the token
 * totals of every span.
 */
function columnsOf(
  trace: TraceRow,
  plan: ShownOrder,
  count: number,
  spanAt: (index: number) => SpanRow,
  roots: readonly SpanRow[],
  totals: { input: number; output: number },
): TraceColumns['spans'] {
  const stepTypes = stepTypesOf(roots);
  const { text, indexOf } = textTable((value: string) => value);
  const cols: TraceColumns['spans'] = {
    count,
    text,
    id: new Array<string>(count),
    parent: new Array<string | null>(count),
    name: new Array<number>(count),
    type: new Array<number>(count),
    status: new Array<number>(count),
    start_ms: new Array<number | null>(count),
    end_ms: new Array<number | null>(count),
    metadata: new Array<Record<string, unknown> | null>(count),
    error: {},
    step_type: {},
    parent_cycle: [],
  };
  const traceStart = epochMs(trace.start_time);
  const traceEnd = epochMs(trace.end_time);
  for (let i = 0; i < count; i++) {
    const s = plan.order[i]!;
    const span = spanAt(s);
    let metadata: Record<string, unknown>;
    let start: number | null;
    let end: number | null;
    if (plan.root[i]) {
      metadata = {};
      if (totals.input > 0) metadata.total_input_tokens = totals.input;
      if (totals.output > 0) metadata.total_output_tokens = totals.output;
      if (span.attributes[KIND] === 'CHAIN') workflowMetadata(span, metadata);
      start = traceStart;
      end = traceEnd;
    } else {
      // A tool's arguments are read with the span, as its input and output are.
      const { parameters: _parameters, ...rest } = spanMetadata(span);
      metadata = rest;
      start = epochMs(span.start_time);
      end = epochMs(span.end_time);
      if (span.status_code === 'ERROR') {
        const error = spanError(span);
        if (error !== null && error !== undefined) cols.error[i] = typeof error === 'string' ? error : JSON.stringify(error);
      }
      if (plan.inCycle[s]) cols.parent_cycle.push(i);
      const stepType = plan.stepRank[i]! >= 0 ? stepTypes[plan.stepRank[i]!] : undefined;
      if (stepType !== undefined && stepType !== null) cols.step_type[i] = String(stepType);
    }
    cols.id[i] = span.span_id;
    cols.parent[i] = plan.parent[i]!;
    cols.name[i] = indexOf(span.name);
    cols.type[i] = indexOf(spanType(span));
    cols.status[i] = indexOf(span.status_code);
    cols.start_ms[i] = start;
    cols.end_ms[i] = end;
    cols.metadata[i] = Object.keys(metadata).length > 0 ? metadata : null;
  }
  return cols;
}

/**
 * The trace as `TraceColumns`: the same spans as `presentTraceDetail`'s tree, in the same order
 * (depth first, children by start time; a cycle's spans after, from its earliest), each with the
 * type, status, metadata, error and step type its node has there. `spans` are in stored order.
 */
export function presentTraceColumns(trace: TraceRow, spans: readonly SpanRow[]): TraceColumns {
  const plan = shownOrder(spans);
  const roots = plan.roots.map((r) => spans[r]!);
  const cols = columnsOf(trace, plan, plan.order.length, (i) => spans[i]!, roots, tokenTotals(spans));
  return { ...presentTraceHead(trace, spans), spans: cols };
}

/**
 * The trace's first `limit` spans as `presentTraceColumns` answers them (and `total`, how many
 * it answers) but for the roots' token totals (`total_input_tokens`, `total_output_tokens`: sums
 * over every span's attributes), from every span's outline and only the rows it shows, the roots
 * and the first root without a parent in stored order (the trace's input and output):
 * `readSpans` is asked for those ids. `null` when that is not enough to answer exactly as the whole would (span ids
 * used twice, or a workflow whose output is read from its last step): read every span then.
 */
export async function presentFirstSpans(
  trace: TraceRow,
  outline: readonly SpanOutline[],
  limit: number,
  readSpans: (ids: readonly string[]) => Promise<readonly SpanRow[]>,
): Promise<TraceColumns | null> {
  const ids = new Set<string>();
  for (const span of outline) {
    if (ids.has(span.span_id)) return null;
    ids.add(span.span_id);
  }
  const plan = shownOrder(outline);
  const count = Math.min(plan.order.length, Math.max(0, Math.floor(limit)));
  const wanted = new Set<number>(plan.roots);
  for (let i = 0; i < count; i++) wanted.add(plan.order[i]!);
  const head = outline.findIndex((s) => !s.parent_span_id);
  if (head >= 0) wanted.add(head);
  const rows = new Map<string, SpanRow>();
  for (const row of await readSpans([...wanted].map((i) => outline[i]!.span_id))) rows.set(row.span_id, row);
  const spanAt = (i: number): SpanRow => {
    const row = rows.get(outline[i]!.span_id);
    if (!row) throw new Error(`span ${outline[i]!.span_id} was not read back`);
    return row;
  };
  for (const i of wanted) if (!rows.has(outline[i]!.span_id)) return null;
  const headRow = head >= 0 ? spanAt(head) : undefined;
  // A workflow's output may be its last step's (`presentTraceHead`), which only every span tells.
  if (headRow && headRow.attributes[KIND] === 'CHAIN' && trace.status !== 'ERROR') return null;
  // No token totals on the roots: they are sums over every span's attributes.
  const cols = columnsOf(trace, plan, count, spanAt, plan.roots.map(spanAt), { input: 0, output: 0 });
  return { ...presentTraceHead(trace, headRow ? [headRow] : []), spans: { ...cols, total: plan.order.length } };
}

/**
 * `cycleMembers` by index: which spans are on a cycle of parent links, each span's parents
 * walked once (a walk that comes back to a span of its own path has found a cycle).
 */
function cycleIndexes(spans: readonly Pick<SpanOutline, 'span_id' | 'parent_span_id'>[]): Uint8Array {
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
