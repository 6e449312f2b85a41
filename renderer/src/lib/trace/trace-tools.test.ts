import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCostSum, loadPricer, type Pricer } from '../cost';
import { spansCost } from './cost';
import { filterSpans, NO_FILTER } from './filter';
import { agentGraph, layoutGraph } from './graph';
import { waterfallRows } from './layout';
import { toOtlp } from './otlp';
import { buildSpanTree, flattenTraceDetail } from './tree';
import type { FlatSpan, TraceDetail, TraceNode } from './types';
import { clampNameColumn, estimateWidth, MIN_NAME_COL, nameColumnWidth } from '../../features/traces/name-column';
import { spanCaption } from './kind';

const T0 = Date.parse('2026-04-05T08:04:38.000Z');
const iso = (ms: number) => new Date(T0 + ms).toISOString();
function node(id: string, type: string, from: number, to: number, extra: Partial<TraceNode> = {}): TraceNode {
  return { id, name: id, type, duration: `${to - from}ms`, start_time: iso(from), end_time: iso(to), status: 'OK', ...extra };
}

/** A team delegating to a researcher (two model calls, a search that failed) and a writer on a model no table knows. */
function teamTrace(): TraceDetail {
  const researcher = node('Researcher.arun', 'AGENT', 1100, 17600, {
    spans: [
      node('r-llm-1', 'LLM', 1200, 2400, { metadata: { model: 'gpt-4o', input_tokens: 1000, output_tokens: 100 } }),
      node('search', 'TOOL', 2400, 4400, { status: 'ERROR', error: 'rate limited', metadata: { tool_name: 'duckduckgo_search' } }),
      node('r-llm-2', 'LLM', 4400, 6000, { metadata: { model: 'gpt-4o', input_tokens: 1000, output_tokens: 100 } }),
    ],
  });
  const writer = node('Writer.arun', 'AGENT', 7200, 20300, {
    spans: [node('w-llm', 'LLM', 7300, 11900, { metadata: { model: 'acme-unreleased-9', input_tokens: 1200, output_tokens: 382 } })],
  });
  const root = node('Team.arun', 'TEAM', 0, 24800, {
    spans: [
      node('delegate-1', 'TOOL', 1100, 17600, { metadata: { tool_name: 'delegate_task_to_member', parameters: '{"member_id":"r"}' }, spans: [researcher] }),
      node('delegate-2', 'TOOL', 7200, 20300, { metadata: { tool_name: 'delegate_task_to_member' }, spans: [writer] }),
    ],
  });
  return { trace_id: 'abc123', name: 'Team.arun', status: 'OK', duration: '24.8s', start_time: iso(0), end_time: iso(24800), total_spans: 8, error_count: 1, tree: [root], run_id: 'run-1', session_id: 's-1', input: 'Write a brief', output: 'Done', error: null } as unknown as TraceDetail;
}

describe('cost', () => {
  it('prices known models from the table and leaves unknown ones unknown, never $0', async () => {
    const price = await loadPricer();
    expect(price({ input_tokens: 1000, output_tokens: 100 }, 'gpt-4o', 'OpenAI')).toBeCloseTo(0.0035, 6);
    expect(price({ input_tokens: 1000, output_tokens: 100 }, 'acme-unreleased-9', null)).toBeNull();
    const sum = spansCost(flattenTraceDetail(teamTrace()), price);
    expect(sum).toMatchObject({ priced: 2, unknown: 1, unknownModels: ['acme-unreleased-9'] });
    expect(sum.usd).toBeCloseTo(0.007, 6);
    expect(formatCostSum(sum)).toBe('$0.00700 + unknown');
  });

  it('prices a model’s later calls from its flat rates exactly as the table does (property)', async () => {
    const { calcPrice } = await import('@pydantic/genai-prices');
    const price = await loadPricer();
    const at = new Date('2026-04-05T08:00:00Z');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(['gpt-4o', 'OpenAI'], ['claude-sonnet-4-5-20250929', 'Anthropic'], ['gpt-4.1-mini', 'OpenAI'], ['gpt-4o', null]),
        fc.nat(200_000),
        fc.nat(20_000),
        fc.nat(100_000),
        async ([model, provider], input, output, cached) => {
          const usage = { input_tokens: input, output_tokens: output, cache_read_tokens: Math.min(cached, input) };
          const table = calcPrice(usage, model!, { ...(provider ? { providerId: provider.toLowerCase() } : {}), timestamp: at });
          price({ input_tokens: 10, output_tokens: 10 }, model!, provider, at); // the first call learns the rates
          expect(price(usage, model!, provider, at)).toBeCloseTo(table!.total_price, 10);
        },
      ),
    );
  });

  it('says unknown when nothing could be priced and — when there was no model call', () => {
    const none: Pricer = () => null;
    const spans = flattenTraceDetail(teamTrace());
    expect(formatCostSum(spansCost(spans, none))).toBe('unknown');
    expect(formatCostSum(spansCost(spans.filter((s) => s.type !== 'LLM'), none))).toBe('—');
  });
});

