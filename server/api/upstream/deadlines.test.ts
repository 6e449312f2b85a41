import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDeadlines, type DeadlineEntry } from './deadlines.js';

interface Entry extends DeadlineEntry {
  name: string;
}

const entry = (name: string): Entry => ({ name, deadline: 0, lane: null, prev: null, next: null });

describe('Given the deadlines of forwarded exchanges', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const make = () => {
    const expired: string[] = [];
    const deadlines = createDeadlines<Entry>((e) => expired.push(e.name), () => Date.now());
    return { expired, deadlines };
  };

  it('When its time passes, then an entry expires, and not a millisecond before', () => {
    const { expired, deadlines } = make();
    deadlines.add(entry('a'), 300);
    vi.advanceTimersByTime(299);
    expect(expired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(expired).toEqual(['a']);
  });

  it('When an entry is removed first (the upstream answered), then it never expires', () => {
    const { expired, deadlines } = make();
    const a = entry('a');
    deadlines.add(a, 300);
    deadlines.remove(a);
    vi.advanceTimersByTime(10_000);
    expect(expired).toEqual([]);
    expect(a.lane).toBeNull();
  });

  it('When entries of one duration are added over time, then each expires at its own deadline, oldest first, with one timer', () => {
    const { expired, deadlines } = make();
    deadlines.add(entry('a'), 100);
    vi.advanceTimersByTime(30);
    deadlines.add(entry('b'), 100);
    vi.advanceTimersByTime(30);
    deadlines.add(entry('c'), 100);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(40);
    expect(expired).toEqual(['a']);
    vi.advanceTimersByTime(30);
    expect(expired).toEqual(['a', 'b']);
    vi.advanceTimersByTime(30);
    expect(expired).toEqual(['a', 'b', 'c']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('When the timeout setting shrinks, then an entry with the shorter duration expires before older, longer ones', () => {
    const { expired, deadlines } = make();
    deadlines.add(entry('long'), 1000);
    deadlines.add(entry('short'), 100);
    vi.advanceTimersByTime(100);
    expect(expired).toEqual(['short']);
    vi.advanceTimersByTime(900);
    expect(expired).toEqual(['short', 'long']);
  });

  it('When the expiry of one entry removes another, then the other does not expire', () => {
    const b = entry('b');
    const expired: string[] = [];
    const deadlines = createDeadlines<Entry>(
      (e) => {
        expired.push(e.name);
        deadlines.remove(b);
      },
      () => Date.now(),
    );
    deadlines.add(entry('a'), 100);
    vi.advanceTimersByTime(50);
    deadlines.add(b, 100);
    vi.advanceTimersByTime(200);
    expect(expired).toEqual(['a']);
  });

  it('When the list is cleared (the forwarder closes), then no timer is left and nothing expires', () => {
    const { expired, deadlines } = make();
    deadlines.add(entry('a'), 100);
    deadlines.add(entry('b'), 500);
    deadlines.clear();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(expired).toEqual([]);
  });

  it('When the same entry is added twice while listed, then that is refused', () => {
    const { deadlines } = make();
    const a = entry('a');
    deadlines.add(a, 100);
    expect(() => deadlines.add(a, 100)).toThrow(/already listed/);
  });

  it('When any mix of adds, removals and waits happens, then exactly the entries whose time passed unremoved have expired, each once', () => {
    type Step = { kind: 'add'; ms: number } | { kind: 'remove'; pick: number } | { kind: 'wait'; ms: number };
    const step = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), ms: fc.constantFrom(50, 100, 300) }),
      fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 200 }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps: Step[]) => {
        vi.clearAllTimers();
        const { expired, deadlines } = make();
        const model: Array<{ name: string; at: number; removed: boolean; e: Entry }> = [];
        for (const s of steps) {
          if (s.kind === 'add') {
            const e = entry(String(model.length));
            model.push({ name: e.name, at: Date.now() + s.ms, removed: false, e });
            deadlines.add(e, s.ms);
          } else if (s.kind === 'remove') {
            const m = model.length ? model[s.pick % model.length] : undefined;
            if (m && !(m.at <= Date.now())) m.removed = true;
            if (m) deadlines.remove(m.e);
          } else {
            vi.advanceTimersByTime(s.ms);
          }
          const due = model.filter((m) => !m.removed && m.at <= Date.now()).map((m) => m.name);
          expect([...expired].sort()).toEqual([...due].sort());
        }
        deadlines.clear();
      }),
      { numRuns: 200 },
    );
  });
});
