import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ConflictError, ValidationError } from '../../errors.js';
import { pythonJsonDumps } from '../../agno-format/python-json.js';
import { buildAgnoDb, DEMO, makeAgentRun, makeDemoSessions } from '../../testing/agno-builder.js';
import { makeTempDir } from '../../testing/temp-dir.js';
import { connect } from '../connection.js';
import type { SqliteHandle } from '../connection.js';
import type { SqliteDatabase as Database, StoredRun } from '../types.js';
import { topLevelArraySpans } from '../../agno-format/codec.js';
import { openDatabase } from './database.js';
import { AccessScope } from '../../access/scope.js';

const NOW_MS = 1_776_000_000_000; // 2026-04-12T13:20:00Z, frozen
let temp: ReturnType<typeof makeTempDir>;
let file: string;
let db: Database;
let raw: SqliteHandle;

function rawRow(sessionId: string): Record<string, unknown> {
  return raw.prepare('SELECT *, typeof(team_data) AS team_data_type FROM agno_sessions WHERE session_id = ?').get(sessionId) as Record<string, unknown>;
}

function runsText(sessionId: string): string {
  return JSON.parse(String(rawRow(sessionId)['runs'])) as string;
}

function run(seed: string, extra: Partial<Parameters<typeof makeAgentRun>[0]> = {}): StoredRun {
  return makeAgentRun({
    seed,
    sessionId: 'ingested',
    agentId: 'ingest-agent',
    agentName: 'Ingest Agent',
    userId: 'alice',
    createdAt: 1_775_900_000,
    input: `Question ${seed}`,
    content: `Answer ${seed} — café`,
    ...extra,
  });
}

beforeEach(() => {
  temp = makeTempDir();
  file = path.join(temp.dir, 'agno.db');
  buildAgnoDb(file, makeDemoSessions());
  db = openDatabase({ id: 'agents', path: file, readOnly: false, clock: () => NOW_MS });
  raw = connect(file, { readOnly: true });
});

afterEach(() => {
  raw.close();
  db.close();
  temp.remove();
});

