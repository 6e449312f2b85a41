import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { AccessScope } from '../../access/scope.js';
import { encodeRunRow, encodeSessionRow, makeAgentRun, runsTableDdl, sessionTableDdl } from '../../testing/agno-builder.js';
import type { AgnoSessionRecord } from '../../testing/agno-builder.js';
import { makeTempDir } from '../../testing/temp-dir.js';
import { connect } from '../connection.js';
import type { SqliteDatabase, StoredRun } from '../types.js';
import { AmbiguousSessionError } from '../errors.js';
import { openDatabase } from './database.js';

/**
 * A session table written by hand or by an old tool may lack Agno's `PRIMARY KEY (session_id)`,
 * so two rows can share an id. The platform reads the first row SQLite returns for the id (the
 * lowest rowid among the rows its filter keeps); rundesk reads that row. A write addresses exactly
 * one row — (session_id, type when given, the caller's scope) — and refuses with
 * `AmbiguousSessionError` when several still match: it never changes several, never picks one.
 */

const NOW_MS = 1_776_000_000_000;
let temp: ReturnType<typeof makeTempDir>;
let file: string;
let db: SqliteDatabase;

function run(seed: string, userId: string): StoredRun {
  return makeAgentRun({
    seed,
    sessionId: 'dup',
    agentId: 'agent-a',
    agentName: 'Agent A',
    userId,
    createdAt: 1_775_900_000,
    input: `Question ${seed}`,
    content: `Answer ${seed}`,
  });
}

function record(userId: string, runs: StoredRun[], name: string): AgnoSessionRecord {
  return {
    session_id: 'dup',
    session_type: 'agent',
    agent_id: 'agent-a',
    user_id: userId,
    session_data: { session_name: name },
    agent_data: { name: 'Agent A', agent_id: 'agent-a' },
    runs,
    created_at: 1_775_800_000,
  };
}

/** Two `dup` rows (alice's first, bob's second) in a session table without a primary key. */
function buildDuplicates(layout: '2.x' | '3.x', withoutRowid = false): void {
  const handle = connect(file, { readOnly: false, create: true, wal: false });
  try {
    for (const ddl of sessionTableDdl('agno_sessions', layout === '2.x')) {
      handle.exec(
        withoutRowid && ddl.startsWith('CREATE TABLE')
          ? `${ddl.replace('PRIMARY KEY (session_id)', 'PRIMARY KEY (session_id, user_id)')} WITHOUT ROWID`
          : ddl.replace(', \n\tPRIMARY KEY (session_id)', ''),
      );
    }
    // Without the foreign key: SQLite refuses writes to a child whose parent key is not unique.
    if (layout === '3.x') for (const ddl of runsTableDdl('agno_runs', 'agno_sessions')) handle.exec(ddl.replace(/, \n\tFOREIGN KEY[^\n]*/, ''));
    const sessions = [record('alice', [run('a1', 'alice')], 'first'), record('bob', [run('b1', 'bob')], 'second')];
    for (const session of sessions) {
      const row = encodeSessionRow(session);
      if (layout === '3.x') delete row['runs'];
      const names = Object.keys(row);
      handle.prepare(`INSERT INTO agno_sessions (${names.join(', ')}) VALUES (${names.map((n) => `@${n}`).join(', ')})`).run(row);
      if (layout === '3.x') {
        const runRow = encodeRunRow(session, (session.runs as StoredRun[])[0] as StoredRun, 0);
        const runNames = Object.keys(runRow);
        handle.prepare(`INSERT INTO agno_runs (${runNames.join(', ')}) VALUES (${runNames.map((n) => `@${n}`).join(', ')})`).run(runRow);
      }
    }
  } finally {
    handle.close();
  }
}

/** Every `dup` row as stored, in rowid order. */
function rows(): Array<Record<string, unknown>> {
  const handle = connect(file, { readOnly: true });
  try {
    return handle.prepare("SELECT * FROM agno_sessions WHERE session_id = 'dup' ORDER BY user_id").all() as Array<Record<string, unknown>>;
  } finally {
    handle.close();
  }
}

function runRowCount(): number {
  const handle = connect(file, { readOnly: true });
  try {
    return (handle.prepare('SELECT count(*) AS n FROM agno_runs').get() as { n: number }).n;
  } finally {
    handle.close();
  }
}

const patch = { session_name: 'renamed', updated_at: 1_776_000_000 };

beforeEach(() => {
  temp = makeTempDir();
  file = path.join(temp.dir, 'agno.db');
});

afterEach(() => {
  db?.close();
  temp.remove();
});

