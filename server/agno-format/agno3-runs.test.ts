import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeOrder, mergeRuns, runTypeOf } from './agno3-runs.js';

const run = (id: unknown, from: string) => ({ run_id: id, from });

describe('mergeRuns (Agno 3 reading a runs table beside a legacy runs value)', () => {
  it('answers the table in its order when there is no legacy value', () => {
    const table = [run('a', 't'), run('b', 't')];
    expect(mergeRuns(table, null)).toEqual(table);
    expect(mergeRuns(table, [])).toEqual(table);
  });

  it('walks the legacy order, takes the table copy of a shared id, drops legacy elements without an id, then appends table-only runs', () => {
    const legacy = [run('a', 'l'), 'junk', { content: 'no id' }, run(null, 'l'), run('b', 'l'), run('a', 'l')];
    const table = [run('c', 't'), run('b', 't'), run('d', 't')];
    expect(mergeRuns(table, legacy)).toEqual([run('a', 'l'), run('b', 't'), run('a', 'l'), run('c', 't'), run('d', 't')]);
  });

  it('keeps every table run and every legacy id exactly once per legacy occurrence (property)', () => {
    const ids = fc.constantFrom<string>('a', 'b', 'c', 'd', 'e');
    fc.assert(
      fc.property(fc.uniqueArray(ids), fc.array(ids), (tableIds, legacyIds) => {
        const merged = mergeRuns(tableIds.map((i) => run(i, 't')), legacyIds.map((i) => run(i, 'l'))) as Array<{ run_id: string; from: string }>;
        expect(merged).toHaveLength(legacyIds.length + tableIds.filter((i) => !legacyIds.includes(i)).length);
        for (const m of merged) expect(m.from).toBe(tableIds.includes(m.run_id) ? 't' : 'l');
        expect(merged.slice(0, legacyIds.length).map((m) => m.run_id)).toEqual(legacyIds);
      }),
    );
  });
});

describe('mergeOrder (mergeRuns by ids, for reading each run where it lies)', () => {
  it('names the source of each run mergeRuns answers, in its order (property)', () => {
    const id = fc.constantFrom<string>('a', 'b', 'c', 'd', 'e');
    fc.assert(
      fc.property(fc.uniqueArray(id), fc.array(fc.option(id)), (tableIds, legacyIds) => {
        const table = tableIds.map((i, position) => ({ run_id: i, position }));
        const legacy = legacyIds.map((i, object) => ({ run_id: i, object }));
        const expected = mergeRuns(table, legacy);
        const sources = mergeOrder(tableIds, legacyIds);
        expect(sources.map((s) => (s.from === 'table' ? table[s.position] : legacy[s.object]))).toEqual(expected);
      }),
    );
  });
});

describe('runTypeOf', () => {
  it('names the kind by id, then by name, else workflow', () => {
    expect(runTypeOf({ agent_id: 'x' })).toBe('agent');
    expect(runTypeOf({ agent_name: 'x', team_id: 't' })).toBe('agent');
    expect(runTypeOf({ team_name: 'x' })).toBe('team');
    expect(runTypeOf({ agent_id: '', workflow_id: 'w' })).toBe('workflow');
  });
});
