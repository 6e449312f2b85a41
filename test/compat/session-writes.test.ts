import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDemoSessions, DEMO } from '../../server/testing/demo-sessions.js';
import { buildAgnoPostgres } from '../../server/testing/postgres-builder.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../../server/testing/postgres-cluster.js';
import { startTestServer, type TestServer } from '../../server/testing/server-harness.js';

/**
 * AgentOS's session writes — `create_session`, `rename_session`, `update_session`,
 * `delete_sessions` — and the session reads between them, replayed in the order they were
 * recorded from AgentOS 2.9 on a copy of `agno-observability.db`, against rundesk on a writable
 * copy of the same file. Each answer has the platform's status, and each written session the
 * platform's fields (times aside: they are the clock's).
 */

const FIXTURES = path.join(import.meta.dirname, '../fixtures/agno');

interface Recorded {
  method: string;
  path: string;
  body: unknown;
  status: number;
  answer: Record<string, unknown> | string;
}

/** Requests rundesk answers otherwise by decision (docs/api.md, "AgentOS compatibility"). */
const DECIDED: Record<string, string> = {
  'GET /sessions/bc0d28b7-4605-4a6a-bbf2-3a99f4bab97a?type=team': 'a type that is not the session\'s is a 404 (AgentOS reads the row as that type)',
  'POST /sessions/bc0d28b7-4605-4a6a-bbf2-3a99f4bab97a/rename?type=team': 'likewise for a rename',
  'PATCH /sessions/2f9b8e93-4ee9-434a-8847-e3f5ca2ec492?type=agent': 'likewise for an update',
};

const FIELDS = ['session_id', 'session_name', 'session_state', 'metadata', 'session_summary', 'user_id', 'agent_id', 'team_id', 'workflow_id', 'metrics'];

describe('Given a writable copy of the Agno file and the platform\'s recorded session writes', () => {
  let t: TestServer;
  let admin: string;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-writes-'));
    const file = path.join(dir, 'agno-observability.db');
    fs.copyFileSync(path.join(FIXTURES, 'agno-observability.db'), file);
    fs.chmodSync(file, 0o600);
    // Pinned, so requests without db_id write and read this file, as the platform's only database.
    t = await startTestServer({
      auth: { authorization: true },
      default_database: 'agno-observability',
      databases: [{ id: 'agno-observability', path: file, read_only: false }],
    });
    admin = await t.token({ sub: 'admin-user', scopes: ['platform:admin'] });
  });
  afterAll(async () => {
    await t?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('When each recorded request is sent in order, Then rundesk answers as the platform did', async () => {
    const recorded = (JSON.parse(fs.readFileSync(path.join(FIXTURES, 'agentos-2.9', 'sessions.json'), 'utf8')) as { answers: Recorded[] }).answers;
    for (const r of recorded) {
      const key = `${r.method} ${r.path}`;
      if (DECIDED[key]) continue;
      const res = await fetch(`${t.baseUrl}${r.path}`, {
        method: r.method,
        headers: { authorization: `Bearer ${admin}`, ...(r.body === null ? {} : { 'content-type': 'application/json' }) },
        ...(r.body === null ? {} : { body: JSON.stringify(r.body) }),
      });
      const text = await res.text();
      expect(res.status, `${key} ${text.slice(0, 300)}`).toBe(r.status);
      if ((r.status === 200 || r.status === 201) && typeof r.answer === 'object') {
        const ours = JSON.parse(text) as Record<string, unknown>;
        for (const field of FIELDS) if (field in r.answer) expect(ours[field], `${key} ${field}`).toEqual(r.answer[field]);
      }
    }
  });
});

