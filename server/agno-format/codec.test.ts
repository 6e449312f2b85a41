import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { pythonJsonDumps } from './python-json.js';
import { decodeJsonColumn, decodeRunsColumn, encodeAgnoJson, innerRunsText, readRunsColumn, spliceRunsText, topLevelArraySpans } from './codec.js';
import { jsonText } from '../json-text.js';

describe('decodeJsonColumn', () => {
  it('reads agno double-encoded JSON, plain JSON, SQL NULL and the text null', () => {
    expect(decodeJsonColumn('"{\\"name\\": \\"Bot\\"}"')).toEqual({ name: 'Bot' });
    expect(decodeJsonColumn('{"name": "Bot"}')).toEqual({ name: 'Bot' });
    expect(decodeJsonColumn(null)).toBeNull();
    expect(decodeJsonColumn('null')).toBeNull();
    expect(decodeJsonColumn('"null"')).toBeNull();
  });

  it('reads text that is not JSON as absent rather than failing', () => {
    expect(decodeJsonColumn('{not json')).toBeNull();
    expect(decodeRunsColumn('"[{\\"run_id\\": "')).toEqual([]);
    expect(decodeRunsColumn('{"run_id": "r"}')).toEqual([]);
  });

  it('reads back whatever encodeAgnoJson wrote', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        // jsonText keeps a negative zero's sign, as the encoder does (JSON.stringify drops it).
        const expected = JSON.parse(jsonText(value)) as unknown;
        // A JSON string value whose text is itself JSON is indistinguishable from double encoding.
        fc.pre(typeof expected !== 'string');
        expect(decodeJsonColumn(encodeAgnoJson(value))).toEqual(expected);
      }),
    );
  });
});

describe('encodeAgnoJson', () => {
  it('applies json.dumps twice and writes None as null', () => {
    expect(encodeAgnoJson({ name: 'Café' })).toBe('"{\\"name\\": \\"Caf\\\\u00e9\\"}"');
    expect(encodeAgnoJson(null)).toBe('null');
    expect(encodeAgnoJson({})).toBe('"{}"');
  });
});

describe('spliceRunsText', () => {
  const runs = [{ run_id: 'a', n: 1.5 }, { run_id: 'b', text: 'x, ]}' }, { run_id: 'c' }];
  const inner = pythonJsonDumps(runs);

  it('finds each top-level element, brackets inside strings included', () => {
    const spans = topLevelArraySpans(inner) ?? [];
    expect(spans.map((s) => JSON.parse(inner.slice(s.start, s.end)) as unknown)).toEqual(runs);
    expect(topLevelArraySpans('[]')).toEqual([]);
    expect(topLevelArraySpans('{"a": 1}')).toBeNull();
  });

  it('replaces one element and leaves the others byte for byte', () => {
    const replaced = spliceRunsText(inner, 1, pythonJsonDumps({ run_id: 'b', v: 2 }));
    expect(replaced).toBe('[{"run_id": "a", "n": 1.5}, {"run_id": "b", "v": 2}, {"run_id": "c"}]');
  });

  it('appends with Python separators, also to an empty or missing list', () => {
    expect(spliceRunsText(inner, -1, '{"run_id": "d"}')).toBe(inner.slice(0, -1) + ', {"run_id": "d"}]');
    expect(spliceRunsText('[]', -1, '{"run_id": "d"}')).toBe('[{"run_id": "d"}]');
    expect(spliceRunsText(null, -1, '{"run_id": "d"}')).toBe('[{"run_id": "d"}]');
  });

  it('finds the inner array text of double- and single-encoded columns', () => {
    expect(innerRunsText(pythonJsonDumps(inner))).toBe(inner);
    expect(innerRunsText(inner)).toBe(inner);
    expect(innerRunsText('null')).toBeNull();
  });
});

describe('readRunsColumn', () => {
  it('reads no runs from SQL NULL and the text null, and the runs from a list however encoded', () => {
    expect(readRunsColumn(null)).toEqual({ ok: true, runs: [] });
    expect(readRunsColumn('null')).toEqual({ ok: true, runs: [] });
    expect(readRunsColumn('"[{\\"run_id\\": \\"r\\", \\"x\\": NaN}]"')).toEqual({ ok: true, runs: [{ run_id: 'r', x: Number.NaN }] });
    expect(readRunsColumn(Buffer.from('[{"run_id": "r"}]'))).toEqual({ ok: true, runs: [{ run_id: 'r' }] });
  });

  it('says why it cannot read anything else, rather than reading no runs', () => {
    expect(readRunsColumn('"[{\\"run_id\\": "')).toMatchObject({ ok: false, reason: expect.stringMatching(/not JSON/) });
    expect(readRunsColumn('{"run_id": "r"}')).toMatchObject({ ok: false, reason: expect.stringMatching(/not a list/) });
    expect(readRunsColumn(5)).toMatchObject({ ok: false, reason: expect.stringMatching(/number/) });
  });
});
