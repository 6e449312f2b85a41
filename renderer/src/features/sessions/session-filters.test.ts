import { describe, expect, it } from 'vitest';
import { nextSort, readFilters, writeFilters } from './session-filters';

const DEFAULTS = { view: 'sessions', type: undefined, user: '', q: '', sort: '', order: 'desc', status: '', tool: '', model: '', errors: false, page: 1, limit: 20 };

describe('readFilters', () => {
  it('reads every filter from the URL', () => {
    expect(readFilters(new URLSearchParams('type=team&user=u1&q=abc&page=3&limit=50&view=runs&sort=status&order=asc&status=ERROR&tool=t&model=m&errors=1'))).toEqual({
      view: 'runs',
      type: 'team',
      user: 'u1',
      q: 'abc',
      sort: 'status',
      order: 'asc',
      status: 'ERROR',
      tool: 't',
      model: 'm',
      errors: true,
      page: 3,
      limit: 50,
    });
  });

  it('falls back to defaults for missing or unusable values', () => {
    expect(readFilters(new URLSearchParams('type=robot&page=-2&limit=33&view=x&order=up'))).toEqual(DEFAULTS);
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

describe('nextSort', () => {
  it('sorts a column descending, then ascending, then back to the default', () => {
    const base = readFilters(new URLSearchParams(''));
    const first = nextSort(base, 'user_id');
    expect(first).toEqual({ sort: 'user_id', order: 'desc' });
    const second = nextSort({ ...base, ...first }, 'user_id');
    expect(second).toEqual({ sort: 'user_id', order: 'asc' });
    expect(nextSort({ ...base, ...second }, 'user_id')).toEqual({ sort: '', order: 'desc' });
    expect(writeFilters(new URLSearchParams(''), base, second).toString()).toBe('sort=user_id&order=asc');
  });

  it('a change of view drops the other view’s sort', () => {
    const current = readFilters(new URLSearchParams('sort=user_id'));
    expect(writeFilters(new URLSearchParams('sort=user_id'), current, { view: 'runs' }).toString()).toBe('view=runs');
  });
});
