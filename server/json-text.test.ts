import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { jsonText } from './json-text.js';

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
});
