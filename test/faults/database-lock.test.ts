import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../server/db/connection.js';
import { buildAgnoDb } from '../../server/testing/agno-builder.js';
import { DEMO, makeDemoSessions } from '../../server/testing/demo-sessions.js';
import { holdForeignLock } from '../../server/testing/foreign-lock.js';
import { startTestServer, type TestServer } from '../../server/testing/server-harness.js';
import { agentRun, desk, errorBody } from './support.js';

describe('Given databases whose lock another process holds', () => {
  let t: TestServer;
  let admin: string;
  let dir: string;
  let scratch: string;
  let agents: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-lock-'));
    scratch = path.join(dir, 'scratch.db');
    agents = path.join(dir, 'agents.db');
    buildAgnoDb(scratch, makeDemoSessions());
    buildAgnoDb(agents, makeDemoSessions());
    t = await startTestServer({
      databases: [
        { id: 'scratch', path: scratch, read_only: false },
        { id: 'agents', path: agents, read_only: true },
      ],
    });
    admin = await t.token();
  });
  afterAll(async () => {
    await t?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('waits for a foreign lock at most a short busy timeout, not seconds', () => {
    // better-sqlite3 waits synchronously: this bound is how long the event loop can stall.
    const handle = connect(scratch, { readOnly: true });
    try {
      expect(handle.pragma('busy_timeout', { simple: true })).toBeLessThanOrEqual(100);
    } finally {
      handle.close();
    }
  });

  it('When another process holds the write lock, then an ingest is a JSON 503 DATABASE_BUSY with Retry-After, and everything else keeps answering', async () => {
    const lock = await holdForeignLock(scratch, 'immediate');
    try {
      const res = await t.post('/sessions/locked-s/runs?db_id=scratch&type=agent', agentRun('r1'), admin);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      const body = await errorBody(res);
      expect(body.error_code).toBe('DATABASE_BUSY');
      expect(body.detail).toContain('scratch');

      // The server is not frozen: health, reads of the same file (WAL) and other databases answer.
      expect((await t.get('/health')).status).toBe(200);
      expect((await t.get(`/sessions/${DEMO.agentSingle}?db_id=scratch`, admin)).status).toBe(200);
      expect((await t.get('/sessions?db_id=agents', admin)).status).toBe(200);
      // Another database: the built-in one, named (without db_id a write goes where reads go: scratch, locked).
      expect((await t.post('/sessions/default-s/runs?type=agent&db_id=default', agentRun('d1'), admin)).status).toBe(201);
    } finally {
      await lock.release();
    }
    expect((await t.post('/sessions/locked-s/runs?db_id=scratch&type=agent', agentRun('r1'), admin)).status).toBe(201);
  });

  it('When another process holds an exclusive lock on a rollback-journal file, then reads are 503 DATABASE_BUSY and the listing marks only that database', async () => {
    const lock = await holdForeignLock(agents, 'exclusive');
    try {
      const res = await t.get('/sessions?db_id=agents', admin);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect((await errorBody(res)).error_code).toBe('DATABASE_BUSY');

      const listing = await desk(t, 'GET', '/desk/databases');
      expect(listing.status).toBe(200);
      const dbs = (await listing.json()).databases as { id: string; error: { error_code: string } | null; sessions: number }[];
      expect(dbs.find((d) => d.id === 'agents')?.error?.error_code).toBe('DATABASE_BUSY');
      expect(dbs.find((d) => d.id === 'scratch')?.error).toBeNull();
      expect(dbs.find((d) => d.id === 'scratch')?.sessions).toBeGreaterThan(0);
    } finally {
      await lock.release();
    }
    expect((await t.get('/sessions?db_id=agents', admin)).status).toBe(200);
  });
});
