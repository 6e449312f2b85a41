import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeRunsColumn, encodeAgnoJson } from './codec.js';
import { isPlainObject } from './json-values.js';
import { pythonJsonDumps } from './python-json.js';
import { indexRunsValue, readIndexedRun } from './runs-index.js';

/** What decoding the whole value gives: the runs and the first run of each string id. */
function expected(runs: unknown[]) {
  const objects = runs.filter(isPlainObject);
  const firstById = new Map<string, unknown>();
  for (const r of objects) if (typeof r['run_id'] === 'string' && !firstById.has(r['run_id'])) firstById.set(r['run_id'], r);
  return { count: runs.length, objects, firstById };
}

/** The index against the whole value decoded (what the stores did before it). */
function check(raw: Buffer): void {
  const index = indexRunsValue(raw);
  expect(index).not.toBeNull();
  if (!index) return;
  const want = expected(decodeRunsColumn(raw));
  expect(index.count).toBe(want.count);
  const read = Array.from({ length: index.spans.length / 2 }, (_, i) => readIndexedRun(raw, index, i * 2));
  expect(read).toEqual(want.objects);
  expect(new Map([...index.byId].map(([id, slot]) => [id, readIndexedRun(raw, index, slot)]))).toEqual(want.firstById);
  // Each object's id, which Agno 3's merge matches against its runs table; other ids are flagged.
  const ids = want.objects.map((r) => r['run_id'] ?? null);
  if (ids.some((id) => id !== null && typeof id !== 'string')) expect(index.otherIds).toBe(true);
  if (!index.otherIds) expect(index.ids).toEqual(ids);
}

const runId = fc.oneof(fc.constantFrom('a', 'b', 'c'), fc.string(), fc.integer(), fc.constant(null));
const run = fc.record({ run_id: runId, content: fc.jsonValue(), nested: fc.jsonValue() }, { requiredKeys: [] });
const element = fc.oneof({ weight: 4, arbitrary: run }, { weight: 1, arbitrary: fc.jsonValue() });

describe('indexRunsValue', () => {
  it('reads each run from its own bytes exactly as decoding the whole double-encoded value does (property)', () => {
    fc.assert(fc.property(fc.array(element, { maxLength: 8 }), (runs) => check(Buffer.from(encodeAgnoJson(runs)))), { numRuns: 500 });
  });

  it('does the same for a plain JSON array, with or without non-ASCII text (property)', () => {
    fc.assert(
      fc.property(fc.array(element, { maxLength: 8 }), fc.boolean(), (runs, python) => {
        const text = python ? pythonJsonDumps(runs) : JSON.stringify(runs);
        check(Buffer.from(text, 'utf8'));
      }),
      { numRuns: 500 },
    );
  });

  it('follows JSON.parse on a repeated run_id key (the last wins)', () => {
    const text = '[{"run_id": "x", "run_id": "y"}, {"run_id": "z", "run_id": 5}]';
    const index = indexRunsValue(Buffer.from(text));
    expect([...(index?.byId.keys() ?? [])]).toEqual(['y']);
    expect(index?.otherIds).toBe(true);
    expect(indexRunsValue(Buffer.from('[{"run_id": null}, {"a": {"run_id": 1}}, {"run_id": "q"}]'))).toMatchObject({ ids: [null, null, 'q'], otherIds: false });
  });

  it('gives up (so the caller decodes the whole value) on what is not one array', () => {
    for (const text of ['{"a": 1}', '[1, 2', '[1] 2', '"[1, 2]" x', '"not json"', '', 'null']) {
      expect(indexRunsValue(Buffer.from(text)), text).toBeNull();
    }
  });
});
