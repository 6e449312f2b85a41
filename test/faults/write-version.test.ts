import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgnoDb } from '../../server/testing/agno-builder.js';
import { DEMO, makeDemoSessions } from '../../server/testing/demo-sessions.js';
import { startTestServer, type TestServer } from '../../server/testing/server-harness.js';
import { agentRun, errorBody } from './support.js';

/**
 * A header whose write version (byte 18) is above 2 makes SQLite open the file read-only: every
 * write fails with SQLITE_READONLY. The fuzz test drew this (flip at offset 18) and got a 500.
 */
describe('Given a writable attached file whose header says it was written by a newer SQLite', () => {
  let t: TestServer;
  let admin: string;
  let dir: string;
  let file: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-write-version-'));
    file = path.join(dir, 'newer.db');
    buildAgnoDb(file, makeDemoSessions());
    const fd = fs.openSync(file, 'r+');
    fs.writeSync(fd, Buffer.from([3]), 0, 1, 18);
    fs.closeSync(fd);
    t = await startTestServer({ databases: [{ id: 'newer', path: file, read_only: false }] });
    admin = await t.token();
  });
  afterAll(async () => {
    await t?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('When a run is written into it, then the answer is 503 DATABASE_UNAVAILABLE with SQLite\'s reason, not a 500, and reads still work', async () => {
    const before = fs.readFileSync(file);
    const res = await t.post(`/sessions/${DEMO.agentSingle}/runs?db_id=newer&type=agent`, agentRun('wv-1'), admin);
    expect(res.status).toBe(503);
    const body = await errorBody(res);
    expect(body.error_code).toBe('DATABASE_UNAVAILABLE');
    expect(body.detail).toContain(file);
    expect(body.detail).toMatch(/readonly|read-only/i);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect((await t.get(`/sessions/${DEMO.agentSingle}?db_id=newer`, admin)).status).toBe(200);
  });
});
