import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AgnoMessage } from '../../api-types/shapes';
import { criticalPath, selfTime, slowestSpans } from './critical';
import { treeKey, type TreeCursor } from './keyboard';
import { modelFacts, spanCaption, spanKind, spanStatus } from './kind';
import { axisTicks, barOf, waterfallRows } from './layout';
import { messageForSpan, owningRunId, spanForMessage } from './match';
import { buildSpanTree, flattenTraceDetail, isFirstSpans, traceFromColumns } from './tree';
import type { FlatSpan, TraceColumns, TraceDetail, TraceNode } from './types';

const T0 = Date.parse('2026-04-05T08:04:38.000Z');
const iso = (ms: number) => new Date(T0 + ms).toISOString();

function node(id: string, type: string, from: number, to: number, extra: Partial<TraceNode> = {}): TraceNode {
  return { id, name: id, type, duration: `${to - from}ms`, start_time: iso(from), end_time: iso(to), status: 'OK', ...extra };
}

/** The shape of the fixture's team trace: a team delegating to two members, each a run of its own. */
function teamTrace(): TraceDetail {
  const researcher = node('researcher', 'AGENT', 1100, 17600, {
    metadata: { run_id: 'run-researcher' },
    spans: [
      node('r-llm-1', 'LLM', 1200, 2400, { metadata: { model: 'gpt-4o', input_tokens: 900, output_tokens: 35 } }),
      node('r-search', 'TOOL', 2400, 4400, { metadata: { tool_name: 'duckduckgo_search' } }),
      node('r-llm-2', 'LLM', 4400, 6000, { metadata: { model: 'gpt-4o', input_tokens: 1400, output_tokens: 533 } }),
    ],
  });
  const writer = node('writer', 'AGENT', 7200, 20300, {
    metadata: { run_id: 'run-writer' },
    spans: [node('w-llm', 'LLM', 7300, 11900, { metadata: { model: 'claude-sonnet', input_tokens: 1200, output_tokens: 382 } })],
  });
  const root = node('team', 'TEAM', 0, 24800, {
    metadata: { total_input_tokens: 6000 },
    spans: [
      node('t-llm-1', 'LLM', 20, 1100, { metadata: { model: 'gpt-4o', input_tokens: 800, output_tokens: 66 } }),
      node('delegate-1', 'TOOL', 1100, 17600, { metadata: { tool_name: 'delegate_task_to_member' }, spans: [researcher] }),
      node('delegate-2', 'TOOL', 7200, 20300, { metadata: { tool_name: 'delegate_task_to_member' }, spans: [writer] }),
      node('t-llm-2', 'LLM', 20300, 24700, { metadata: { model: 'gpt-4o', input_tokens: 2453, output_tokens: 488 } }),
    ],
  });
  return {
    trace_id: 't1', name: 'Research_Team.arun', status: 'OK', duration: '24.8s', start_time: iso(0), end_time: iso(24800),
    total_spans: 11, error_count: 0, created_at: iso(0), run_id: 'run-team', input: 'Write a brief', output: 'Here it is', tree: [root],
  };
}

const flat = (id: string, parentId: string | null, start: number, end: number, extra: Partial<FlatSpan> = {}): FlatSpan => ({
  id, parentId, name: id, type: 'AGENT', status: 'OK', start, end, input: null, output: null, error: null, stepType: null, metadata: {}, ...extra,
});

