import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SpanRow, TraceRow } from '../../db/traces/types.js';
import { presentTraceDetail } from './present.js';
import { firstSpans } from './columns-window.js';
import { presentFirstSpans, presentTraceColumns } from './present-columns.js';
import { outlineOf } from '../../db/traces/rows.js';
import type { TraceColumns, TraceNode } from './schemas.js';

/**
 * The columns answer (`?shape=columns`, what the UI reads) is the tree answer laid flat: the same
 * spans in the same order with the same parents, types, statuses, times, metadata (a tool's
 * `parameters` and each span's input and output left out), errors and step types, whatever the
 * parent links (missing parents, cycles, several roots).
 */

const T0 = Date.parse('2026-04-06T09:00:00Z');
const iso = (ms: number, micros: number) => `${new Date(T0 + ms).toISOString().slice(0, 19)}.${String(micros).padStart(6, '0')}+00:00`;

const trace: TraceRow = {
  trace_id: 't1', name: 'Team.arun', status: 'OK', start_time: iso(0, 0), end_time: iso(9000, 0), duration_ms: 9000, duration_kind: 'integer',
  run_id: 'r1', session_id: 's1', user_id: null, agent_id: null, team_id: 'team', workflow_id: null, created_at: iso(9000, 0), total_spans: 0, error_count: 0,
};

const KINDS = ['AGENT', 'LLM', 'TOOL', 'CHAIN', 'UNKNOWN'] as const;

const spansArb = fc.integer({ min: 1, max: 25 }).chain((n) =>
  fc.tuple(
    fc.array(fc.oneof(fc.constant(-1), fc.integer({ min: 0, max: n + 2 })), { minLength: n, maxLength: n }),
    fc.array(fc.tuple(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 999_999 }), fc.constantFrom(...KINDS), fc.boolean(), fc.constantFrom('a', 'b')), { minLength: n, maxLength: n }),
  ).map(([parents, facts]) =>
    facts.map(([ms, micros, kind, failed, name], i): SpanRow => {
      const p = parents[i]!;
      const attributes: Record<string, unknown> = { 'openinference.span.kind': kind, 'input.value': `in ${i}`, 'output.value': `out ${i}` };
      if (kind === 'LLM') Object.assign(attributes, { 'llm.model_name': 'gpt-4o', 'llm.token_count.prompt': i, 'llm.token_count.completion': 2 });
      if (kind === 'TOOL') Object.assign(attributes, { 'tool.name': 'lookup', 'tool.parameters': '{"q":1}' });
      if (kind === 'CHAIN') attributes['agno.workflow.step_types'] = ['Step', 'Loop'];
      if (kind === 'AGENT' && i % 2) attributes['agno.team.id'] = 'team';
      return {
        span_id: `s${i}`, trace_id: 't1', parent_span_id: p < 0 ? null : `s${p}`, name, span_kind: 'INTERNAL', status_code: failed ? 'ERROR' : 'OK',
        status_message: failed ? `failed ${i}` : null, start_time: iso(ms, micros), end_time: iso(ms + 10, micros), duration_ms: 10, duration_kind: 'integer', attributes, created_at: iso(ms, 0),
      };
    }),
  ),
);

/** The tree as the columns should read: depth first, each node with its parent id. */
function flatten(tree: TraceNode[]) {
  const out: { id: string; parent: string | null; node: TraceNode }[] = [];
  const visit = (node: TraceNode, parent: string | null) => {
    out.push({ id: node.id, parent, node });
    for (const kid of node.spans ?? []) visit(kid, node.id);
  };
  for (const root of tree) visit(root, null);
  return out;
}

function columnsRows(c: TraceColumns['spans']) {
  return c.id.map((id, i) => ({
    id,
    parent: c.parent[i],
    name: c.text[c.name[i]!],
    type: c.text[c.type[i]!],
    status: c.text[c.status[i]!],
    start: c.start_ms[i],
    end: c.end_ms[i],
    metadata: c.metadata[i] ?? undefined,
    error: c.error[i],
    step_type: c.step_type[i],
    parent_cycle: c.parent_cycle.includes(i) || undefined,
  }));
}

describe('Given any span table, Then the columns are the tree laid flat', () => {
  it('holds for generated parent links, times, kinds and failures', () => {
    fc.assert(
      fc.property(spansArb, (spans) => {
        const detail = presentTraceDetail(trace, spans);
        const columns = presentTraceColumns(trace, spans);
        const { tree, ...head } = detail;
        const { spans: cols, ...colsHead } = columns;
        expect(colsHead).toEqual(head);
        const expected = flatten(tree).map(({ id, parent, node }) => {
          const { parameters: _parameters, ...metadata } = node.metadata ?? {};
          return {
            id,
            parent,
            name: node.name,
            type: node.type,
            status: node.status,
            start: Date.parse(node.start_time),
            end: Date.parse(node.end_time),
            metadata: Object.keys(metadata).length > 0 ? metadata : undefined,
            error: node.error,
            step_type: node.step_type,
            parent_cycle: node.parent_cycle,
          };
        });
        const got = columnsRows(cols).map((r) => ({ ...r, metadata: r.metadata && Object.fromEntries(Object.entries(r.metadata).filter(([k]) => k !== 'parameters')) }));
        expect(got).toEqual(expected);
        expect(cols.count).toBe(expected.length);
      }),
      { numRuns: 300 },
    );
  });
});

describe('Given any span table, Then its first spans read from the outline are the whole columns’ first', () => {
  it('holds for every cut of generated parent links, times, kinds and failures', async () => {
    await fc.assert(
      fc.asyncProperty(spansArb, fc.integer({ min: 0, max: 30 }), async (spans, limit) => {
        const whole = presentTraceColumns(trace, spans);
        const asked: string[][] = [];
        const first = await presentFirstSpans(trace, spans.map(outlineOf), limit, async (ids) => {
          asked.push([...ids]);
          return spans.filter((s) => ids.includes(s.span_id));
        });
        const head = spans.find((s) => !s.parent_span_id);
        if (head?.attributes['openinference.span.kind'] === 'CHAIN') {
          // A workflow's output may be a step's: answered from every span instead.
          expect(first).toBeNull();
          return;
        }
        expect(first).toEqual(firstSpans(whole, limit));
        // Only the spans shown, the roots and the trace's own root are read in full.
        const roots = spans.filter((s) => s.parent_span_id === null).length;
        expect(asked).toHaveLength(1);
        expect(asked[0]!.length).toBeLessThanOrEqual(Math.min(limit, whole.spans.count) + roots + 1);
      }),
      { numRuns: 300 },
    );
  });

  it('answers null for span ids used twice (read every span then)', async () => {
    const [a] = fc.sample(spansArb.filter((s) => s.length > 1), 1);
    const spans = a!.map((s) => ({ ...s, span_id: 'same' }));
    expect(await presentFirstSpans(trace, spans.map(outlineOf), 5, async () => spans)).toBeNull();
  });
});
