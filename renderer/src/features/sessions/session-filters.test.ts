import { describe, expect, it } from 'vitest';
import { readFilters, writeFilters } from './session-filters';

describe('readFilters', () => {
  it('reads every filter from the URL', () => {
    expect(readFilters(new URLSearchParams('type=team&user=u1&q=abc&page=3&limit=50'))).toEqual({
      type: 'team',
      user: 'u1',
      q: 'abc',
      page: 3,
      limit: 50,
    });
  });

  it('falls back to defaults for missing or unusable values', () => {
    expect(readFilters(new URLSearchParams('type=robot&page=-2&limit=33'))).toEqual({ type: undefined, user: '', q: '', page: 1, limit: 20 });
    expect(readFilters(new URLSearchParams('page=abc')).page).toBe(1);
  });
});

describe('writeFilters', () => {
  const params = new URLSearchParams('db=main&type=agent&page=4');
  const current = readFilters(params);

  it('goes back to page 1 when a filter changes, keeping other parameters', () => {
    expect(writeFilters(params, current, { q: 'needle' }).toString()).toBe('db=main&type=agent&q=needle');
  });

  it('keeps the page when the patch is a page', () => {
    expect(writeFilters(params, current, { page: 5 }).toString()).toBe('db=main&type=agent&page=5');
  });

  it('leaves defaults out of the URL', () => {
    expect(writeFilters(params, current, { type: undefined, limit: 20 }).toString()).toBe('db=main');
    expect(writeFilters(params, current, { limit: 100 }).get('limit')).toBe('100');
  });
});
