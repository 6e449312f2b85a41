import { describe, expect, it } from 'vitest';
import { isEmptyValue } from './empty';

describe('isEmptyValue', () => {
  it.each([
    [null, true],
    [undefined, true],
    [{}, true],
    [[], true],
    [{ a: 1 }, false],
    [[0], false],
    ['', false],
    [0, false],
    [false, false],
  ])('%j → %s', (value, empty) => {
    expect(isEmptyValue(value)).toBe(empty);
  });
});