describe('span tree', () => {
  it('flattens the platform tree and nests it back: 11 spans, the members under their delegation', () => {
    const spans = flattenTraceDetail(teamTrace());
    expect(spans).toHaveLength(11);
    const root = spans[0]!;
    // The root reads like any span: the detail's input, output and run id are put on it.
    expect(root).toMatchObject({ id: 'team', parentId: null, input: 'Write a brief', output: 'Here it is', metadata: { run_id: 'run-team' } });
    const tree = buildSpanTree(spans);
    expect(tree.roots.map((r) => r.span.id)).toEqual(['team']);
    expect(tree.byId.get('writer')!.parent!.span.id).toBe('delegate-2');
    expect(tree.byId.get('w-llm')!.depth).toBe(3);
    expect(tree.order.map((n) => n.span.id)).toEqual(['team', 't-llm-1', 'delegate-1', 'researcher', 'r-llm-1', 'r-search', 'r-llm-2', 'delegate-2', 'writer', 'w-llm', 't-llm-2']);
    expect(tree.end - tree.start).toBe(24800);
  });

  it('orders siblings by start, keeps orphans as roots and breaks cycles', () => {
    const tree = buildSpanTree([flat('late', 'p', 50, 60), flat('p', null, 0, 100), flat('early', 'p', 10, 20), flat('orphan', 'gone', 5, 6), flat('a', 'b', 1, 2), flat('b', 'a', 1, 2)]);
    expect(tree.byId.get('p')!.children.map((c) => c.span.id)).toEqual(['early', 'late']);
    expect(tree.roots.map((r) => r.span.id)).toContain('orphan');
    expect(tree.order).toHaveLength(6);
  });

  it('holds every span exactly once, each one deeper than its parent (any parent links)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(20), fc.option(fc.nat(20), { nil: null }), fc.nat(1000), fc.nat(1000)), { maxLength: 40 }), (rows) => {
        const spans = rows.map(([id, parent, a, b]) => flat(`s${id}`, parent === null ? null : `s${parent}`, Math.min(a, b), Math.max(a, b)));
        const tree = buildSpanTree(spans);
        const unique = new Set(spans.map((s) => s.id));
        expect(tree.order).toHaveLength(unique.size);
        expect(new Set(tree.order.map((n) => n.span.id)).size).toBe(unique.size);
        for (const n of tree.order) expect(n.depth).toBe(n.parent ? n.parent.depth + 1 : 0);
      }),
    );
  });
});

describe('span kind and status', () => {
  it('classifies the platform types', () => {
    expect(spanKind({ type: 'TEAM', stepType: null })).toBe('team');
    expect(spanKind({ type: 'AGENT', stepType: 'Agent' })).toBe('agent');
    expect(spanKind({ type: 'WORKFLOW', stepType: null })).toBe('workflow');
    expect(spanKind({ type: 'CHAIN', stepType: 'Step' })).toBe('step');
    expect(spanKind({ type: 'UNKNOWN', stepType: 'function' })).toBe('step');
    expect(spanKind({ type: 'LLM', stepType: null })).toBe('model');
    expect(spanKind({ type: 'TOOL', stepType: null })).toBe('tool');
    expect(spanKind({ type: 'RETRIEVER', stepType: null })).toBe('other');
    expect([spanStatus('ERROR'), spanStatus('OK'), spanStatus('UNSET'), spanStatus(undefined)]).toEqual(['error', 'ok', 'unset', 'unset']);
  });

  it('captions a model call with its model and tokens and a tool call with its tool', () => {
    const spans = flattenTraceDetail(teamTrace());
    const llm = spans.find((s) => s.id === 'w-llm')!;
    expect(modelFacts(llm)).toEqual({ model: 'claude-sonnet', inputTokens: 1200, outputTokens: 382, totalTokens: 1582 });
    expect(spanCaption(llm)).toBe('claude-sonnet · 1200 → 382 tokens');
    // A tool span named after its tool needs no caption; one named otherwise shows the tool.
    expect(spanCaption(spans.find((s) => s.id === 'r-search')!)).toBe('duckduckgo_search');
    expect(spanCaption({ ...spans.find((s) => s.id === 'r-search')!, name: 'duckduckgo_search' })).toBeNull();
  });
});

