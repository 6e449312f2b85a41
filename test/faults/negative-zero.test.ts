import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgnoDb } from '../../server/testing/agno-builder.js';
import { makeAgentSession } from '../../server/testing/agno-sessions.js';
import { startTestServer, type TestServer } from '../../server/testing/server-harness.js';
import { agentRun } from './support.js';

/**
 * Python's `json.dumps(-0.0)` writes `-0.0` and `json.loads` reads it back as -0.0; JavaScript's
 * `JSON.stringify(-0)` writes `0`. A run holding a negative zero keeps its sign through rundesk:
 * read from a file Agno wrote, ingested into an attached file or the built-in database.
 */

// What `json.dumps(json.dumps(runs))` writes for a run whose metrics hold -0.0.
const PYTHON_RUNS = JSON.stringify(
  '[{"run_id": "p1", "agent_id": "a1", "session_id": "py-s", "status": "COMPLETED", "created_at": 1771086857, "content": "one", ' +
    '"metrics": {"delta": -0.0, "zero": 0.0, "count": 0}}]',
);

// A body as a client sends it: the sign written in the text, once as an int and once as a float.
const INGESTED = JSON.stringify(agentRun('RUN', { metrics: { delta: 1 } })).replace('"delta":1', '"delta":-0.0,"int_zero":-0,"zero":0');

function storedRuns(file: string, sessionId: string): string {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return JSON.parse((db.prepare('SELECT runs FROM agno_sessions WHERE session_id = ?').get(sessionId) as { runs: string }).runs) as string;
  } finally {
    db.close();
  }
}

describe('Given runs holding -0.0', () => {
  let t: TestServer;
  let admin: string;
  let dir: string;
  let file: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-negzero-'));
    file = path.join(dir, 'agents.db');
    buildAgnoDb(file, [makeAgentSession({ sessionId: 'py-s', agentId: 'a1', agentName: 'A', runs: [{ ...agentRun('placeholder'), session_id: 'py-s' }] })]);
    const db = new BetterSqlite3(file);
    db.prepare('UPDATE agno_sessions SET runs = ? WHERE session_id = ?').run(PYTHON_RUNS, 'py-s');
    db.close();
    t = await startTestServer({ databases: [{ id: 'ag', path: file, read_only: false }] });
    admin = await t.token();
  });
  afterAll(async () => {
    await t?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('When a run Agno wrote is read, then the answer writes -0.0 as Python does, and 0.0 as 0', async () => {
    for (const route of ['/sessions/py-s/runs/p1?db_id=ag', '/sessions/py-s/runs?db_id=ag']) {
      const res = await t.get(route, admin);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toContain('"delta":-0.0');
      expect(text).toContain('"zero":0,');
      expect(Object.is((JSON.parse(text) as { metrics?: { delta: number } }).metrics?.delta ?? JSON.parse(text)[0].metrics.delta, -0)).toBe(true);
    }
  });

  it('When a run with -0.0 and -0 is ingested into the attached file, then the file holds -0.0 for both, as json.dumps writes a float -0.0', async () => {
    const res = await t.post('/sessions/new-s/runs?type=agent&db_id=ag', INGESTED.replace('RUN', 'n1'), admin);
    expect(res.status).toBeLessThan(300);
    expect(storedRuns(file, 'new-s')).toContain('"delta": -0.0, "int_zero": -0.0, "zero": 0}');
    const text = await (await t.get('/sessions/new-s/runs/n1?db_id=ag', admin)).text();
    expect(text).toContain('"delta":-0.0,"int_zero":-0.0,"zero":0}');
  });

  it('When it is ingested into the built-in database, then it reads back with its sign', async () => {
    const res = await t.post('/sessions/native-s/runs?type=agent&db_id=default', INGESTED.replace('RUN', 'd1'), admin);
    expect(res.status).toBeLessThan(300);
    const text = await (await t.get('/sessions/native-s/runs/d1?db_id=default', admin)).text();
    expect(text).toContain('"delta":-0.0,"int_zero":-0.0,"zero":0}');
  });
});
