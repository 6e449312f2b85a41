import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgnoDb } from '../../server/testing/agno-builder.js';
import { makeAgentSession } from '../../server/testing/agno-sessions.js';
import { startTestServer, type TestServer } from '../../server/testing/server-harness.js';
import { agentRun, desk, errorBody } from './support.js';

/**
 * Issue 19 item 1: Python's `json.dumps` writes `NaN`, `Infinity` and `-Infinity`; such a `runs`
 * value read as "no runs", and an ingest rewrote the column with only the new run. A value
 * rundesk really cannot read is an error naming the session, and is never rewritten.
 */

// What `json.dumps(json.dumps(runs))` writes for runs holding non-finite floats.
const PYTHON_RUNS = JSON.stringify(
  '[{"run_id": "r1", "agent_id": "a1", "session_id": "nan-s", "status": "COMPLETED", "created_at": 1771086857, "content": "one", ' +
    '"metrics": {"score": NaN, "ratio": Infinity, "floor": -Infinity}}, ' +
    '{"run_id": "r2", "agent_id": "a1", "session_id": "nan-s", "status": "COMPLETED", "created_at": 1771086858, "content": "two", "metrics": {"score": NaN}}]',
);
const GARBAGE_RUNS = '"[{\\"run_id\\": \\"g1\\", \\"content\\": tru';
const NOT_A_LIST = '"{\\"run_id\\": \\"x1\\"}"';
// Issue 29 item 9: JSON, but nested deeper than Python's json.loads reads (it raises RecursionError).
const TOO_DEEP = JSON.stringify(`[{"run_id": "g1", "content": "deep", "nested": ${'['.repeat(20_000)}${']'.repeat(20_000)}}]`);

function runsText(file: string, sessionId: string): unknown {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return (db.prepare('SELECT runs FROM agno_sessions WHERE session_id = ?').get(sessionId) as { runs: unknown }).runs;
  } finally {
    db.close();
  }
}

describe('Given an attached writable file whose runs values Python wrote with NaN, or that are not readable', () => {
  let t: TestServer;
  let admin: string;
  let dir: string;
  let file: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-nan-'));
    file = path.join(dir, 'agents.db');
    const session = (id: string) => makeAgentSession({ sessionId: id, agentId: 'a1', agentName: 'A', runs: [{ ...agentRun('placeholder'), session_id: id }] });
    buildAgnoDb(file, [session('nan-s'), session('garbage-s'), session('object-s'), session('deep-s'), session('fine-s')]);
    const db = new BetterSqlite3(file);
    const set = db.prepare('UPDATE agno_sessions SET runs = ? WHERE session_id = ?');
    set.run(PYTHON_RUNS, 'nan-s');
    set.run(GARBAGE_RUNS, 'garbage-s');
    set.run(NOT_A_LIST, 'object-s');
    set.run(TOO_DEEP, 'deep-s');
    db.close();
    t = await startTestServer({ databases: [{ id: 'ag', path: file, read_only: false }] });
    admin = await t.token();
  });
  afterAll(async () => {
    await t?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('When a run of the NaN session is read, then it is found, with the non-finite numbers as JSON null', async () => {
    const res = await t.get('/sessions/nan-s/runs/r2?db_id=ag&type=agent', admin);
    expect(res.status).toBe(200);
    const run = await res.json();
    expect(run.content).toBe('two');
    expect(run.metrics.score).toBeNull();
    const all = await t.get('/sessions/nan-s/runs?db_id=ag&type=agent', admin);
    expect(all.status).toBe(200);
    expect((await all.json()).map((r: { run_id: string }) => r.run_id)).toEqual(['r1', 'r2']);
  });

  it('When sessions are listed, then the NaN session counts its two runs', async () => {
    const res = await t.get('/sessions?db_id=ag&type=agent&limit=100', admin);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data.map((s: { session_id: string }) => s.session_id)).toContain('nan-s');
    const info = await desk(t, 'GET', '/desk/databases');
    const ag = ((await info.json()).databases as Array<{ id: string; runs: number }>).find((d) => d.id === 'ag');
    // 2 (NaN session) + 1 (fine-s); garbage, not-a-list and too-deep values count none.
    expect(ag?.runs).toBe(3);
  });

  it('When a run is ingested into the NaN session, then the old runs stay, byte for byte, NaN included', async () => {
    const res = await t.post('/sessions/nan-s/runs?db_id=ag&type=agent', { ...agentRun('r3'), agent_id: 'a1' }, admin);
    expect(res.status).toBe(201);
    const stored = runsText(file, 'nan-s') as string;
    const inner = JSON.parse(stored) as string;
    const before = JSON.parse(PYTHON_RUNS) as string;
    expect(inner.startsWith(before.slice(0, -1))).toBe(true);
    expect(inner).toContain('"score": NaN');
    expect(inner).toContain('"ratio": Infinity, "floor": -Infinity');
    const runs = await (await t.get('/sessions/nan-s/runs?db_id=ag&type=agent', admin)).json();
    expect(runs.map((r: { run_id: string }) => r.run_id)).toEqual(['r1', 'r2', 'r3']);
  });

  for (const [sessionId, stored, reason] of [
    ['garbage-s', GARBAGE_RUNS, /not JSON/],
    ['object-s', NOT_A_LIST, /not a list/],
    ['deep-s', TOO_DEEP, /nested 20002 levels deep, deeper than Python's json.loads reads/],
  ] as const) {
    it(`When the ${sessionId} session's runs are read or written, then the answer is 422 SESSION_UNREADABLE naming it, and the value is left as it was`, async () => {
      for (const route of [`/sessions/${sessionId}/runs/g1?db_id=ag&type=agent`, `/sessions/${sessionId}/runs?db_id=ag&type=agent`]) {
        const res = await t.get(route, admin);
        expect(res.status, route).toBe(422);
        const body = await errorBody(res);
        expect(body.error_code).toBe('SESSION_UNREADABLE');
        expect(body.detail).toContain(sessionId);
        expect(body.detail).toMatch(reason);
        expect(body).toMatchObject({ db_id: 'ag', session_id: sessionId });
      }
      const write = await t.post(`/sessions/${sessionId}/runs?db_id=ag&type=agent`, { ...agentRun('new'), agent_id: 'a1' }, admin);
      expect(write.status).toBe(422);
      expect((await errorBody(write)).error_code).toBe('SESSION_UNREADABLE');
      expect(runsText(file, sessionId)).toBe(stored);
      // The rest of the database still answers, the listing included.
      expect((await t.get('/sessions/fine-s/runs/placeholder?db_id=ag&type=agent', admin)).status).toBe(200);
      expect((await t.get('/sessions?db_id=ag', admin)).status).toBe(200);
    });
  }
});
