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
});