function describeWrites(store: string, start: () => Promise<{ t: TestServer; db: string; close(): Promise<void> }>): void {
describe(`Given ${store}`, () => {
  let t: TestServer;
  let db: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, db, close } = await start());
  }, 60_000);
  afterAll(async () => close?.());

  it('When a session is created, renamed and updated, Then each answer is the session as it now is', async () => {
    const token = await t.token({ sub: 'ada', scopes: ['platform:admin'] });
    const send = async (method: string, p: string, body: unknown) => {
      const res = await fetch(`${t.baseUrl}${p}${p.includes('?') ? '&' : '?'}${db}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
    };
    const created = await send('POST', '/sessions?type=team', { session_id: 'n1', session_name: 'First', team_id: 'crew', session_state: { a: 1 } });
    expect(created).toMatchObject({ status: 201, body: { session_id: 'n1', session_name: 'First', team_id: 'crew', user_id: 'ada', session_state: { a: 1 }, metrics: {} } });
    expect((await send('POST', '/sessions?type=agent', { session_id: 'n1' })).status).toBe(409);
    const renamed = await send('POST', '/sessions/n1/rename', { session_name: 'Second' });
    expect(renamed).toMatchObject({ status: 200, body: { session_name: 'Second', session_state: { a: 1 } } });
    const patched = await send('PATCH', '/sessions/n1?type=team', { session_state: { b: 2 }, metadata: { m: true }, summary: { summary: 's' } });
    expect(patched).toMatchObject({ status: 200, body: { session_name: 'Second', session_state: { b: 2 }, metadata: { m: true }, session_summary: { summary: 's' } } });
    const listed = (await (await t.get(`/sessions?type=team&${db}`, token)).json()) as { data: Array<Record<string, unknown>> };
    expect(listed.data.find((s) => s['session_id'] === 'n1')).toMatchObject({ session_name: 'Second' });
    expect((await send('PATCH', '/sessions/missing', { metadata: {} })).status).toBe(404);
    expect((await send('DELETE', '/sessions', { session_ids: ['n1'], session_types: ['agent'] })).status).toBe(204);
    expect((await send('GET', '/sessions/n1', undefined)).status).toBe(404);
  });

  it('When a stored session with runs is renamed, Then its runs stay', async () => {
    const token = await t.token({ sub: 'ada', scopes: ['platform:admin'] });
    const before = await (await t.get(`/sessions/${DEMO.agentMulti}/runs?${db}`, token)).json();
    const res = await fetch(`${t.baseUrl}/sessions/${DEMO.agentMulti}/rename?${db}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ session_name: 'Renamed' }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { session_name: string }).session_name).toBe('Renamed');
    expect(await (await t.get(`/sessions/${DEMO.agentMulti}/runs?${db}`, token)).json()).toEqual(before);
  });
});
}

describeWrites("rundesk's own database", async () => {
  const t = await startTestServer();
  const token = await t.token({ scopes: ['platform:admin'] });
  for (const session of makeDemoSessions().filter((s) => s.session_id === DEMO.agentMulti)) {
    for (const run of session.runs ?? []) await t.post(`/sessions/${session.session_id}/runs?type=agent`, run, token);
  }
  return { t, db: 'db_id=default', close: () => t.stop() };
});

describeWrites('a writable attached Agno file', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-writes-'));
  const { buildAgnoDb } = await import('../../server/testing/agno-builder.js');
  const file = path.join(dir, 'agents.db');
  buildAgnoDb(file, makeDemoSessions());
  const t = await startTestServer({ databases: [{ id: 'agents', path: file, read_only: false }] });
  return { t, db: 'db_id=agents', close: async () => { await t.stop(); fs.rmSync(dir, { recursive: true, force: true }); } };
});

const bin = findPostgresBin();
if (bin) {
  describeWrites('a writable PostgreSQL table', async () => {
    const cluster: PostgresCluster = await startPostgresCluster(bin);
    await buildAgnoPostgres(cluster.url, makeDemoSessions(), { schema: 'ai' });
    const t = await startTestServer({ databases: [{ id: 'team', url: cluster.url, schema: 'ai', read_only: false }] });
    return { t, db: 'db_id=team', close: async () => { await t.stop(); cluster.stop(); } };
  });
}

describe('Given a read-only attached file', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ databases: [{ id: 'ro', path: path.join(FIXTURES, 'agno-observability.db'), read_only: true }] });
  });
  afterAll(async () => t?.stop());

  it('When a session is created, renamed or updated in it, Then it is a 409 and the file is untouched', async () => {
    const token = await t.token();
    const before = fs.readFileSync(path.join(FIXTURES, 'agno-observability.db'));
    const send = (method: string, p: string, body: unknown) =>
      fetch(`${t.baseUrl}${p}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await send('POST', '/sessions?db_id=ro', { session_id: 'x' })).status).toBe(409);
    expect((await send('POST', '/sessions/bc0d28b7-4605-4a6a-bbf2-3a99f4bab97a/rename?db_id=ro', { session_name: 'x' })).status).toBe(409);
    expect((await send('PATCH', '/sessions/bc0d28b7-4605-4a6a-bbf2-3a99f4bab97a?db_id=ro', { metadata: {} })).status).toBe(409);
    expect(fs.readFileSync(path.join(FIXTURES, 'agno-observability.db')).equals(before)).toBe(true);
  });
});