describe('an Agno 2 session table where two rows share a session_id', () => {
  beforeEach(() => {
    buildDuplicates('2.x');
    db = openDatabase({ id: 'agents', path: file, readOnly: false, clock: () => NOW_MS });
  });

  it('reads the first row, as the platform does', () => {
    expect(db.store().getSession('dup', {})?.user_id).toBe('alice');
    expect(db.store().getSession('dup', { scope: AccessScope.user('bob') })?.user_id).toBe('bob');
  });

  it('an ingested run goes into the row that is read, and the other row keeps its bytes', () => {
    const before = rows();
    expect(db.store().upsertRun({ sessionId: 'dup', type: 'agent', run: run('a2', 'alice'), userId: null })).toEqual({
      sessionCreated: false,
      runCreated: true,
    });
    const after = rows();
    expect(after).toHaveLength(2);
    expect(after[1]).toEqual(before[1]);
    expect(db.store().listRuns('dup', {})?.map((r) => r['run_id'])).toEqual([run('a1', 'alice')['run_id'], run('a2', 'alice')['run_id']]);
  });

  it('a rename changes only the row its scope reads', () => {
    const before = rows();
    expect(db.store().updateSession('dup', patch, { scope: AccessScope.user('bob') })).toBe(true);
    const after = rows();
    expect(after[0]).toEqual(before[0]);
    expect(after[1]?.['session_data']).not.toEqual(before[1]?.['session_data']);
    expect(db.store().updateSession('dup', { ...patch, session_name: 'again' }, { scope: AccessScope.user('alice') })).toBe(true);
    const last = rows();
    expect(last[1]).toEqual(after[1]);
    expect(last[0]?.['session_data']).not.toEqual(after[0]?.['session_data']);
  });

  it('a rename, update or delete without a user scope matches both rows: refused naming both users, nothing written', () => {
    const before = rows();
    for (const write of [() => db.store().updateSession('dup', patch, {}), () => db.store().deleteSession('dup', { type: 'agent' })]) {
      let error: unknown;
      try {
        write();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(AmbiguousSessionError);
      expect((error as AmbiguousSessionError).userIds).toEqual(['alice', 'bob']);
    }
    expect(rows()).toEqual(before);
  });

  it('a run ingested by the second row’s user goes into the row that user reads, not into the first row', () => {
    const before = rows();
    expect(db.store().upsertRun({ sessionId: 'dup', type: 'agent', run: run('b2', 'bob'), userId: 'bob' })).toEqual({
      sessionCreated: false,
      runCreated: true,
    });
    expect(rows()[0]).toEqual(before[0]);
    const bobs = { scope: AccessScope.user('bob') };
    expect(db.store().listRuns('dup', bobs)?.map((r) => r['run_id'])).toEqual([run('b1', 'bob')['run_id'], run('b2', 'bob')['run_id']]);
  });

  it('a scoped delete removes only that user’s row', () => {
    const before = rows();
    expect(db.store().deleteSession('dup', { scope: AccessScope.user('bob') })).toBe(true);
    expect(rows()).toEqual([before[0]]);
  });
});

describe('an Agno 3 session table where two rows share a session_id', () => {
  beforeEach(() => {
    buildDuplicates('3.x');
    db = openDatabase({ id: 'agents', path: file, readOnly: false, clock: () => NOW_MS });
  });

  it('deleting one row keeps the run rows the remaining row still answers', () => {
    expect(runRowCount()).toBe(2);
    expect(() => db.store().deleteSession('dup', {})).toThrow(AmbiguousSessionError);
    expect(db.store().deleteSession('dup', { scope: AccessScope.user('alice') })).toBe(true);
    expect(rows().map((r) => r['user_id'])).toEqual(['bob']);
    expect(runRowCount()).toBe(2);
    expect(db.store().listRuns('dup', {})).toHaveLength(2);
    expect(db.store().deleteSession('dup', {})).toBe(true);
    expect(runRowCount()).toBe(0);
  });

  it('a run ingested by the second row’s user touches that user’s row only', () => {
    const before = rows();
    db.store().upsertRun({ sessionId: 'dup', type: 'agent', run: run('b2', 'bob'), userId: 'bob' });
    const after = rows();
    expect(after[0]).toEqual(before[0]);
    expect(after[1]?.['updated_at']).toBe(NOW_MS / 1000);
  });

  it('an ingested run touches only the row that is read', () => {
    const before = rows();
    db.store().upsertRun({ sessionId: 'dup', type: 'agent', run: run('a2', 'alice'), userId: null });
    const after = rows();
    expect(after[1]).toEqual(before[1]);
    expect(after[0]?.['updated_at']).toBe(NOW_MS / 1000);
  });
});

describe('an Agno 2 session table where an agent row and a team row of one user share a session_id', () => {
  beforeEach(() => {
    buildDuplicates('2.x');
    const handle = connect(file, { readOnly: false });
    handle.prepare("UPDATE agno_sessions SET user_id = 'alice', session_type = 'team', team_id = 'crew' WHERE user_id = 'bob'").run();
    handle.close();
    db = openDatabase({ id: 'agents', path: file, readOnly: false, clock: () => NOW_MS });
  });

  it('a rename with type team changes the team row only, and the team row is what a read with type team answers', () => {
    const before = rows();
    expect(db.store().updateSession('dup', patch, { type: 'team' })).toBe(true);
    const [agent, team] = rows().sort((a, b) => String(a['session_type']).localeCompare(String(b['session_type'])));
    expect(agent).toEqual(before.find((r) => r['session_type'] === 'agent'));
    expect(team?.['session_data']).toContain('renamed');
    expect(db.store().getSession('dup', { type: 'team' })?.session_data).toEqual({ session_name: 'renamed' });
    expect(db.store().getSession('dup', { type: 'agent' })?.session_data).toEqual({ session_name: 'first' });
  });

  it('without a type both rows match: refused, naming the types', () => {
    expect(() => db.store().updateSession('dup', patch, {})).toThrow(/session_type agent, team/);
  });
});

describe('a WITHOUT ROWID session table whose primary key repeats the session_id', () => {
  beforeEach(() => {
    buildDuplicates('2.x', true);
    db = openDatabase({ id: 'agents', path: file, readOnly: false, clock: () => NOW_MS });
  });

  it('writes and deletes one row by its primary key only', () => {
    const before = rows();
    db.store().upsertRun({ sessionId: 'dup', type: 'agent', run: run('a2', 'alice'), userId: null });
    expect(rows()[1]).toEqual(before[1]);
    expect(db.store().deleteSession('dup', { scope: AccessScope.user('alice') })).toBe(true);
    expect(rows()).toEqual([before[1]]);
  });
});
