import { describe, expect, it } from 'vitest';
import { compactJson } from './json';

describe('compactJson', () => {
  it('keeps small values on one line', () => {
    expect(compactJson({ city: 'Lisbon', days: 2 })).toBe('{ "city": "Lisbon", "days": 2 }');
    expect(compactJson([1, 2, 3])).toBe('[1, 2, 3]');
    expect(compactJson({})).toBe('{}');
    expect(compactJson('x')).toBe('"x"');
  });

  it('breaks only the parts that do not fit', () => {
    const value = { city: 'Lisbon', forecast: [{ day: 0, high: 20, low: 10 }, { day: 1, high: 21, low: 11 }], note: 'n'.repeat(30) };
    expect(compactJson(value, 60)).toBe(
      [
        '{',
        '  "city": "Lisbon",',
        '  "forecast": [',
        '    { "day": 0, "high": 20, "low": 10 },',
        '    { "day": 1, "high": 21, "low": 11 }',
        '  ],',
        `  "note": "${'n'.repeat(30)}"`,
        '}',
      ].join('\n'),
    );
  });

  it('always produces JSON that parses back to the same value', () => {
    const value = { a: [1, { b: 'two', c: [true, null, 3.5] }], d: 'x'.repeat(100), e: { f: { g: { h: [] } } } };
    expect(JSON.parse(compactJson(value, 40))).toEqual(value);
  });

  it('survives cycles', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    expect(compactJson(a)).toContain('[circular]');
  });
});
