import { describe, expect, it } from 'vitest';
import { idFromPath } from './model';

describe('idFromPath', () => {
  it.each([
    ['/home/me/My Agents.db', 'My-Agents'],
    ['C:\\data\\agno.sqlite', 'agno'],
    ['/x/default.db', 'default-db'],
    ['', ''],
  ])('derives the db_id the desk would from the file name %j: %j', (file, id) => {
    expect(idFromPath(file)).toBe(id);
  });
});