describe('waterfall layout', () => {
  it('places each bar by start and scales it by duration, nested by depth', () => {
    const tree = buildSpanTree(flattenTraceDetail(teamTrace()));
    const rows = waterfallRows(tree, new Set());
    const writer = rows.find((r) => r.node.span.id === 'writer')!;
    expect(writer.depth).toBe(2);
    expect(writer.offset).toBeCloseTo(7200 / 24800, 6);
    expect(writer.width).toBeCloseTo(13100 / 24800, 6);
    expect(rows[0]).toMatchObject({ offset: 0, width: 1, depth: 0, hasChildren: true, expanded: true });
  });

  it('hides the insides of a collapsed span and re-bases the window on a zoomed one', () => {
    const tree = buildSpanTree(flattenTraceDetail(teamTrace()));
    expect(waterfallRows(tree, new Set(['delegate-1'])).map((r) => r.node.span.id)).not.toContain('researcher');
    const zoomed = waterfallRows(tree, new Set(), tree.byId.get('writer')!);
    expect(zoomed.map((r) => [r.node.span.id, r.depth])).toEqual([['writer', 0], ['w-llm', 1]]);
    expect(zoomed[0]).toMatchObject({ offset: 0, width: 1 });
    expect(zoomed[1]!.offset).toBeCloseTo(100 / 13100, 6);
  });

  it('keeps every bar inside the window and visible', () => {
    fc.assert(
      fc.property(fc.integer({ min: -500, max: 1500 }), fc.integer({ min: 0, max: 2000 }), (start, len) => {
        const { offset, width } = barOf(start, start + len, { start: 0, end: 1000 });
        expect(offset).toBeGreaterThanOrEqual(0);
        expect(offset + width).toBeLessThanOrEqual(1 + 1e-12);
        if (start < 1000) expect(width).toBeGreaterThan(0);
      }),
    );
  });

  it('ticks the axis at round steps', () => {
    expect(axisTicks(24800)).toEqual([0, 5000, 10000, 15000, 20000]);
    expect(axisTicks(0)).toEqual([0]);
  });
});

describe('critical path and slowest spans', () => {
  it('follows the child each span waited for', () => {
    const tree = buildSpanTree(flattenTraceDetail(teamTrace()));
    expect(criticalPath(tree).map((n) => n.span.id)).toEqual(['team', 't-llm-2']);
    const tree2 = buildSpanTree([flat('r', null, 0, 100), flat('a', 'r', 0, 90), flat('b', 'r', 10, 40), flat('a1', 'a', 50, 90)]);
    expect(criticalPath(tree2).map((n) => n.span.id)).toEqual(['r', 'a', 'a1']);
  });

  it('ranks the slowest model calls and measures self time', () => {
    const tree = buildSpanTree(flattenTraceDetail(teamTrace()));
    expect(slowestSpans(tree, 2, ['model']).map((n) => n.span.id)).toEqual(['w-llm', 't-llm-2']);
    // Delegations take as long as their member runs: left out when only leaves count.
    expect(slowestSpans(tree, 1, ['tool']).map((n) => n.span.id)).toEqual(['delegate-1']);
    expect(slowestSpans(tree, 1, ['tool'], true).map((n) => n.span.id)).toEqual(['r-search']);
    const t = buildSpanTree([flat('r', null, 0, 100), flat('a', 'r', 10, 40), flat('b', 'r', 30, 50), flat('c', 'r', 90, 120)]);
    expect(selfTime(t.byId.get('r')!)).toBe(100 - 40 - 10);
  });
});