describe('span filters', () => {
  const tree = buildSpanTree(flattenTraceDetail(teamTrace()));

  it('shows model calls with the path to them, the path drawn as context', () => {
    const f = filterSpans(tree, { ...NO_FILTER, kinds: ['model'] })!;
    expect([...f.matches].sort()).toEqual(['r-llm-1', 'r-llm-2', 'w-llm']);
    const rows = waterfallRows(tree, new Set(), null, undefined, f);
    expect(rows.map((r) => [r.node.span.id, !!r.context])).toEqual([
      ['Team.arun', true],
      ['delegate-1', true],
      ['Researcher.arun', true],
      ['r-llm-1', false],
      ['r-llm-2', false],
      ['delegate-2', true],
      ['Writer.arun', true],
      ['w-llm', false],
    ]);
  });

  it('searches name, model and tool in any case; filters by status and duration', () => {
    expect([...filterSpans(tree, { ...NO_FILTER, text: 'ACME' })!.matches]).toEqual(['w-llm']);
    expect([...filterSpans(tree, { ...NO_FILTER, text: 'duckduckgo' })!.matches]).toEqual(['search']);
    expect([...filterSpans(tree, { ...NO_FILTER, status: 'error' })!.matches]).toEqual(['search']);
    expect([...filterSpans(tree, { ...NO_FILTER, minMs: 10_000 })!.matches].sort()).toEqual(['Researcher.arun', 'Team.arun', 'Writer.arun', 'delegate-1', 'delegate-2']);
    expect(filterSpans(tree, NO_FILTER)).toBeNull();
  });

  it('every match is shown, with every ancestor (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 3 }), fc.constantFrom('all', 'error', 'ok' as const), (text, status) => {
        const f = filterSpans(tree, { ...NO_FILTER, text, status: status as 'all' | 'error' | 'ok' });
        if (!f) return;
        for (const id of f.matches) for (let p = tree.byId.get(id) ?? null; p; p = p.parent) expect(f.shown.has(p.span.id)).toBe(true);
      }),
    );
  });
});

describe('OTLP export', () => {
  it('writes every span with its parent, nanosecond times, status and OpenInference attributes', () => {
    const detail = teamTrace();
    const doc = toOtlp(detail, flattenTraceDetail(detail), new Date('2026-04-06T00:00:00Z'));
    const spans = doc.resourceSpans[0]!.scopeSpans[0]!.spans;
    expect(spans).toHaveLength(9);
    const llm = spans.find((s) => s.spanId === 'r-llm-1')!;
    expect(llm).toMatchObject({ traceId: 'abc123', parentSpanId: 'Researcher.arun', kind: 1, status: { code: 1 } });
    expect(llm.startTimeUnixNano).toBe(`${T0 + 1200}000000`);
    const attrs = Object.fromEntries(llm.attributes.map((a) => [a.key, a.value]));
    expect(attrs).toMatchObject({ 'openinference.span.kind': { stringValue: 'LLM' }, 'llm.model_name': { stringValue: 'gpt-4o' }, 'llm.token_count.prompt': { intValue: '1000' } });
    expect(spans.find((s) => s.spanId === 'search')!.status).toEqual({ code: 2, message: 'rate limited' });
    expect(spans.find((s) => s.spanId === 'Team.arun')!.parentSpanId).toBeUndefined();
    // A file to attach: plain JSON that reads back the same.
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });
});

describe('agent graph', () => {
  it('puts members under the team (delegations are edges) and tools under the agent that called them', () => {
    const roots = agentGraph(buildSpanTree(flattenTraceDetail(teamTrace())));
    expect(roots.map((r) => r.label)).toEqual(['Team.arun']);
    const members = roots[0]!.children;
    expect(members.map((m) => m.label)).toEqual(['Researcher.arun', 'Writer.arun']);
    expect(members[0]!.children.map((t) => [t.kind, t.label, t.errors])).toEqual([['tool', 'duckduckgo_search', 1]]);
    expect(members[0]!).toMatchObject({ modelCalls: 2, models: ['gpt-4o'] });
    const { placed, cols, rows } = layoutGraph(roots);
    expect({ cols, rows, nodes: placed.length }).toEqual({ cols: 3, rows: 2, nodes: 4 });
  });

  it('folds repeated calls of one tool into a node with a count', () => {
    const spans: FlatSpan[] = [
      { id: 'a', parentId: null, name: 'Agent.run', type: 'AGENT', status: 'OK', start: 0, end: 100, input: null, output: null, error: null, stepType: null, metadata: {} },
      ...Array.from({ length: 50 }, (_, i) => ({ id: `t${i}`, parentId: 'a', name: 'lookup', type: 'TOOL', status: 'OK', start: i, end: i + 1, input: null, output: null, error: null, stepType: null, metadata: {} })),
    ];
    const [agent] = agentGraph(buildSpanTree(spans));
    expect(agent!.children).toHaveLength(1);
    expect(agent!.children[0]!.spanIds).toHaveLength(50);
  });
});

describe('name column', () => {
  it('is as wide as the widest name and caption at its depth, within the frame', () => {
    const tree = buildSpanTree(flattenTraceDetail(teamTrace()));
    const width = nameColumnWidth(tree.order, spanCaption);
    const wLlm = tree.byId.get('w-llm')!;
    expect(width).toBeGreaterThanOrEqual(wLlm.depth * 14 + estimateWidth('w-llm', false) + estimateWidth(spanCaption(wLlm.span)!, true));
    expect(clampNameColumn(width, 2000)).toBe(width);
    expect(clampNameColumn(5000, 1000)).toBe(870);
    expect(clampNameColumn(10, 1000)).toBe(MIN_NAME_COL);
  });
});
