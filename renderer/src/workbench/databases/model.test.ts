import { describe, expect, it } from 'vitest';
import { idFromPath } from './model';

describe('idFromPath', () => {
  it('derives the db_id the desk would from a file name', () => {
    expect(idFromPath('/home/me/My Agents.db')).toBe('My-Agents');
    expect(idFromPath('C:\\data\\agno.sqlite')).toBe('agno');
    expect(idFromPath('/x/default.db')).toBe('default-db');
    expect(idFromPath('')).toBe('');
  });
});
