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

/**
 * The answering database never changes by itself. Tried as a new user would: after the sample
 * data was loaded, every client without `db_id` (agent-ui, `AgentOSClient.get_sessions()`) saw
 * the demo sessions instead of the agent's own. Attaching a database while the built-in one holds
 * no sessions pins it (`default_database`, saved); sample data goes into its own database `demo`;
 * an ingest without `db_id` lands in the answering database, so the next read is answered there.
 */
describe('Given a fresh data folder (the built-in database holds no sessions)', () => {
  let root: string;
  let agentFile: string;
  const servers: Server[] = [];
  const agentSessions = makeDemoSessions().slice(0, 3);

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-answering-fresh-'));
    agentFile = path.join(root, 'agents.db');
    buildAgnoDb(agentFile, agentSessions);
  });
  afterAll(async () => {
    for (const s of servers) await s.s.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const fresh = async (name: string, databases: unknown[] = []) => {
    const server = await start(path.join(root, name), databases);
    servers.push(server);
    return server;
  };
  const savedSettings = (name: string) => JSON.parse(fs.readFileSync(path.join(root, name, 'settings.json'), 'utf8'));
  const ingest = async (server: Server, query: string) =>
    fetch(`${server.s.baseUrl}/sessions/ingested/runs?type=agent${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(agentRun('ingested-run')),
    });

  it('When a database is attached, Then it becomes default_database, saved in settings.json and named by /config', async () => {
    const t = await fresh('attach');
    const attached = await t.desk('POST', '/desk/databases', { id: 'agents', path: agentFile });
    expect(attached.status).toBe(201);
    expect(attached.body.answers_without_db_id).toBe(true);
    expect(savedSettings('attach').default_database).toBe('agents');
    expect((await t.desk('GET', '/desk/settings')).body.settings.default_database).toBe('agents');
    expect((await t.get('/config')).body.os_database).toBe('agents');
  });

  it('When sample data is loaded after the agent file was attached, Then it goes into its own database demo, and requests without db_id still list the agent file', async () => {
    const t = await fresh('sample-after-attach');
    await t.desk('POST', '/desk/databases', { id: 'agents', path: agentFile });
    const sample = await t.desk('POST', '/desk/sample-data');
    expect(sample.status).toBe(200);
    expect(sample.body.db_id).toBe('demo');
    expect((await t.get('/sessions')).body.meta.total_count).toBe(agentSessions.length);
    expect((await t.get('/sessions?db_id=default')).body.meta.total_count).toBe(0);
    expect((await t.get('/sessions?db_id=demo')).body.meta.total_count).toBeGreaterThan(0);
    expect(savedSettings('sample-after-attach').default_database).toBe('agents');
    expect((await t.get('/config')).body.os_database).toBe('agents');
  });

  it('When sample data is loaded first, Then default_database stays unset, and the agent file attached next answers', async () => {
    const t = await fresh('sample-first');
    expect((await t.desk('POST', '/desk/sample-data')).body.db_id).toBe('demo');
    expect(savedSettings('sample-first').default_database ?? null).toBe(null);
    expect((await t.get('/sessions?db_id=default')).body.meta.total_count).toBe(0);
    await t.desk('POST', '/desk/databases', { id: 'agents', path: agentFile });
    expect(savedSettings('sample-first').default_database).toBe('agents');
    expect((await t.get('/sessions')).body.meta.total_count).toBe(agentSessions.length);
  });

  it('When a run is ingested without db_id while an attached file answers, Then the next read is still answered by that file', async () => {
    const writable = path.join(root, 'writable.db');
    buildAgnoDb(writable, agentSessions);
    const t = await fresh('ingest', [{ id: 'agents', path: writable, read_only: false }]);
    expect((await t.get('/config')).body.os_database).toBe('agents');
    expect((await ingest(t, '')).status).toBe(201);
    expect((await t.get('/config')).body.os_database).toBe('agents');
    expect((await t.get('/sessions')).body.meta.total_count).toBe(agentSessions.length + 1);
    expect((await t.get('/sessions?db_id=default')).body.meta.total_count).toBe(0);
  });

  it('When a run is ingested without db_id while a read-only file answers, Then it is refused with 409 and reads stay on the file', async () => {
    const t = await fresh('ingest-read-only', [{ id: 'agents', path: agentFile, read_only: true }]);
    const res = await ingest(t, '');
    expect(res.status).toBe(409);
    expect(((await res.json()) as { detail: string }).detail).toContain('agents');
    expect((await t.get('/sessions')).body.meta.total_count).toBe(agentSessions.length);
    expect((await t.get('/config')).body.os_database).toBe('agents');
  });

  it('When nothing is pinned and a run is ingested with db_id=default while an attached file answers, Then the file is pinned first and keeps answering', async () => {
    const t = await fresh('ingest-default', [{ id: 'agents', path: agentFile, read_only: true }]);
    expect((await t.get('/config')).body.os_database).toBe('agents');
    expect((await ingest(t, '&db_id=default')).status).toBe(201);
    expect(savedSettings('ingest-default').default_database).toBe('agents');
    expect((await t.get('/config')).body.os_database).toBe('agents');
    expect((await t.get('/sessions')).body.meta.total_count).toBe(agentSessions.length);
    expect((await t.get('/sessions?db_id=default')).body.meta.total_count).toBe(1);
  });

  it('When a database is attached while the built-in one holds sessions, Then default_database stays unset', async () => {
    const t = await fresh('busy-built-in');
    expect((await ingest(t, '&db_id=default')).status).toBe(201);
    await t.desk('POST', '/desk/databases', { id: 'agents', path: agentFile });
    expect(savedSettings('busy-built-in').default_database ?? null).toBe(null);
    expect((await t.get('/config')).body.os_database).toBe('default');
  });
});
