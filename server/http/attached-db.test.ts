import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgnoDb } from '../testing/agno-builder.js';
import { DEMO, makeDemoSessions } from '../testing/demo-sessions.js';
import { startTestServer, type TestServer } from '../testing/server-harness.js';

const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

describe('Given Agno-format files attached over HTTP', () => {
  let t: TestServer;
  let admin: string;
  let readOnlyFile: string;
  let writableFile: string;
  let hashBefore: string;
  let firstRunId: string;

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-attached-'));
    readOnlyFile = path.join(dir, 'agents.db');
    writableFile = path.join(dir, 'scratch.db');
    const sessions = makeDemoSessions();
    buildAgnoDb(readOnlyFile, sessions);
    buildAgnoDb(writableFile, sessions);
    hashBefore = sha256(readOnlyFile);
    const single = sessions.find((s) => s.session_id === DEMO.agentSingle);
    firstRunId = String(single?.runs?.[0]?.run_id);
    t = await startTestServer({
      databases: [
        { id: 'agents', path: readOnlyFile },
        { id: 'scratch', path: writableFile, read_only: false },
      ],
    });
    admin = await t.token();
  });
  afterAll(async () => t?.stop());

  it('When a run is read with db_id and table, then it answers from the file', async () => {
    const res = await t.get(`/sessions/${DEMO.agentSingle}/runs/${firstRunId}?db_id=agents&table=agno_sessions`, admin);
    expect(res.status).toBe(200);
    expect((await res.json()).run_id).toBe(firstRunId);
  });

  it('When the table is not a session table of that file, then 404 names it', async () => {
    const res = await t.get(`/sessions/${DEMO.agentSingle}/runs/${firstRunId}?db_id=agents&table=agno_schema_versions`, admin);
    expect(res.status).toBe(404);
    expect((await res.json()).detail).toContain('agno_schema_versions');
  });

  it('When SQL is smuggled through table, db_id and the ids, then each simply misses and the file is unchanged', async () => {
    const attacks = [
      `/sessions/${DEMO.agentSingle}/runs/${firstRunId}?db_id=agents&table=${encodeURIComponent('agno_sessions; DROP TABLE agno_sessions; --')}`,
      `/sessions/${DEMO.agentSingle}/runs/${firstRunId}?db_id=agents&table=${encodeURIComponent('agno_sessions" OR 1=1 --')}`,
      `/sessions/${DEMO.agentSingle}/runs/${firstRunId}?db_id=${encodeURIComponent("agents' OR '1'='1")}`,
      `/sessions/${encodeURIComponent("x' OR '1'='1")}/runs/${firstRunId}?db_id=agents`,
      `/sessions/${DEMO.agentSingle}/runs/${encodeURIComponent("' OR 1=1; DELETE FROM agno_sessions; --")}?db_id=agents`,
      `/sessions?db_id=agents&search=${encodeURIComponent("%' OR 1=1 --")}`,
      `/sessions?db_id=agents&user_id=${encodeURIComponent("' OR ''='")}`,
    ];
    for (const attack of attacks) {
      const res = await t.get(attack, admin);
      expect([200, 404], attack).toContain(res.status);
      if (res.status === 200 && attack.startsWith('/sessions?')) {
        expect((await res.json()).data, attack).toEqual([]);
      }
    }
    expect(sha256(readOnlyFile)).toBe(hashBefore);
    const list = await (await t.get('/sessions?db_id=agents&limit=100', admin)).json();
    expect(list.meta.total_count).toBe(makeDemoSessions().length);
  });

  it('When a run is ingested into the read-only file, then 409 READ_ONLY_DATABASE and the file is unchanged', async () => {
    const res = await t.post(`/sessions/${DEMO.agentSingle}/runs?db_id=agents`, { run_id: 'new', agent_id: 'x' }, admin);
    expect(res.status).toBe(409);
    expect((await res.json()).error_code).toBe('READ_ONLY_DATABASE');
    expect(sha256(readOnlyFile)).toBe(hashBefore);
  });

  it('When a run is ingested into the writable file, then it reads back in the stored format', async () => {
    const res = await t.post('/sessions/fresh/runs?db_id=scratch', { run_id: 'n1', agent_id: 'a', status: 'COMPLETED', created_at: 1_771_086_857 }, admin);
    expect(res.status).toBe(201);
    const raw = new Database(writableFile, { readonly: true });
    const row = raw.prepare('SELECT runs FROM agno_sessions WHERE session_id = ?').get('fresh') as { runs: string };
    raw.close();
    // Agno double-encodes JSON columns: the stored text is a JSON string holding the array.
    expect(JSON.parse(JSON.parse(row.runs) as string)[0].run_id).toBe('n1');
  });

  it('When its session table is dropped under the server, then the answer is 503 DATABASE_UNAVAILABLE naming the file, with no stack trace', async () => {
    const raw = new Database(writableFile);
    raw.exec('DROP TABLE agno_sessions');
    raw.close();
    const res = await t.get('/sessions?db_id=scratch', admin);
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ error_code: 'DATABASE_UNAVAILABLE' });
    expect(text).toContain('has no session table');
    expect(text).not.toMatch(/\bat \S+:\d+|SqliteError/);
    expect((await t.get('/health')).status).toBe(200);
  });
});

describe('Given the port is taken', () => {
  it('When another server starts on it, then it fails with a one-line reason', async () => {
    const first = await startTestServer();
    try {
      const { startServer } = await import('../server.js');
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-port-'));
      await expect(startServer({ dataDir: dir, configPath: first.settingsPath, port: first.server.port, log: false, env: {} })).rejects.toThrow(
        /already in use/,
      );
    } finally {
      await first.stop();
    }
  });
});
