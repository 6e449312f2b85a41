import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstSpans } from './columns-window.js';
import type { TraceColumns } from './schemas.js';

/**
 * `?shape=columns&limit=N` (a page's first screen): the first N spans of the columns answer,
 * each exactly as the whole answer has it, with `total` for the whole, whatever the cut.
 */

const head = { trace_id: 't', name: 'Team.arun', status: 'OK', duration: '1s', start_time: '2026-04-06T09:00:00Z', end_time: '2026-04-06T09:00:01Z', total_spans: 0, error_count: 0, created_at: '2026-04-06T09:00:01Z' };

const columnsArb = fc.integer({ min: 0, max: 40 }).chain((n) =>
  fc
    .record({
      text: fc.uniqueArray(fc.string({ maxLength: 4 }), { minLength: 1, maxLength: 12 }),
      picks: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { minLength: n, maxLength: n }),
      starts: fc.array(fc.option(fc.integer({ min: 0, max: 1e6 })), { minLength: n, maxLength: n }),
      errors: fc.uniqueArray(fc.nat({ max: Math.max(0, n - 1) }), { maxLength: n }),
      steps: fc.uniqueArray(fc.nat({ max: Math.max(0, n - 1) }), { maxLength: n }),
      cycles: fc.uniqueArray(fc.nat({ max: Math.max(0, n - 1) }), { maxLength: n }),
    })
    .map(({ text, picks, starts, errors, steps, cycles }): TraceColumns => ({
      ...head,
      spans: {
        count: n,
        text,
        id: picks.map((_, i) => `s${i}`),
        parent: picks.map((_, i) => (i === 0 ? null : `s${i - 1}`)),
        name: picks.map(([a]) => a % text.length),
        type: picks.map(([, b]) => b % text.length),
        status: picks.map(([, , c]) => c % text.length),
        start_ms: starts,
        end_ms: starts.map((s) => (s === null ? null : s + 5)),
        metadata: picks.map(([a, b], i) => (i === 0 && b % 2 ? { total_input_tokens: a, ...(a % 3 ? { steps: 2 } : {}) } : a % 2 ? { model: `m${i}` } : null)),
        error: n ? Object.fromEntries(errors.map((i) => [String(i), `failed ${i}`])) : {},
        step_type: n ? Object.fromEntries(steps.map((i) => [String(i), 'Step'])) : {},
        parent_cycle: n ? cycles : [],
      },
    })),
);

describe('firstSpans', () => {
  it('keeps the first N spans as the whole answer has them, with the total, and only the text they use', () => {
    fc.assert(
      fc.property(columnsArb, fc.integer({ min: 0, max: 50 }), (whole, limit) => {
        const cut = firstSpans(whole, limit);
        const c = whole.spans;
        const w = cut.spans;
        const n = Math.min(limit, c.count);
        expect(w.count).toBe(n);
        expect(w.total).toBe(c.count);
        for (const key of ['id', 'parent', 'start_ms', 'end_ms', 'metadata', 'name', 'type', 'status'] as const) expect(w[key]).toHaveLength(n);
        for (let i = 0; i < n; i++) {
          expect(w.id[i]).toBe(c.id[i]);
          expect(w.parent[i]).toBe(c.parent[i]);
          expect(w.start_ms[i]).toBe(c.start_ms[i]);
          expect(w.end_ms[i]).toBe(c.end_ms[i]);
          // The root's token totals (sums over every span) are left out; all else is as it was.
          const m = c.metadata[i];
          const { total_input_tokens: _t, ...rest } = m ?? {};
          expect(w.metadata[i]).toEqual(i === 0 && m && 'total_input_tokens' in m ? (Object.keys(rest).length ? rest : null) : m);
          expect(w.text[w.name[i]!]).toBe(c.text[c.name[i]!]);
          expect(w.text[w.type[i]!]).toBe(c.text[c.type[i]!]);
          expect(w.text[w.status[i]!]).toBe(c.text[c.status[i]!]);
        }
        const used = new Set([...w.name, ...w.type, ...w.status]);
        expect(w.metadata.some((m) => m && 'total_input_tokens' in m)).toBe(false);
        expect(used.size).toBe(w.text.length);
        expect(w.error).toEqual(Object.fromEntries(Object.entries(c.error).filter(([k]) => Number(k) < n)));
        expect(w.step_type).toEqual(Object.fromEntries(Object.entries(c.step_type).filter(([k]) => Number(k) < n)));
        expect(w.parent_cycle).toEqual(c.parent_cycle.filter((i) => i < n));
        const { spans: _a, ...cutHead } = cut;
        const { spans: _b, ...wholeHead } = whole;
        expect(cutHead).toEqual(wholeHead);
      }),
    );
  });

  it('leaves the whole answer as it was', () => {
    fc.assert(
      fc.property(columnsArb, fc.integer({ min: 0, max: 50 }), (whole, limit) => {
        const before = structuredClone(whole);
        firstSpans(whole, limit);
        expect(whole).toEqual(before);
      }),
    );
  });
});
