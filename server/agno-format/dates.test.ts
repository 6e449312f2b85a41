import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { parseIsoToMicros, parseIsoToMicrosNumber, toIsoDateTime } from './dates.js';

describe('toIsoDateTime', () => {
  it.each([
    [1775298581, '2026-04-04T10:29:41Z'],
    [1775298581.25, '2026-04-04T10:29:41.250000Z'],
    [1775298581.1, '2026-04-04T10:29:41.100000Z'],
    [0, '1970-01-01T00:00:00Z'],
    [-1.5, '1969-12-31T23:59:58.500000Z'],
    ['2026-04-04T10:29:41Z', '2026-04-04T10:29:41Z'],
    ['2026-04-04T12:29:41+02:00', '2026-04-04T10:29:41Z'],
    ['2026-04-04T10:29:41.5', '2026-04-04T10:29:41.500000Z'],
    ['2026-04-04 10:29:41.123456789-0130', '2026-04-04T11:59:41.123456Z'],
    ['2026-04-04', '2026-04-04T00:00:00Z'],
  ])('writes %j as %s', (value, expected) => {
    expect(toIsoDateTime(value)).toBe(expected);
  });

  it.each([[null], [undefined], ['yesterday'], ['2026-02-30T00:00:00Z'], ['1775298581'], [true], [{}], [Number.NaN], [1e12 * 1e3]])(
    'answers null for %j, which is no date',
    (value) => {
      expect(toIsoDateTime(value)).toBeNull();
    },
  );

  it('agrees with Date for whole epoch seconds', () => {
    fc.assert(
      fc.property(fc.integer({ min: -62_135_596_800, max: 253_402_300_799 }), (seconds) => {
        expect(toIsoDateTime(seconds)).toBe(new Date(seconds * 1000).toISOString().replace(/\.000Z$/, 'Z').replace(/^\+0*/, ''));
      }),
    );
  });

  it('reads its own output back unchanged', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 4_000_000_000, noNaN: true }), (seconds) => {
        const iso = toIsoDateTime(seconds);
        expect(iso).not.toBeNull();
        expect(toIsoDateTime(iso)).toBe(iso);
      }),
    );
  });
});

describe('parseIsoToMicrosNumber (the span times of a large trace, read fast)', () => {
  const num = (big: bigint | null) => (big === null ? null : Number(big));
  it('reads every text as parseIsoToMicros does: Agno’s form, other offsets, and what is no time', () => {
    const agnoForm = fc
      .tuple(
        fc.integer({ min: 1000, max: 2200 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 0, max: 25 }),
        fc.integer({ min: 0, max: 59 }),
        fc.integer({ min: 0, max: 59 }),
        fc.option(fc.stringMatching(/^\d{1,9}$/), { nil: undefined }),
        fc.constantFrom('Z', '+00:00', '-05:30', '+14:00', '+24:00', '-00:61'),
      )
      .map(([y, mo, d, h, mi, s, frac, zone]) => {
        const p = (n: number, w = 2) => String(n).padStart(w, '0');
        return `${p(y, 4)}-${p(mo)}-${p(d)}T${p(h)}:${p(mi)}:${p(s)}${frac === undefined ? '' : `.${frac}`}${zone}`;
      });
    fc.assert(
      fc.property(fc.oneof(agnoForm, fc.string()), (text) => {
        expect(parseIsoToMicrosNumber(text)).toBe(num(parseIsoToMicros(text)));
      }),
      { numRuns: 2000 },
    );
  });
});
