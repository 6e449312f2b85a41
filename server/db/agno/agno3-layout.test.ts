import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { buildAgnoDb, DEMO, makeAgentRun, makeDemoSessions } from '../../testing/agno-builder.js';
import type { AgnoLayout } from '../../testing/agno-builder.js';
import { makeTempDir } from '../../testing/temp-dir.js';
import { connect } from '../connection.js';
import type { SqliteHandle } from '../connection.js';
import type { SqliteDatabase, StoredRun } from '../types.js';
import { openDatabase } from './database.js';

const NOW_MS = 1_776_000_000_000;
const demo = makeDemoSessions();
const multi = demo.find((s) => s.session_id === DEMO.agentMulti);
const multiRuns = multi?.runs ?? [];

let temp: ReturnType<typeof makeTempDir>;
let file: string;
let db: SqliteDatabase;

function open(layout: AgnoLayout): void {
  file = path.join(temp.dir, 'agno.db');
  buildAgnoDb(file, demo, { layout });
  db = openDatabase({ id: 'agents', path: file, readOnly: false, clock: () => NOW_MS });
}

function withRaw<T>(read: (raw: SqliteHandle) => T, readOnly = true): T {
  const raw = connect(file, { readOnly });
  try {
    return read(raw);
  } finally {
    raw.close();
  }
}

function newRun(seed: string): StoredRun {
  return makeAgentRun({ seed, sessionId: DEMO.agentMulti, agentId: String(multi?.agent_id), agentName: 'A', userId: multi?.user_id ?? null, createdAt: 1_775_900_000, input: `Q ${seed}`, content: `A ${seed}` });
}

beforeEach(() => {
  temp = makeTempDir();
});

afterEach(() => {
  db?.close();
  temp.remove();
});

describe('Given a 2.x session table Agno 3 kept writing to (legacy runs value plus agno_runs rows)', () => {
  beforeEach(() => open('3.x-upgraded'));

  it('When runs are listed, Then the legacy order comes first with the rows’ copies, then the rows only the table has', () => {
    const ids = db.store().listRuns(DEMO.agentMulti, {})?.map((r) => r['run_id']);
    expect(ids).toEqual(multiRuns.map((r) => r['run_id']));
    expect(db.infoSync().runs).toBe(demo.reduce((n, s) => n + (s.runs?.length ?? 0), 0));
  });

  it('When a run row differs from its legacy copy, Then the row answers', () => {
    const half = Math.ceil(multiRuns.length / 2);
    const overlapping = String(multiRuns[half - 1]?.['run_id']);
    withRaw((raw) => raw.prepare("UPDATE agno_runs SET run_data = json_set(run_data, '$.content', 'from the row') WHERE run_id = ?").run(overlapping), false);
    const found = db.store().getRun(DEMO.agentMulti, overlapping, { type: 'agent' });
    expect(found.kind === 'found' && found.run['content']).toBe('from the row');
    expect(db.store().listRuns(DEMO.agentMulti, {})?.find((r) => r['run_id'] === overlapping)?.['content']).toBe('from the row');
  });

  it('When a run is ingested, Then it becomes a run row indexed after the merged runs and the legacy value keeps its bytes', () => {
    const legacyBefore = withRaw((raw) => raw.prepare('SELECT runs FROM agno_sessions WHERE session_id = ?').pluck().get(DEMO.agentMulti));
    const run = newRun('fresh');
    expect(db.store().upsertRun({ sessionId: DEMO.agentMulti, type: 'agent', run, userId: null })).toEqual({ sessionCreated: false, runCreated: true });
    const row = withRaw((raw) => raw.prepare('SELECT run_index, run_type, session_id, updated_at FROM agno_runs WHERE run_id = ?').get(run['run_id']));
    expect(row).toEqual({ run_index: multiRuns.length, run_type: 'agent', session_id: DEMO.agentMulti, updated_at: NOW_MS / 1000 });
    expect(withRaw((raw) => raw.prepare('SELECT runs FROM agno_sessions WHERE session_id = ?').pluck().get(DEMO.agentMulti))).toBe(legacyBefore);
    expect(db.store().listRuns(DEMO.agentMulti, {})?.at(-1)?.['run_id']).toBe(run['run_id']);
  });

  it('When a legacy-only run is ingested again, Then a row takes its place at its position and the legacy value is untouched', () => {
    const first: StoredRun = { ...(multiRuns[0] as StoredRun), content: 'replaced' };
    expect(db.store().upsertRun({ sessionId: DEMO.agentMulti, type: 'agent', run: first, userId: null }).runCreated).toBe(false);
    expect(withRaw((raw) => raw.prepare('SELECT run_index FROM agno_runs WHERE run_id = ?').pluck().get(first['run_id']))).toBe(0);
    const runs = db.store().listRuns(DEMO.agentMulti, {}) ?? [];
    expect(runs[0]?.['content']).toBe('replaced');
    expect(runs).toHaveLength(multiRuns.length);
  });

  it('When the session is deleted, Then its run rows go with it', () => {
    expect(db.store().deleteSession(DEMO.agentMulti, {})).toBe(true);
    expect(withRaw((raw) => raw.prepare('SELECT count(*) FROM agno_runs WHERE session_id = ?').pluck().get(DEMO.agentMulti))).toBe(0);
  });
});

