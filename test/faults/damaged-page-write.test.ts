import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgnoDb } from '../../server/testing/agno-builder.js';
import { makeDemoSessions } from '../../server/testing/demo-sessions.js';
import { startTestServer, type TestServer } from '../../server/testing/server-harness.js';
import { agentRun, errorBody } from './support.js';

/**
 * The fuzz test drew this (seed -1348228869): one byte of the session table's root page changed
 * from outside — a cell pointer of a row rundesk does not write. SQLite's insert of a new session
 * walked past it and committed, so rundesk acknowledged a run that no reader could then read
 * ("database disk image is malformed" on the lookup). A write must be readable to be acknowledged.
 */
describe('Given a writable attached file whose session table root page was damaged from outside', () => {
  let t: TestServer;
  let admin: string;
  let dir: string;
  let file: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-damaged-page-'));
    file = path.join(dir, 'damaged.db');
    buildAgnoDb(file, makeDemoSessions());
    const probe = new BetterSqlite3(file, { readonly: true });
    const pageSize = probe.pragma('page_size', { simple: true }) as number;
    const root = probe.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'agno_sessions'").pluck().get() as number;
    probe.close();
    // Byte 18 of the page: the sixth cell pointer of a leaf (8-byte header, 2 bytes a pointer).
    const at = (root - 1) * pageSize + 18;
    const fd = fs.openSync(file, 'r+');
    const byte = Buffer.alloc(1);
    fs.readSync(fd, byte, 0, 1, at);
    byte[0] = (byte[0] as number) ^ 100;
    fs.writeSync(fd, byte, 0, 1, at);
    fs.closeSync(fd);
    t = await startTestServer({ databases: [{ id: 'damaged', path: file, read_only: false }] });
    admin = await t.token();
  });
  afterAll(async () => {
    await t?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('When a run for a new session is written, then it is either refused with 503 DATABASE_UNAVAILABLE or readable by a fresh reader', async () => {
    const res = await t.post('/sessions/damaged-s/runs?db_id=damaged&type=agent', agentRun('dp-1'), admin);
    if (res.status === 503) {
      expect((await errorBody(res)).error_code).toBe('DATABASE_UNAVAILABLE');
      return;
    }
    expect(res.status).toBeLessThan(300);
    const reader = new BetterSqlite3(file, { readonly: true });
    try {
      const row = reader.prepare('SELECT session_id, runs FROM agno_sessions WHERE session_id = ?').get('damaged-s') as { runs: string } | undefined;
      expect(row?.runs).toContain('dp-1');
    } finally {
      reader.close();
    }
  });
});