describe('upsertRun on a writable agno table', () => {
  it('creates a session in the encodings agno writes', () => {
    const first = run('a');
    expect(db.store().upsertRun({ sessionId: 'ingested', type: 'agent', run: first, userId: null })).toEqual({
      sessionCreated: true,
      runCreated: true,
    });
    const row = rawRow('ingested');
    expect(row).toMatchObject({
      session_type: 'agent',
      agent_id: 'ingest-agent',
      user_id: 'alice',
      team_data: null,
      team_data_type: 'null',
      metadata: 'null',
      summary: 'null',
      created_at: 1_775_900_000,
      updated_at: 1_775_900_000,
      agent_data: pythonJsonDumps(pythonJsonDumps({ name: 'Ingest Agent', agent_id: 'ingest-agent' })),
      session_data: pythonJsonDumps(pythonJsonDumps({ session_state: {} })),
    });
    // Double-encoded, Python separators, ASCII escapes.
    expect(row['runs']).toBe(pythonJsonDumps(pythonJsonDumps([first])));
    expect(String(row['runs'])).toContain('caf\\\\u00e9');
  });

  it('appends a new run, bumps updated_at and keeps the other runs byte for byte', () => {
    const before = runsText(DEMO.agentMulti);
    const added = run('b', { sessionId: DEMO.agentMulti, userId: 'olivia', agentId: 'travel-concierge' });
    const result = db.store().upsertRun({ sessionId: DEMO.agentMulti, type: 'agent', run: added, userId: null });
    expect(result).toEqual({ sessionCreated: false, runCreated: true });
    const after = runsText(DEMO.agentMulti);
    expect(after).toBe(`${before.slice(0, -1)}, ${pythonJsonDumps(added)}]`);
    expect(rawRow(DEMO.agentMulti)['updated_at']).toBe(NOW_MS / 1000);
  });

  it('replaces a run in place by run_id, leaving its neighbours untouched', () => {
    const before = runsText(DEMO.agentMulti);
    const spans = topLevelArraySpans(before) ?? [];
    const runs = JSON.parse(before) as StoredRun[];
    const changed = { ...runs[1], status: 'ERROR', content: 'replaced' } as StoredRun;
    const result = db.store().upsertRun({ sessionId: DEMO.agentMulti, type: 'agent', run: changed, userId: null });
    expect(result).toEqual({ sessionCreated: false, runCreated: false });
    const after = runsText(DEMO.agentMulti);
    expect((JSON.parse(after) as StoredRun[]).map((r) => r['run_id'])).toEqual(runs.map((r) => r['run_id']));
    const [s0, s1, s2] = spans as [{ start: number; end: number }, { start: number; end: number }, { start: number; end: number }];
    expect(after.slice(0, s1.start)).toBe(before.slice(0, s1.start));
    expect(after.slice(s1.start).endsWith(before.slice(s2.start))).toBe(true);
    expect(before.slice(s0.start, s0.end)).toBe(after.slice(s0.start, s0.end));
    const found = db.store().getRun(DEMO.agentMulti, String(changed['run_id']), { type: 'agent' });
    expect(found.kind === 'found' && found.run['content']).toBe('replaced');
  });

  it('writes a new workflow session with workflow defaults', () => {
    db.store().upsertRun({
      sessionId: 'wf',
      type: 'workflow',
      run: { run_id: 'w1', workflow_id: 'pipeline', workflow_name: 'Pipeline', input: 'go', created_at: 1_775_900_000 },
      userId: 'ivan',
    });
    expect(rawRow('wf')).toMatchObject({
      session_type: 'workflow',
      workflow_id: 'pipeline',
      agent_data: null,
      metadata: '"{}"',
      summary: 'null',
      workflow_data: pythonJsonDumps(pythonJsonDumps({ workflow_id: 'pipeline', name: 'Pipeline' })),
    });
    expect(db.store().listSessions({ page: 1, limit: 5, sortOrder: 'desc', sessionId: 'wf' }).items[0]?.session_name).toBe('go');
  });

  it("stamps the caller's user id on the session and the run", () => {
    db.store().upsertRun({ sessionId: 'stamped', type: 'agent', run: run('c'), userId: 'bob' });
    expect(rawRow('stamped')['user_id']).toBe('bob');
    const found = db.store().getRun('stamped', String(run('c')['run_id']), { type: 'agent', scope: AccessScope.user('bob') });
    expect(found.kind === 'found' && found.run['user_id']).toBe('bob');
  });

  it('refuses a run for a session of another type or another user', () => {
    const store = db.store();
    // A run of no user: only the type is wrong (a run of another user is refused for that first).
    const { user_id: _owner, ...anyone } = run('d');
    expect(() => store.upsertRun({ sessionId: DEMO.teamStored, type: 'agent', run: anyone, userId: null })).toThrow(
      new ConflictError(`Session with ID ${DEMO.teamStored} is a team session; send the run with type=team`),
    );
    expect(() => store.upsertRun({ sessionId: DEMO.agentSingle, type: 'agent', run: run('d'), userId: 'mallory' })).toThrow(
      /belongs to another user/,
    );
    expect(() => store.upsertRun({ sessionId: 'x', type: 'agent', run: { content: 'no id' }, userId: null })).toThrow(ValidationError);
  });

  it('deletes a session only under the filter', () => {
    const store = db.store();
    expect(store.deleteSession(DEMO.agentSingle, { scope: AccessScope.none() })).toBe(false);
    expect(store.deleteSession(DEMO.agentSingle, { scope: AccessScope.user('someone-else') })).toBe(false);
    expect(store.deleteSession(DEMO.agentSingle, { type: 'team' })).toBe(false);
    expect(store.deleteSession(DEMO.agentSingle, { scope: AccessScope.user('frank'), type: 'agent' })).toBe(true);
    expect(store.getSession(DEMO.agentSingle, {})).toBeNull();
    expect(store.deleteSession(DEMO.agentSingle, {})).toBe(false);
  });

  it('stores hostile ids as plain values', () => {
    const hostile = "x'; DROP TABLE agno_sessions; --";
    db.store().upsertRun({ sessionId: hostile, type: 'agent', run: { run_id: 'x" OR 1=1 --' }, userId: null });
    expect(db.store().getRun(hostile, 'x" OR 1=1 --', { type: 'agent' }).kind).toBe('found');
    expect(db.infoSync().sessions).toBe(12);
  });
});