describe('keyboard model', () => {
  const tree = buildSpanTree(flattenTraceDetail(teamTrace()));
  const at = (cursor: TreeCursor) => waterfallRows(tree, cursor.collapsed);
  const press = (cursor: TreeCursor, ...keys: string[]) => keys.reduce((c, k) => treeKey(at(c), c, k) ?? c, cursor);
  const start: TreeCursor = { focused: null, selected: null, collapsed: new Set() };

  it('walks the rows with the arrows and selects with Enter', () => {
    const c = press(start, 'ArrowDown', 'ArrowDown', 'ArrowDown', 'Enter');
    expect(c.focused).toBe('delegate-1');
    expect(c.selected).toBe('delegate-1');
    expect(press(c, 'End').focused).toBe('t-llm-2');
    expect(press(c, 'Home').focused).toBe('team');
  });

  it('Left closes an open span, then steps to its parent; Right opens it, then steps in', () => {
    const c = press(start, 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowLeft');
    expect(c.collapsed.has('delegate-1')).toBe(true);
    expect(press(c, 'ArrowDown').focused).toBe('delegate-2');
    expect(press(c, 'ArrowLeft').focused).toBe('team');
    const opened = press(c, 'ArrowRight');
    expect(opened.collapsed.has('delegate-1')).toBe(false);
    expect(press(opened, 'ArrowRight').focused).toBe('researcher');
  });
});

describe('span ↔ message', () => {
  const tree = buildSpanTree(flattenTraceDetail(teamTrace()));
  const researcherMessages: AgnoMessage[] = [
    { role: 'system' },
    { role: 'user' },
    { role: 'assistant', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'duckduckgo_search', arguments: '{}' } }] },
    { role: 'tool', tool_call_id: 'call_1' },
    { role: 'assistant' },
  ];

  it('finds the run a span belongs to', () => {
    expect(owningRunId(tree.byId.get('r-search')!)).toBe('run-researcher');
    expect(owningRunId(tree.byId.get('t-llm-1')!)).toBe('run-team');
  });

  it('maps the k-th model call to the k-th assistant message, a tool call to its call, and back', () => {
    expect(messageForSpan(tree, tree.byId.get('r-llm-2')!, researcherMessages)).toEqual({ runId: 'run-researcher', messageIndex: 4, toolCallId: null });
    expect(messageForSpan(tree, tree.byId.get('r-search')!, researcherMessages)).toEqual({ runId: 'run-researcher', messageIndex: 2, toolCallId: 'call_1' });
    expect(messageForSpan(tree, tree.byId.get('researcher')!, researcherMessages)).toBeNull();
    expect(spanForMessage(tree, 'run-researcher', researcherMessages, 4)?.span.id).toBe('r-llm-2');
    expect(spanForMessage(tree, 'run-researcher', researcherMessages, 1)).toBeNull();
  });

  it('skips history messages', () => {
    const withHistory: AgnoMessage[] = [{ role: 'assistant', from_history: true }, ...researcherMessages];
    expect(messageForSpan(tree, tree.byId.get('r-llm-1')!, withHistory)?.messageIndex).toBe(3);
  });
});

describe('traceFromColumns with the first spans only (`?shape=columns&limit=`)', () => {
  const head = { trace_id: 't', name: 'Team.arun', status: 'OK', duration: '1s', start_time: iso(0), end_time: iso(1000), total_spans: 3, error_count: 0, created_at: iso(1000) };
  const columns = (count: number, total?: number): TraceColumns => ({
    ...head,
    spans: {
      count,
      ...(total === undefined ? {} : { total }),
      text: ['Team.arun', 'TEAM', 'OK'],
      id: ['a', 'b', 'c'].slice(0, count),
      parent: [null, 'a', 'b'].slice(0, count),
      name: [0, 0, 0].slice(0, count),
      type: [1, 1, 1].slice(0, count),
      status: [2, 2, 2].slice(0, count),
      start_ms: [T0, T0 + 1, T0 + 2].slice(0, count),
      end_ms: [T0 + 10, T0 + 9, T0 + 8].slice(0, count),
      metadata: [null, null, null].slice(0, count),
      error: {},
      step_type: {},
      parent_cycle: [],
    },
  });

  it('marks a cut answer with the whole count, and a whole one (or one cut at its end) as whole', () => {
    const cut = traceFromColumns(columns(2, 3));
    expect(cut.total).toBe(3);
    expect(cut.spans.map((s) => s.id)).toEqual(['a', 'b']);
    expect(isFirstSpans(cut)).toBe(true);
    const whole = traceFromColumns(columns(3));
    expect(whole.total).toBeUndefined();
    expect(isFirstSpans(whole)).toBe(false);
    expect(isFirstSpans(traceFromColumns(columns(3, 3)))).toBe(false);
  });
});
