import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildAgnoDb } from '../../server/testing/agno-builder.js';
import { DEMO, makeDemoSessions } from '../../server/testing/demo-sessions.js';
import { startTestServer, type TestServer } from '../../server/testing/server-harness.js';
import { agentRun, desk, errorBody } from './support.js';

/**
 * Issue 19 items 2, 4 and 6: attached files that change under rundesk — replaced by rename (by
 * the agent, in another process), emptied, truncated, overwritten, or their schema changed
 * from outside. rundesk keeps the journal mode, never loses the new file's content, never
 * serves the old one, and answers 503 DATABASE_UNAVAILABLE (never a bare 500 or a 404) while a
 * file is not usable.
 */

const betterSqlite = createRequire(import.meta.url).resolve('better-sqlite3');

/** The agent, in its own process: copies the file, adds a session, drops one, renames the copy over the file. */
function agentReplacesFile(file: string, addSession: string, dropSession: string): Promise<void> {
  const script = `
    const Database = require(process.argv[1]);
    const fs = require('node:fs');
    const [file, add, drop] = process.argv.slice(2);
    const next = file + '.next';
    const old = new Database(file, { readonly: true });
    old.exec("VACUUM INTO '" + next.replace(/'/g, "''") + "'");
    old.close();
    const db = new Database(next);
    db.prepare("INSERT INTO agno_sessions (session_id, session_type, agent_id, runs, created_at, updated_at) VALUES (?, 'agent', 'weather-agent', ?, 1775295555, 1775295555)")
      .run(add, JSON.stringify(JSON.stringify([{ run_id: 'agent-run', agent_id: 'weather-agent', content: 'written by the agent', created_at: 1775295555, status: 'COMPLETED' }])));
    db.prepare('DELETE FROM agno_sessions WHERE session_id = ?').run(drop);
    db.close();
    fs.renameSync(next, file);
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script, betterSqlite, file, addSession, dropSession], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`agent exited ${code}: ${err}`))));
  });
}

function sessionIds(file: string): string[] {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return (db.prepare('SELECT session_id FROM agno_sessions ORDER BY session_id').all() as Array<{ session_id: string }>).map((r) => r.session_id);
  } finally {
    db.close();
  }
}

function journalMode(file: string): string {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return String(db.pragma('journal_mode', { simple: true }));
  } finally {
    db.close();
  }
}

interface ListedDb {
  id: string;
  sessions: number;
  error: { error_code: string; detail: string } | null;
}

async function listed(t: TestServer, id: string): Promise<ListedDb | undefined> {
  const res = await desk(t, 'GET', '/desk/databases');
  expect(res.status).toBe(200);
  return ((await res.json()).databases as ListedDb[]).find((d) => d.id === id);
}

describe('Given a writable attached file the agent replaces by rename while rundesk runs', () => {
  let dir: string;
  let file: string;
  let t: TestServer | undefined;
  let admin: string;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-replace-'));
    file = path.join(dir, 'agents.db');
    buildAgnoDb(file, makeDemoSessions());
    t = await startTestServer({ databases: [{ id: 'ag', path: file, read_only: false }] });
    admin = await t.token();
    expect((await t.get(`/sessions/${DEMO.agentSingle}?db_id=ag`, admin)).status).toBe(200);
  });
  afterEach(async () => {
    await t?.stop();
    t = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('When rundesk ingests into it, then the file keeps its rollback-journal mode', async () => {
    expect((await t!.post('/sessions/ours/runs?db_id=ag&type=agent', agentRun('r1'), admin)).status).toBe(201);
    expect(journalMode(file)).toBe('delete');
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    await t!.stop();
    t = undefined;
    expect(journalMode(file)).toBe('delete');
  });

  it('When rundesk ingests after the rename and stops, then the new file keeps the agent\'s content and gets the run', async () => {
    expect((await t!.post('/sessions/before/runs?db_id=ag&type=agent', agentRun('r0'), admin)).status).toBe(201);
    await agentReplacesFile(file, 'agent-new', DEMO.agentSingle);

    // The next request already reads the new file: no stale session, the agent's new one found.
    expect((await t!.get(`/sessions/${DEMO.agentSingle}?db_id=ag`, admin)).status).toBe(404);
    expect((await t!.get('/sessions/agent-new/runs/agent-run?db_id=ag&type=agent', admin)).status).toBe(200);
    expect((await t!.post('/sessions/after/runs?db_id=ag&type=agent', agentRun('r1'), admin)).status).toBe(201);
    expect((await listed(t!, 'ag'))?.error).toBeNull();
    await t!.stop();
    t = undefined;

    const ids = sessionIds(file);
    expect(ids).toContain('agent-new');
    expect(ids).toContain('after');
    expect(ids).toContain('before'); // written before the rename, copied by the agent
    expect(ids).not.toContain(DEMO.agentSingle);
    expect(journalMode(file)).toBe('delete');
    const check = new BetterSqlite3(file, { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    check.close();
  });
});

describe('Given attached files that are emptied, overwritten or changed in schema from outside', () => {
  let t: TestServer;
  let admin: string;
  let dir: string;
  const files: Record<string, string> = {};
  const ids = ['emptied', 'dropped', 'no-runs', 'garbage', 'renamed-ro', 'healthy'] as const;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-changes-'));
    for (const id of ids) {
      files[id] = path.join(dir, `${id}.db`);
      buildAgnoDb(files[id] as string, makeDemoSessions());
    }
    t = await startTestServer({
      databases: ids.map((id) => ({ id, path: files[id] as string, read_only: id !== 'dropped' && id !== 'no-runs' && id !== 'emptied' })),
    });
    admin = await t.token();
    for (const id of ids) expect((await t.get(`/sessions/${DEMO.agentSingle}/runs?db_id=${id}`, admin)).status).toBe(200);

    fs.truncateSync(files['emptied'] as string, 0);
    const outside = (id: string, sql: string) => {
      const db = new BetterSqlite3(files[id] as string);
      db.exec(sql);
      db.close();
    };
    outside('dropped', 'DROP TABLE agno_sessions');
    outside('no-runs', 'ALTER TABLE agno_sessions DROP COLUMN runs');
    // Every page but the first overwritten: the header and schema intact, the rows gone.
    const garbage = files['garbage'] as string;
    const fd = fs.openSync(garbage, 'r+');
    const size = fs.fstatSync(fd).size;
    const noise = Buffer.alloc(size - 4096);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + 13) & 0xff;
    fs.writeSync(fd, noise, 0, noise.length, 4096);
    fs.closeSync(fd);
    // A read-only file replaced by another Agno file holding other sessions.
    const other = path.join(dir, 'other.db');
    buildAgnoDb(other, makeDemoSessions().filter((s) => s.session_id !== DEMO.agentSingle));
    fs.renameSync(other, files['renamed-ro'] as string);
  });
  afterAll(async () => {
    await t?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const id of ['emptied', 'dropped', 'no-runs', 'garbage'] as const) {
    it(`When the ${id} file is used, then every route answers 503 DATABASE_UNAVAILABLE naming it, and the listing shows why`, async () => {
      const routes = [
        `/sessions?db_id=${id}`,
        `/sessions/${DEMO.agentSingle}?db_id=${id}`,
        `/sessions/${DEMO.agentSingle}/runs?db_id=${id}`,
        `/sessions/${DEMO.agentMulti}/runs/whatever?db_id=${id}&type=agent`,
        `/agents?db_id=${id}`,
      ];
      for (const route of routes) {
        const res = await t.get(route, admin);
        expect(res.status, route).toBe(503);
        const body = await errorBody(res);
        expect(body.error_code, route).toBe('DATABASE_UNAVAILABLE');
        expect(body.detail, route).toContain(files[id]);
      }
      const db = await listed(t, id);
      expect(db?.error?.error_code).toBe('DATABASE_UNAVAILABLE');
      expect(db?.error?.detail).toContain(files[id]);
    });
  }

  it('When an ingest goes to a file emptied or changed in schema, then it is a 503 and writes nothing', async () => {
    for (const id of ['emptied', 'dropped', 'no-runs'] as const) {
      const res = await t.post(`/sessions/new-s/runs?db_id=${id}&type=agent`, agentRun('r1'), admin);
      expect(res.status, id).toBe(503);
      expect((await errorBody(res)).error_code).toBe('DATABASE_UNAVAILABLE');
    }
    expect(fs.statSync(files['emptied'] as string).size).toBe(0);
  });

  it('When a read-only file was replaced by rename, then the new file answers and the old content is not served', async () => {
    expect((await t.get(`/sessions/${DEMO.agentSingle}?db_id=renamed-ro`, admin)).status).toBe(404);
    expect((await t.get(`/sessions/${DEMO.agentMulti}?db_id=renamed-ro`, admin)).status).toBe(200);
    expect((await listed(t, 'renamed-ro'))?.error).toBeNull();
  });

  it('When a request names no db_id, or the databases are listed, then nothing is a bare 500', async () => {
    const res = await t.get('/sessions?limit=100', admin);
    expect([200, 503]).toContain(res.status);
    if (res.status === 503) expect((await errorBody(res)).error_code).toBe('DATABASE_UNAVAILABLE');
    expect((await desk(t, 'GET', '/desk/databases')).status).toBe(200);
    expect((await t.get(`/sessions/${DEMO.agentSingle}/runs?db_id=healthy`, admin)).status).toBe(200);
  });

  it('When a file in WAL mode is replaced by a rollback-journal file and its -wal is left beside it, then the old pages are never served', async () => {
    const file = files['healthy'] as string;
    const wal = new BetterSqlite3(file);
    wal.pragma('journal_mode = WAL');
    wal.close();
    expect((await t.post('/sessions/in-wal/runs?db_id=healthy&type=agent', agentRun('w1'), admin)).status).toBe(409);
    expect((await t.get(`/sessions/${DEMO.agentSingle}/runs?db_id=healthy`, admin)).status).toBe(200);
    // rundesk's connection reads through the -wal now; a frame there makes it non-empty.
    const writer = new BetterSqlite3(file);
    writer.prepare('DELETE FROM agno_sessions WHERE session_id = ?').run(DEMO.agentMulti);
    writer.close();
    expect(fs.existsSync(`${file}-wal`)).toBe(true);
    const next = `${file}.next`;
    buildAgnoDb(next, makeDemoSessions().filter((s) => s.session_id !== DEMO.agentSingle));
    fs.renameSync(next, file);
    if (fs.statSync(`${file}-wal`, { throwIfNoEntry: false })?.size) {
      const res = await t.get(`/sessions/${DEMO.agentSingle}?db_id=healthy`, admin);
      expect(res.status).toBe(503);
      expect((await errorBody(res)).detail).toContain('-wal');
    }
    fs.rmSync(`${file}-wal`, { force: true });
    fs.rmSync(`${file}-shm`, { force: true });
    expect((await t.get(`/sessions/${DEMO.agentSingle}?db_id=healthy`, admin)).status).toBe(404);
    expect((await t.get(`/sessions/${DEMO.agentMulti}?db_id=healthy`, admin)).status).toBe(200);
  });

  it('When a damaged file is put back, then it answers again', async () => {
    fs.rmSync(files['emptied'] as string);
    buildAgnoDb(files['emptied'] as string, makeDemoSessions());
    expect((await t.get(`/sessions/${DEMO.agentSingle}/runs?db_id=emptied`, admin)).status).toBe(200);
    expect((await listed(t, 'emptied'))?.error).toBeNull();
  });
});