describe('a writable attachment shared with a running agent', () => {
  it('keeps the rollback-journal mode the agent left, and writes in it', () => {
    db.store().upsertRun({ sessionId: 'mode', type: 'agent', run: run('m'), userId: null });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('delete');
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });

  it('reads and writes while another process writes the same file, without SQLITE_BUSY, when the agent chose WAL', async () => {
    // rundesk never switches a file to WAL; in rollback-journal mode a long foreign write is a 503 DATABASE_BUSY.
    db.close();
    connect(file, { readOnly: false, wal: true }).close();
    db = openDatabase({ id: 'agents', path: file, readOnly: false, clock: () => NOW_MS });
    const childWrites = 150;
    const script = `
      const Database = require(process.argv[1]);
      const [file, sessionId, count] = process.argv.slice(2);
      const db = new Database(file, { timeout: 5000 });
      const read = db.prepare('SELECT runs FROM agno_sessions WHERE session_id = ?');
      const save = db.prepare('INSERT INTO agno_sessions (session_id, session_type, runs, created_at, updated_at) VALUES (?, ?, ?, ?, ?) ' +
        'ON CONFLICT (session_id) DO UPDATE SET runs = excluded.runs, updated_at = excluded.updated_at');
      process.stdout.write('ready\\n');
      for (let i = 0; i < Number(count); i++) {
        const runs = JSON.parse(JSON.parse(read.get(sessionId).runs));
        runs.push({ run_id: 'agent-' + i, content: 'x'.repeat(4000), created_at: 1775295555 + i, status: 'COMPLETED' });
        save.run(sessionId, 'agent', JSON.stringify(JSON.stringify(runs)), 1775295555, 1775295555 + i);
      }
      db.close();
      process.stdout.write('done\\n');
    `;
    const betterSqlite = createRequire(import.meta.url).resolve('better-sqlite3');
    const child = spawn(process.execPath, ['-e', script, betterSqlite, file, DEMO.agentError, String(childWrites)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await new Promise<void>((resolve) => {
      const check = () => (out.includes('ready') ? resolve() : setTimeout(check, 5));
      check();
    });

    const store = db.store();
    const errors: unknown[] = [];
    let ours = 0;
    const until = Date.now() + 1500;
    while (Date.now() < until && !out.includes('done')) {
      try {
        store.getRun(DEMO.agentError, 'agent-0', { type: 'agent' });
        store.listSessions({ page: 1, limit: 20, sortOrder: 'desc' });
        store.upsertRun({ sessionId: 'ours', type: 'agent', run: { run_id: `ours-${ours}`, content: 'y'.repeat(4000) }, userId: null });
        ours += 1;
      } catch (error) {
        errors.push(error);
      }
      // Yield so the child's output is read and the loop can see "done".
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await exited).toBe(0);
    expect(err).toBe('');
    expect(errors).toEqual([]);
    const agentRuns = store.listRuns(DEMO.agentError, {}) ?? [];
    expect(agentRuns.filter((r) => String(r['run_id']).startsWith('agent-'))).toHaveLength(childWrites);
    expect(store.listRuns('ours', {})).toHaveLength(ours);
    expect(ours).toBeGreaterThan(0);
  });
});
