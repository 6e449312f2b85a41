import { describe, expect, it } from 'vitest';
import { BoundedLru } from './bounded-lru.js';

describe('BoundedLru', () => {
  it('When values pass the byte budget, then the least recently used go first and the bytes stay within it', () => {
    const lru = new BoundedLru<{ bytes: number }>({ maxBytes: 100 }, (v) => v.bytes);
    lru.set('a', { bytes: 40 });
    lru.set('b', { bytes: 40 });
    lru.get('a');
    lru.set('c', { bytes: 40 });
    expect(lru.peek('b')).toBeUndefined();
    expect(lru.peek('a')).toBeDefined();
    expect(lru.stats()).toMatchObject({ entries: 2, bytes: 80, max_bytes: 100, evictions: 1 });
    expect(lru.set('huge', { bytes: 101 })).toBe(false);
    expect(lru.stats().entries).toBe(2);
  });

  it('When a kept value grows and is set again, then its new size counts', () => {
    const lru = new BoundedLru<{ bytes: number }>({ maxBytes: 100 }, (v) => v.bytes);
    const grows = { bytes: 10 };
    lru.set('g', grows);
    lru.set('other', { bytes: 50 });
    grows.bytes = 60;
    expect(lru.set('g', grows)).toBe(true);
    expect(lru.stats().bytes).toBeLessThanOrEqual(100);
    expect(lru.peek('other')).toBeUndefined();
  });

  it('When an owner is dropped, then only its keys go', () => {
    const lru = new BoundedLru<object>({ maxEntries: 10 });
    lru.set('o1\u0000x', {});
    lru.set('o1\u0000y', {});
    lru.set('o2\u0000x', {});
    lru.deletePrefix('o1\u0000');
    expect(lru.size).toBe(1);
    expect(lru.peek('o2\u0000x')).toBeDefined();
  });

  it('When the budget shrinks, then the least recently used go until the rest fits, and they count as evictions', () => {
    const lru = new BoundedLru<{ bytes: number }>({ maxBytes: 100 }, (v) => v.bytes);
    for (const key of ['a', 'b', 'c', 'd']) lru.set(key, { bytes: 25 });
    lru.get('a');
    lru.resize({ maxBytes: 50 });
    expect([...['a', 'b', 'c', 'd']].filter((k) => lru.peek(k) !== undefined)).toEqual(['a', 'd']);
    expect(lru.stats()).toMatchObject({ entries: 2, bytes: 50, max_bytes: 50, evictions: 2 });
    lru.resize({ maxBytes: 20 });
    expect(lru.stats()).toMatchObject({ entries: 0, bytes: 0, max_bytes: 20, evictions: 4 });
    lru.set('e', { bytes: 20 });
    expect(lru.peek('e')).toBeDefined();
  });
});