describe('Given an Agno 3 table (runs only in agno_runs)', () => {
  beforeEach(() => open('3.x'));

  it('When another process adds and changes run rows, Then the next reads see them', () => {
    const run = newRun('elsewhere');
    const first = String(multiRuns[0]?.['run_id']);
    expect(db.store().getRun(DEMO.agentMulti, first, { type: 'agent' }).kind).toBe('found');
    withRaw((raw) => {
      raw.prepare("UPDATE agno_runs SET run_data = json_set(run_data, '$.content', 'changed') WHERE run_id = ?").run(first);
      raw
        .prepare('INSERT INTO agno_runs (run_id, session_id, run_type, run_index, run_data, created_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(run['run_id'], DEMO.agentMulti, 'agent', 99, JSON.stringify(run), 1_775_900_000);
    }, false);
    const changed = db.store().getRun(DEMO.agentMulti, first, { type: 'agent' });
    expect(changed.kind === 'found' && changed.run['content']).toBe('changed');
    expect(db.store().getRun(DEMO.agentMulti, String(run['run_id']), { type: 'agent' }).kind).toBe('found');
    expect(db.store().listRuns(DEMO.agentMulti, {})).toHaveLength(multiRuns.length + 1);
  });

  it('When a session is created by ingest, Then the session row has no runs value and its run is row 0', () => {
    const run: StoredRun = { ...newRun('new-session'), session_id: 'born-in-3' };
    expect(db.store().upsertRun({ sessionId: 'born-in-3', type: 'agent', run, userId: 'zoe' })).toEqual({ sessionCreated: true, runCreated: true });
    expect(withRaw((raw) => raw.prepare('SELECT run_index, user_id FROM agno_runs WHERE run_id = ?').get(run['run_id']))).toEqual({ run_index: 0, user_id: 'zoe' });
    expect(db.store().listSessions({ sessionId: 'born-in-3', page: 1, limit: 20, sortOrder: 'desc' }).items[0]?.run_count).toBe(1);
  });

  it('When a session has no run rows, Then a run read says the session has no runs', () => {
    const run = newRun('lonely');
    db.store().upsertRun({ sessionId: 'lonely', type: 'agent', run: { ...run, session_id: 'lonely' }, userId: null });
    withRaw((raw) => raw.prepare("DELETE FROM agno_runs WHERE session_id = 'lonely'").run(), false);
    expect(db.store().getRun('lonely', 'x', { type: 'agent' }).kind).toBe('no-runs');
  });
});

describe('Given an Agno 3 table, whose runs table keys runs by run_id across sessions', () => {
  beforeEach(() => open('3.x'));

  it('When a run is ingested into another session under an id the table holds, Then it is refused and the other session keeps its run', () => {
    const [first] = multiRuns;
    const before = db.store().listRuns(DEMO.agentMulti, {});
    expect(() => db.store().upsertRun({ sessionId: 'elsewhere', type: 'agent', run: { ...first, content: 'overwritten' } as StoredRun, userId: null })).toThrow(/stored in another session/);
    expect(db.store().listRuns(DEMO.agentMulti, {})).toEqual(before);
    expect(db.store().getSession('elsewhere', {})).toBeNull();
  });
});
