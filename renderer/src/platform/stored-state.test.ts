import { describe, expect, it } from 'vitest';
import { shapedLike } from './stored-state';

describe('shapedLike', () => {
  const valid = shapedLike({ token: '', ttl: 3600, scopes: [] as string[], extra: null as unknown });
  it.each([
    [{ token: 'a', ttl: 1, scopes: ['x'], extra: 3 }, true],
    [{ token: 'a', ttl: 1, scopes: ['x'], extra: null }, true],
    [{ token: 'a', ttl: '1', scopes: [], extra: null }, false],
    [{ token: 'a', ttl: 1, scopes: 'x', extra: null }, false],
    [{ token: 'a', ttl: 1, scopes: [] }, false],
    [['a'], false],
    [null, false],
  ])('When the stored value is %j, Then it is taken: %s', (value, ok) => {
    expect(valid(value)).toBe(ok);
  });
});
