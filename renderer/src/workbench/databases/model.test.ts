import { describe, expect, it } from 'vitest';
import { idFromPath } from './model';

describe('idFromPath', () => {
  it('derives a valid db_id from a file name', () => {
    expect(idFromPath('/home/me/My Agents.db')).toBe('my-agents');
    expect(idFromPath('C:\\data\\agno.sqlite')).toBe('agno');
    expect(idFromPath('/x/default.db')).toBe('default-1');
  });
});
