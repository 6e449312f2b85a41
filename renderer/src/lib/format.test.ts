import { describe, expect, it } from 'vitest';
import { formatCompact, formatCost, formatCount, formatDuration, formatRelative, preview, shortId, toDate } from './format';

describe('formatDuration', () => {
  it('shows sub-second durations in milliseconds', () => {
    expect(formatDuration(0.82)).toBe('820 ms');
    expect(formatDuration(0.0004)).toBe('<1 ms');
  });
  it('shows seconds with one or two decimals', () => {
    expect(formatDuration(16.49)).toBe('16.5 s');
    expect(formatDuration(2.5)).toBe('2.5 s');
    expect(formatDuration(1)).toBe('1 s');
  });
  it('shows minutes and hours with padded parts', () => {
    expect(formatDuration(125)).toBe('2m 05s');
    expect(formatDuration(3725)).toBe('1h 02m');
  });
  it('shows a dash for missing or invalid values', () => {
    expect(formatDuration(undefined)).toBe('—');
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(-1)).toBe('—');
    expect(formatDuration(Number.NaN)).toBe('—');
  });
});

describe('token counts', () => {
  it('groups thousands', () => {
    expect(formatCount(4251)).toBe('4,251');
    expect(formatCount(null)).toBe('—');
  });
  it('compacts large numbers', () => {
    expect(formatCompact(950)).toBe('950');
    expect(formatCompact(4251)).toBe('4.3k');
    expect(formatCompact(4000)).toBe('4k');
    expect(formatCompact(42_510)).toBe('43k');
    expect(formatCompact(1_250_000)).toBe('1.25M');
    expect(formatCompact(undefined)).toBe('—');
  });
});

describe('formatCost', () => {
  it('keeps three significant digits below a cent', () => {
    expect(formatCost(0.001234)).toBe('$0.00123');
    expect(formatCost(1.5)).toBe('$1.50');
    expect(formatCost(0)).toBe('$0');
  });
});

describe('toDate', () => {
  it('reads ISO strings, epoch seconds and epoch milliseconds', () => {
    expect(toDate('2026-04-04T10:29:41Z')?.toISOString()).toBe('2026-04-04T10:29:41.000Z');
    expect(toDate(1775298581)?.toISOString()).toBe('2026-04-04T10:29:41.000Z');
    expect(toDate(1775298581000)?.toISOString()).toBe('2026-04-04T10:29:41.000Z');
    expect(toDate('1775298581')?.toISOString()).toBe('2026-04-04T10:29:41.000Z');
  });
  it('returns null for garbage', () => {
    expect(toDate('not a date')).toBeNull();
    expect(toDate(undefined)).toBeNull();
    expect(toDate({})).toBeNull();
  });
});

describe('formatRelative', () => {
  const now = Date.parse('2026-04-04T12:00:00Z');
  it('describes recent times relative to a frozen clock', () => {
    expect(formatRelative('2026-04-04T11:59:58Z', now)).toBe('just now');
    expect(formatRelative('2026-04-04T11:59:30Z', now)).toBe('30s ago');
    expect(formatRelative('2026-04-04T11:57:00Z', now)).toBe('3m ago');
    expect(formatRelative('2026-04-04T09:00:00Z', now)).toBe('3h ago');
    expect(formatRelative('2026-04-01T12:00:00Z', now)).toBe('3d ago');
    expect(formatRelative('2026-04-04T23:30:00Z', now)).toBe('in 11h');
    expect(formatRelative(new Date('2026-04-04T12:10:00Z'), now)).toBe('in 10m');
  });
});

describe('ids and previews', () => {
  it.each([
    ['3f2a9c1e-1111-2222-3333-444444444444', '3f2a9c1e'],
    ['run-1', 'run-1'],
    ['demo-run-weather-1', 'demo-run-weather-1'],
    ['a-very-long-readable-identifier-of-a-run', 'a-very-long-readable-ident…'],
    [null, '—'],
  ])('shortens uuid-like ids and keeps readable ones: %s → %s', (id, short) => {
    expect(shortId(id)).toBe(short);
  });
  it('collapses whitespace and truncates with an ellipsis', () => {
    expect(preview('  hello \n\n world  ')).toBe('hello world');
    expect(preview('x'.repeat(10), 5)).toBe('xxxx…');
    expect(preview({ a: 1 })).toBe('{"a":1}');
  });
});
