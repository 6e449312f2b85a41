import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/server.js';
import { buildAgnoDb } from '../../server/testing/agno-builder.js';
import { makeDemoSessions } from '../../server/testing/demo-sessions.js';
import { holdForeignLock } from '../../server/testing/foreign-lock.js';
import { buildAgnoPostgres } from '../../server/testing/postgres-builder.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../../server/testing/postgres-cluster.js';
import { agentRun } from './support.js';

/**
 * A request without `db_id` is answered by the answering database or fails with its error —
 * never silently by another attached database — while that database is locked, down, or not
 * yet asked after a start; `/config` names it throughout. Here the answering database is the
 * first attached one holding sessions (the built-in one is empty); a second, `other`, holds only
 * session `x`, so any answer about `x` (or a listing of one session) would come from it.
 */

interface Server {
  s: RunningServer;
  token: string;
  get(p: string): Promise<{ status: number; body: any }>;
  desk(method: string, p: string, body?: unknown): Promise<{ status: number; body: any }>;
}

async function start(dataDir: string, databases: unknown[]): Promise<Server> {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ auth: { jwks_file: 'keys/trusted.jwks.json' }, databases }), { mode: 0o600 });
  const s = await startServer({ dataDir, port: 0, log: false, env: {} });
  const desk = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(`${s.baseUrl}${p}`, {
      method,
      headers: { 'x-desk-token': s.deskToken, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const token = (await desk('POST', '/desk/tokens', { scopes: ['platform:admin'] })).body.token as string;
  const get = async (p: string) => {
    const res = await fetch(`${s.baseUrl}${p}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: (await res.json()) as any };
  };
  return { s, token, get, desk };
}

/** Writes session `x` with run `only-other` into the `other` database. */
async function seedOther(t: Server): Promise<void> {
  const res = await fetch(`${t.s.baseUrl}/sessions/x/runs?db_id=other&type=agent`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(agentRun('only-other')),
  });
  expect(res.status).toBe(201);
}

const demoCount = makeDemoSessions().length;

describe('Given an attached SQLite file that answers without db_id, locked by another process', () => {
  let root: string;
  let t: Server;
  let shared: string;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-answering-'));
    shared = path.join(root, 'shared.db');
    const other = path.join(root, 'other.db');
    buildAgnoDb(shared, makeDemoSessions());
    buildAgnoDb(other, []);
    t = await start(path.join(root, 'data'), [
      { id: 'shared', path: shared, read_only: true },
      { id: 'other', path: other, read_only: false },
    ]);
    await seedOther(t);
  });
  afterAll(async () => {
    await t?.s.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('When it is locked, Then requests without db_id fail with its 503 DATABASE_BUSY, and /config still names it', async () => {
    expect((await t.get('/sessions')).body.meta.total_count).toBe(demoCount);
    expect((await t.get('/sessions/x/runs/only-other')).status).toBe(404);
    const lock = await holdForeignLock(shared, 'exclusive');
    try {
      for (const p of ['/sessions', '/sessions/x/runs/only-other', '/sessions/x', '/sessions/x/runs']) {
        const r = await t.get(p);
        expect(r.status, p).toBe(503);
        expect(r.body).toMatchObject({ error_code: 'DATABASE_BUSY', detail: expect.stringContaining('shared') });
      }
      expect((await t.get('/config')).body.os_database).toBe('shared');
      const listed = (await t.desk('GET', '/desk/databases')).body.databases;
      expect(listed.filter((d: { answers_without_db_id: boolean }) => d.answers_without_db_id).map((d: { id: string }) => d.id)).toEqual(['shared']);
    } finally {
      await lock.release();
    }
    expect((await t.get('/sessions')).body.meta.total_count).toBe(demoCount);
  });
});

const bin = findPostgresBin();
if (!bin) {
  describe('Given a PostgreSQL database that answers without db_id', () => {
    it.skip('SKIPPED: no PostgreSQL binaries (initdb, pg_ctl) found; install postgresql (Debian: apt-get install -y postgresql) or set PG_BIN', () => {});
  });
} else {
  describe('Given a PostgreSQL database that answers without db_id, and another attached database', () => {
    let root: string;
    let cluster: PostgresCluster;
    let t: Server | undefined;
    let databases: unknown[];

    beforeAll(async () => {
      cluster = await startPostgresCluster(bin);
      await buildAgnoPostgres(cluster.url, makeDemoSessions());
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-answering-pg-'));
      const other = path.join(root, 'other.db');
      buildAgnoDb(other, []);
      databases = [
        { id: 'pg', url: cluster.url },
        { id: 'other', path: other, read_only: false },
      ];
    }, 60_000);
    afterAll(async () => {
      await t?.s.stop();
      cluster?.stop();
      fs.rmSync(root, { recursive: true, force: true });
    });

    /** Never an answer from `other`: a 503 of the answering database, or its own answer. */
    const expectNotOther = async (server: Server, allowed: number[]) => {
      const run = await server.get('/sessions/x/runs/only-other');
      expect(allowed, JSON.stringify(run.body)).toContain(run.status);
      const listing = await server.get('/sessions');
      if (listing.status === 200) expect(listing.body.meta.total_count).toBe(demoCount);
      else expect(listing.status).toBe(503);
      expect([null, 'pg']).toContain((await server.get('/config')).body.os_database);
    };

    it('When rundesk has just started, Then the first requests are answered by PostgreSQL or wait for it (503), never by the other database', async () => {
      t = await start(path.join(root, 'data'), databases);
      await expectNotOther(t, [404, 503]);
      await seedOther(t);
      await expectNotOther(t, [404, 503]);
      await expect.poll(async () => (await t!.get('/sessions')).status, { timeout: 10_000, interval: 50 }).toBe(200);
      await expectNotOther(t, [404]);
      expect((await t.get('/config')).body.os_database).toBe('pg');
    });

    it('When PostgreSQL goes down, Then requests without db_id fail with its 503 DATABASE_UNAVAILABLE, and /config still names it', async () => {
      cluster.stop();
      const run = await t!.get('/sessions/x/runs/only-other');
      expect(run.status).toBe(503);
      expect(run.body.detail).toContain('pg');
      await expectNotOther(t!, [503]);
      expect((await t!.get('/config')).body.os_database).toBe('pg');
    });

    it('When rundesk restarts while PostgreSQL is down, Then requests without db_id still fail with its error, never answered by the other database', async () => {
      await t!.s.stop();
      t = await start(path.join(root, 'data'), databases);
      for (let i = 0; i < 5; i++) await expectNotOther(t, [503]);
      await expect
        .poll(async () => (await t!.get('/sessions/x/runs/only-other')).body.error_code, { timeout: 10_000, interval: 50 })
        .toBe('DATABASE_UNAVAILABLE');
    });
  });
}
