import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { deepJsonText, jsonText } from './json-text.js';

describe('jsonText', () => {
  it('writes a negative zero as -0.0 and reads back with its sign', () => {
    expect(jsonText({ a: -0, b: [0, -0], c: '-0' })).toBe('{"a":-0.0,"b":[0,-0.0],"c":"-0"}');
    expect(Object.is((JSON.parse(jsonText([-0])) as number[])[0], -0)).toBe(true);
  });

  it('is JSON.stringify for any value without a negative zero, and reads back to the value with one', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = jsonText(value);
        if (!text.includes('-0.0')) expect(text).toBe(JSON.stringify(value));
        expect(JSON.parse(text)).toEqual(value);
      }),
    );
  });

  it('leaves a string that looks like its mark alone', () => {
    expect(jsonText({ s: '\u0000-0:', n: -0 })).toBe('{"s":"\\u0000-0:","n":-0.0}');
  });

  it('writes by an explicit stack exactly what it writes by recursion, for any value (undefined members and toJSON included)', () => {
    const extra = fc.oneof(fc.constant(undefined), fc.constant(new Date(0)), fc.constant(-0), fc.constant(Number.NaN));
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, fc.jsonValue(), extra, fc.array(tie('node')), fc.dictionary(fc.string(), tie('node'))),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        expect(deepJsonText(v)).toBe(jsonText(v));
      }),
    );
  });

  it('writes a value nested 100,000 levels deep, which JSON.stringify cannot', () => {
    const root: Record<string, unknown> = {};
    let at = root;
    for (let i = 0; i < 100_000; i++) {
      const next: Record<string, unknown> = { id: i, n: -0 };
      at['spans'] = [next];
      at = next;
    }
    expect(() => JSON.stringify(root)).toThrow(RangeError);
    const text = jsonText(root);
    expect(text.startsWith('{"spans":[{"id":0,"n":-0.0,"spans":[{"id":1,')).toBe(true);
    expect(text.endsWith('{"id":99999,"n":-0.0}' + ']}'.repeat(100_000))).toBe(true);
  });
});
