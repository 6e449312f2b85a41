import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgnoDb } from '../../server/testing/agno-builder.js';
import { startTestServer, type TestServer } from '../../server/testing/server-harness.js';

/**
 * An Agno agent in another process saves the session rundesk is writing: it reads the row,
 * changes it (one more run, a counter in `session_state`) and upserts the whole row back, over
 * and over, while rundesk renames the session and ingests runs into it over HTTP. Nothing
 * either side had acknowledged may be missing at the end: rundesk never writes a copy of the
 * row read before the agent's commit (its read and write are one `BEGIN IMMEDIATE`), and the
 * agent's save here holds its read and write in one transaction too. (Agno's own `SqliteDb`
 * reads and upserts in two transactions, so a save of it can drop any write made in between —
 * another agent's as much as rundesk's — which no other writer can prevent.)
 */

const python = spawnSync('python3', ['-c', 'import sqlite3'], { encoding: 'utf8' }).status === 0 ? 'python3' : null;

const AGENT_SAVE = `
import json, sqlite3, sys, time
file, sid, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
conn = sqlite3.connect(file, timeout=10, isolation_level=None)
print('ready', flush=True)
def decoded(text, empty):
    if text is None:
        return empty
    value = json.loads(json.loads(text)) if isinstance(json.loads(text), str) else json.loads(text)
    return empty if value is None else value
for i in range(count):
    while True:
        try:
            conn.execute('BEGIN IMMEDIATE')
            row = conn.execute('SELECT session_data, runs, metadata, created_at FROM agno_sessions WHERE session_id = ?', (sid,)).fetchone()
            data = decoded(row[0], {})
            runs = decoded(row[1], [])
            state = data.get('session_state') or {}
            state['counter'] = state.get('counter', 0) + 1
            data['session_state'] = state
            runs.append({'run_id': 'agent-%d' % i, 'agent_id': 'agent-a', 'status': 'COMPLETED', 'content': 'x' * 2000, 'created_at': 1775295555 + i})
            conn.execute(
                'INSERT INTO agno_sessions (session_id, session_type, agent_id, session_data, metadata, runs, created_at, updated_at) '
                'VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (session_id) DO UPDATE SET session_data = excluded.session_data, '
                'metadata = excluded.metadata, runs = excluded.runs, updated_at = excluded.updated_at',
                (sid, 'agent', 'agent-a', json.dumps(json.dumps(data)), row[2], json.dumps(json.dumps(runs)), row[3], 1775295555 + i))
            conn.execute('COMMIT')
            break
        except sqlite3.OperationalError as error:
            if 'locked' not in str(error) and 'busy' not in str(error):
                raise
            try:
                conn.execute('ROLLBACK')
            except sqlite3.OperationalError:
                pass
            time.sleep(0.002)
print('done', flush=True)
`;

describe.skipIf(python === null)('Given an attached Agno file whose agent saves the session rundesk writes', () => {
  let t: TestServer;
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-race-'));
    file = path.join(dir, 'agno.db');
    buildAgnoDb(file, [{ session_id: 's', session_type: 'agent', agent_id: 'agent-a', session_data: {}, runs: [], created_at: 1_775_295_555 }]);
    t = await startTestServer({ databases: [{ id: 'agno', path: file, read_only: false }] });
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('When rundesk renames and ingests while the agent saves the whole row, Then nothing acknowledged by either side is lost', async () => {
    const saves = 200;
    const child = spawn(python as string, ['-c', AGENT_SAVE, file, 's', String(saves)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    let exited = false;
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => ((exited = true), resolve(code))));
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));

    const token = await t.token();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const ingested: string[] = [];
    let lastName: string | null = null;
    // Until the agent is done (its exit, not a clock), and at least a few rounds after.
    for (let i = 0; (!exited || i < 5) && i < 5000; i++) {
      const name = `name-${i}`;
      const renamed = await fetch(`${t.baseUrl}/sessions/s/rename?db_id=agno`, { method: 'POST', headers, body: JSON.stringify({ session_name: name }) });
      await renamed.text();
      if (renamed.status === 200) lastName = name;
      else expect(renamed.status, 'only a busy file may refuse').toBe(503);
      const run = { run_id: `desk-${i}`, agent_id: 'agent-a', status: 'COMPLETED', content: 'y', created_at: 1_775_295_555 };
      const posted = await fetch(`${t.baseUrl}/sessions/s/runs?db_id=agno&type=agent`, { method: 'POST', headers, body: JSON.stringify(run) });
      await posted.text();
      if (posted.status === 201) ingested.push(run.run_id);
      else expect(posted.status, 'only a busy file may refuse').toBe(503);
    }
    expect(await exit, err).toBe(0);

    // The final read follows the test's one rule too: a busy file may answer 503 (and is read
    // again); any other answer fails with its body, which CI once showed only as "runs.map".
    let listed = await t.get('/sessions/s/runs?db_id=agno', token);
    let body = await listed.text();
    for (let tries = 0; listed.status === 503 && tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      listed = await t.get('/sessions/s/runs?db_id=agno', token);
      body = await listed.text();
    }
    expect(listed.status, body).toBe(200);
    const runs = JSON.parse(body) as Array<{ run_id: string }>;
    const ids = new Set(runs.map((r) => r.run_id));
    expect(Array.from({ length: saves }, (_, i) => `agent-${i}`).filter((id) => !ids.has(id)), "the agent's runs").toEqual([]);
    expect(ingested.filter((id) => !ids.has(id)), "rundesk's runs").toEqual([]);
    expect(ingested.length).toBeGreaterThan(0);
    const session = await (await t.get('/sessions/s?db_id=agno', token)).json();
    expect(session.session_state, "the agent's counter").toEqual({ counter: saves });
    expect(session.session_name, "rundesk's last name").toBe(lastName);
  }, 120_000);
});
