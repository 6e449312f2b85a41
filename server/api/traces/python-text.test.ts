import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDurationMs, pyFixed2, pyFloatRepr, pyStr, pyTruthy } from './python-text.js';

/** The exact decimal value of a double, as a fraction numerator / 2^k (BigInt). */
function exact(value: number): { numerator: bigint; shift: bigint } {
  const buffer = new DataView(new ArrayBuffer(8));
  buffer.setFloat64(0, value);
  const bits = buffer.getBigUint64(0);
  const exponent = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = exponent === 0 ? fraction : fraction | (1n << 52n);
  const power = (exponent === 0 ? 1 : exponent) - 1075;
  return power >= 0 ? { numerator: mantissa << BigInt(power), shift: 0n } : { numerator: mantissa, shift: BigInt(-power) };
}

/** Two decimals, correctly rounded from the exact binary value, ties to even: Python's `.2f`. */
function referenceFixed2(value: number): string {
  const { numerator, shift } = exact(value);
  const scaled = numerator * 100n;
  const denominator = 1n << shift;
  let q = scaled / denominator;
  const r = scaled - q * denominator;
  if (r * 2n > denominator || (r * 2n === denominator && q % 2n === 1n)) q += 1n;
  return `${q / 100n}.${String(q % 100n).padStart(2, '0')}`;
}

describe('Python number formatting', () => {
  it('When a duration has two-decimal ties, Then seconds round half to even as Python does (7.515 is below the tie, 1.125 a tie)', () => {
    expect(pyFixed2(7.515)).toBe('7.51');
    expect(pyFixed2(1.125)).toBe('1.12');
    expect(pyFixed2(1.375)).toBe('1.38');
    expect(formatDurationMs(30867.0222759247, 'real')).toBe('30.87s');
    expect(formatDurationMs(1125, 'integer')).toBe('1.12s');
  });

  it('When any non-negative duration is formatted with two decimals, Then it equals the exact correctly rounded value', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 0, max: 10_000_000 }).map((ms) => ms / 1000), fc.double({ min: 0, max: 1e7, noNaN: true })), (value) => {
        expect(pyFixed2(value)).toBe(referenceFixed2(value));
      }),
      { numRuns: 20_000 },
    );
  });

  it('When a float is printed, Then it reads as Python repr: .0 on whole numbers, exponents below 1e-4 and from 1e16', () => {
    expect(pyFloatRepr(523)).toBe('523.0');
    expect(pyFloatRepr(523.25)).toBe('523.25');
    expect(pyFloatRepr(0.0001)).toBe('0.0001');
    expect(pyFloatRepr(0.00001)).toBe('1e-05');
    expect(pyFloatRepr(1.5e-7)).toBe('1.5e-07');
    expect(pyFloatRepr(1e16)).toBe('1e+16');
    expect(pyFloatRepr(123456789012345680)).toBe('1.2345678901234568e+17');
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(Number(pyFloatRepr(value))).toBe(value);
      }),
    );
  });

  it('When a duration is under a second, Then it is the stored number in ms, 0 for none', () => {
    expect(formatDurationMs(523, 'integer')).toBe('523ms');
    expect(formatDurationMs(0.5, 'real')).toBe('0.5ms');
    expect(formatDurationMs(null, 'integer')).toBe('0ms');
    expect(formatDurationMs(0, 'real')).toBe('0ms');
  });

  it('When values are stringified or tested, Then they follow str() and truthiness', () => {
    expect(pyStr(true)).toBe('True');
    expect(pyStr(2.5)).toBe('2.5');
    expect(pyStr(7)).toBe('7');
    expect([0, '', null, [], {}, false].map(pyTruthy)).toEqual([false, false, false, false, false, false]);
    expect([1, 'x', [0], { a: 1 }, true].map(pyTruthy)).toEqual([true, true, true, true, true]);
  });
});
