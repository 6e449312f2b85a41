import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgnoDb } from '../../server/testing/agno-builder.js';
import { DEMO, makeDemoSessions } from '../../server/testing/demo-sessions.js';
import { startTestServer, type TestServer } from '../../server/testing/server-harness.js';
import type { SettingsInput } from '../../server/settings/schema.js';
import {
  ComponentSummary,
  RunSchema,
  SessionPage,
  clientRunSchema,
  clientSessionSchema,
} from './agentos-shapes.js';

/**
 * The request sequences real AgentOS clients send, replayed against a real rundesk with an
 * attached Agno file and nothing in the built-in database — the setup of a developer who points
 * the platform's chat UI (agno-agi/agent-ui) or Agno's `AgentOSClient` at localhost:
 * - agent-ui, a page on http://localhost:3000: `/health`, `/agents` and `/teams` (it takes each
 *   item's `db_id`), `/sessions?type&component_id&db_id`, `/sessions/{id}/runs?type&db_id`, each
 *   with `Content-Type: application/json` and `Authorization`, so the browser preflights them;
 * - `AgentOSClient`: `get_sessions`, `get_session` (with and without a type),
 *   `get_session_runs`, `get_session_run`, without `db_id`.
 * Answers are checked against the shapes those clients parse (./agentos-shapes.ts).
 */

const UI_ORIGIN = 'http://localhost:3000';

function agnoFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-compat-'));
  const file = path.join(dir, 'agents.db');
  buildAgnoDb(file, makeDemoSessions());
  return file;
}

describe('Given a page on http://localhost:3000 and the default CORS settings', () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    t = await startTestServer({ databases: [{ id: 'agents', path: agnoFile() }] });
    token = await t.token();
  });
  afterAll(async () => t?.stop());

  const preflight = (p: string, origin: string, method = 'GET') =>
    fetch(`${t.baseUrl}${p}`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization,content-type' },
    });

  it('When the browser preflights a bearer request, Then rundesk allows the origin, the method, the headers and credentials', async () => {
    const res = await preflight(`/sessions/${DEMO.agentSingle}/runs/r`, UI_ORIGIN);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(UI_ORIGIN);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-allow-methods')).toContain('GET');
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
    expect(res.headers.get('access-control-max-age')).toBe('600');
    expect(res.headers.get('vary')).toContain('Origin');
  });

  it('When a public origin (the control plane) preflights a loopback call, Then private network access is allowed for it only', async () => {
    const ask = (origin: string) =>
      fetch(`${t.baseUrl}/sessions`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-private-network': 'true' },
      });
    const listed = await ask('https://os.agno.com');
    expect(listed.status).toBe(200);
    expect(listed.headers.get('access-control-allow-private-network')).toBe('true');
    const plain = await preflight('/sessions', 'https://os.agno.com');
    expect(plain.headers.get('access-control-allow-private-network')).toBeNull();
    const foreign = await ask('https://evil.example');
    expect(foreign.headers.get('access-control-allow-private-network')).toBeNull();
  });

  it('When the page reads a run with a bearer token, Then the answer carries the CORS headers', async () => {
    const runs = await (await t.get(`/sessions/${DEMO.agentMulti}/runs?type=agent&db_id=agents`, token)).json();
    const res = await t.get(`/sessions/${DEMO.agentMulti}/runs/${runs[0].run_id}?db_id=agents`, token, { origin: UI_ORIGIN });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(UI_ORIGIN);
    expect(RunSchema.safeParse(await res.json()).success).toBe(true);
  });

  it.each([
    ['a 401 without a token', () => t.get('/sessions', null, { origin: UI_ORIGIN }), 401, 'UNAUTHENTICATED'],
    ['a 404 for an unknown session', () => t.get('/sessions/nope/runs/nope', token, { origin: UI_ORIGIN }), 404, 'NOT_FOUND'],
    ['a 422 for a bad type', () => t.get('/sessions/s/runs/r?type=robot', token, { origin: UI_ORIGIN }), 422, 'VALIDATION_ERROR'],
    ['a 400 for a body that is not JSON (the body parser\'s own refusal)', () => fetch(`${t.baseUrl}/sessions/s/runs`, { method: 'POST', headers: { origin: UI_ORIGIN, authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{"broken' }), 400, 'BAD_REQUEST'],
    ['a 413 for a body over the limit', () => fetch(`${t.baseUrl}/sessions/s/runs`, { method: 'POST', headers: { origin: UI_ORIGIN, authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: `{"a":"${'x'.repeat(11 * 1024 * 1024)}"}` }), 413, 'PAYLOAD_TOO_LARGE'],
    ['a 501 for running an agent', () => fetch(`${t.baseUrl}/agents/a/runs`, { method: 'POST', headers: { origin: UI_ORIGIN, authorization: `Bearer ${token}` } }), 501, 'NOT_IMPLEMENTED'],
  ])('When the answer is %s, Then the page can still read its body', async (_what, call, status, code) => {
    const res = await call();
    expect(res.status).toBe(status);
    expect(res.headers.get('access-control-allow-origin')).toBe(UI_ORIGIN);
    expect(res.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
    expect((await res.json()).error_code).toBe(code);
  });

  it('When a page on an unlisted origin asks, Then no CORS header is sent and its preflight is refused', async () => {
    const res = await t.get('/health', null, { origin: 'https://evil.example' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    // Answers depend on Origin even when none was sent, so no cache may hand one to another page.
    expect((await t.get('/health')).headers.get('vary')).toContain('Origin');
    const pre = await preflight('/sessions', 'https://evil.example');
    expect(pre.status).toBe(400);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    expect(await pre.json()).toEqual({ detail: 'Disallowed CORS origin', error_code: 'CORS_ORIGIN_NOT_ALLOWED' });
  });

  it('When even a listed origin calls /desk or /ui, Then no CORS header is sent', async () => {
    // Express routes paths case-insensitively, so /DESK is the desk too.
    for (const p of ['/desk/settings', '/ui/', '/DESK/settings', '/Ui/']) {
      const res = await t.get(p, null, { origin: UI_ORIGIN });
      expect(res.headers.get('access-control-allow-origin'), p).toBeNull();
      const pre = await preflight(p, UI_ORIGIN);
      expect(pre.headers.get('access-control-allow-origin'), p).toBeNull();
    }
  });

  it("When agent-ui loads, Then each request of its sequence answers what it parses, without db_id typed by hand", async () => {
    const headers = { origin: UI_ORIGIN, 'content-type': 'application/json' };
    expect((await t.get('/health', token, headers)).status).toBe(200);
    const agents = await (await t.get('/agents', token, headers)).json();
    const teams = await (await t.get('/teams', token, headers)).json();
    expect(agents.length).toBeGreaterThan(0);
    expect(teams.length).toBeGreaterThan(0);
    for (const item of [...agents, ...teams]) {
      expect(ComponentSummary.safeParse(item).success).toBe(true);
      expect(item.db_id).toBe('agents');
    }
    // agent-ui shows its model box from `model.model` (AgentOS's ModelResponse).
    expect(agents[0].model).toEqual({ name: expect.any(String), model: expect.any(String), provider: expect.any(String) });
    const agent = agents.find((a: { id: string }) => a.id !== null);
    const sessions = await (await t.get(`/sessions?type=agent&component_id=${agent.id}&db_id=${agent.db_id}`, token, headers)).json();
    expect(SessionPage.parse(sessions).data.length).toBeGreaterThan(0);
    const withRuns = sessions.data.find((s: { run_count: number }) => s.run_count > 0);
    const runs = await (await t.get(`/sessions/${withRuns.session_id}/runs?type=agent&db_id=${agent.db_id}`, token, headers)).json();
    expect(runs.length).toBeGreaterThan(0);
    for (const run of runs) expect(typeof run.run_input === 'string' || run.run_input === null).toBe(true);
  });

  it('When a client sends an empty db_id or table, Then it is read as absent (no 422)', async () => {
    expect((await t.get('/agents?db_id=', token)).status).toBe(200);
    const page = await (await t.get('/sessions?type=agent&db_id=&table=', token)).json();
    expect(page.meta.total_count).toBeGreaterThan(0);
  });

  it('When a client sends an empty type, Then it is a 422 as on the platform (its enum has no empty value), and an empty user_id is the empty user, whose sessions are none', async () => {
    for (const p of ['/sessions?type=', `/sessions/${DEMO.agentSingle}?type=`, `/sessions/${DEMO.agentSingle}/runs?type=`, `/sessions/${DEMO.agentSingle}/runs/r?type=`]) {
      const res = await t.get(p, token);
      expect(res.status, p).toBe(422);
      expect((await res.json()).detail, p).toContain('type');
    }
    const page = await (await t.get('/sessions?user_id=', token)).json();
    expect(page.meta.total_count).toBe(0);
    expect((await t.get(`/sessions/${DEMO.agentSingle}?user_id=`, token)).status).toBe(404);
  });

  it("When Agno's AgentOSClient reads sessions without db_id, Then the attached file answers and every answer parses", async () => {
    const page = await (await t.get('/sessions?limit=20&page=1&sort_by=created_at&sort_order=desc', token)).json();
    expect(SessionPage.parse(page).meta.total_count).toBe(makeDemoSessions().length);
    for (const [id, type] of [
      [DEMO.agentMulti, 'agent'],
      [DEMO.teamStored, 'team'],
      [DEMO.workflowEvents, 'workflow'],
    ] as const) {
      for (const query of [`?type=${type}`, '']) {
        const res = await t.get(`/sessions/${id}${query}`, token);
        expect(res.status).toBe(200);
        const detail = await res.json();
        const parsed = clientSessionSchema(detail, query ? type : undefined).safeParse(detail);
        expect(parsed.success, `${type} ${query}: ${parsed.error?.message}`).toBe(true);
      }
      const runs = await (await t.get(`/sessions/${id}/runs?type=${type}`, token)).json();
      expect(runs.length).toBeGreaterThan(0);
      for (const run of runs) expect(clientRunSchema(run).safeParse(run).success, run.run_id).toBe(true);
      const one = await (await t.get(`/sessions/${id}/runs/${runs[runs.length - 1].run_id}?type=${type}`, token)).json();
      expect(clientRunSchema(one).safeParse(one).success).toBe(true);
    }
  });

  it('When an agent session is read, Then it carries the fields AgentSessionDetailSchema requires, and the chat history', async () => {
    const detail = await (await t.get(`/sessions/${DEMO.agentMulti}?type=agent`, token)).json();
    expect(detail.agent_session_id).toBe(DEMO.agentMulti);
    expect(detail.chat_history.length).toBeGreaterThan(0);
    expect(detail.chat_history.every((m: { from_history?: boolean }) => m.from_history !== true)).toBe(true);
    expect(detail).toHaveProperty('session_state');
    expect(detail).toHaveProperty('metrics');
  });

  it('When sessions are filtered by session_name and sorted by session_id, Then the platform semantics apply', async () => {
    const all = await (await t.get('/sessions?limit=100&sort_by=session_id&sort_order=asc', token)).json();
    const ids = all.data.map((s: { session_id: string }) => s.session_id);
    expect(ids).toEqual([...ids].sort());
    const name = all.data.find((s: { session_name: string }) => s.session_name.length > 4).session_name as string;
    const part = name.slice(1, 4).toUpperCase();
    const named = await (await t.get(`/sessions?session_name=${encodeURIComponent(part)}`, token)).json();
    expect(named.data.length).toBeGreaterThan(0);
    expect(named.data.every((s: { session_name: string }) => s.session_name.toLowerCase().includes(part.toLowerCase()))).toBe(true);
    expect((await t.get('/sessions?sort_by=colour', token)).status).toBe(422);
  });

  it('When GET /config is asked, Then it names the databases, the answering one and the components', async () => {
    const config = await (await t.get('/config', token)).json();
    expect(config).toMatchObject({ os_id: 'rundesk-local', databases: ['default', 'agents'], os_database: 'agents', interfaces: [] });
    expect(config.session.dbs.find((d: { db_id: string }) => d.db_id === 'agents').tables).toEqual(['agno_sessions']);
    expect(config.agents.length).toBeGreaterThan(0);
    // Agno 3's client parses `available_models` as a list (a list of models there, of names in 2.9): empty fits both.
    expect(config.available_models).toEqual([]);
  });
});

describe('Given a listed origin and answers the auth layer refuses or the server fails', () => {
  let t: TestServer;
  let file: string;
  beforeAll(async () => {
    file = agnoFile();
    t = await startTestServer({ auth: { authorization: true }, databases: [{ id: 'scratch', path: file, read_only: false }] });
  });
  afterAll(async () => t?.stop());

  it('When the token lacks the scope (403) or the database breaks (503), Then the page still reads the body', async () => {
    const reader = await t.token({ sub: 'ada', scopes: ['agents:read'] });
    const denied = await t.get('/sessions', reader, { origin: UI_ORIGIN });
    expect(denied.status).toBe(403);
    expect(denied.headers.get('access-control-allow-origin')).toBe(UI_ORIGIN);
    expect((await denied.json()).error_code).toBe('FORBIDDEN');

    const raw = new Database(file);
    raw.exec('DROP TABLE agno_sessions');
    raw.close();
    const broken = await t.get('/sessions?db_id=scratch', await t.token(), { origin: UI_ORIGIN });
    expect(broken.status).toBe(503);
    expect(broken.headers.get('access-control-allow-origin')).toBe(UI_ORIGIN);
    expect(await broken.json()).toMatchObject({ error_code: 'DATABASE_UNAVAILABLE' });
  });
});

describe('Given runs in both the built-in database and an attached file', () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    // Ingested before the file is attached: attached first, the file would answer (the built-in
    // database empty), the write without db_id would go there (read-only: 409), and a write with
    // db_id=default would pin the file — the answering database never changes by itself.
    t = await startTestServer();
    token = await t.token();
    const run = { run_id: 'local-run', agent_id: 'local-agent', status: 'COMPLETED', created_at: 1_800_000_000 };
    expect((await t.post('/sessions/local-session/runs', run, token)).status).toBe(201);
    const attached = await fetch(`${t.baseUrl}/desk/databases`, {
      method: 'POST',
      headers: { 'x-desk-token': t.server.deskToken, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'agents', path: agnoFile() }),
    });
    expect(attached.status).toBe(201);
  });
  afterAll(async () => t?.stop());

  it('When agents are listed without db_id, Then both databases are listed, each item with its db_id', async () => {
    const agents = await (await t.get('/agents', token)).json();
    const dbIds = new Set(agents.map((a: { db_id: string }) => a.db_id));
    expect(dbIds).toEqual(new Set(['default', 'agents']));
    expect(agents.find((a: { id: string }) => a.id === 'local-agent').db_id).toBe('default');
    const narrowed = await (await t.get('/agents?db_id=agents', token)).json();
    expect(narrowed.every((a: { db_id: string }) => a.db_id === 'agents')).toBe(true);
    expect((await t.get('/agents/local-agent', token)).status).toBe(200);
  });

  it('When the built-in database holds sessions, Then it answers requests without db_id (written runs are read back)', async () => {
    const page = await (await t.get('/sessions', token)).json();
    expect(page.data.map((s: { session_id: string }) => s.session_id)).toEqual(['local-session']);
  });
});

describe('Given default_database names the attached file', () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    const file = agnoFile();
    t = await startTestServer({ default_database: 'agents', databases: [{ id: 'agents', path: file, read_only: false }] });
    token = await t.token();
  });
  afterAll(async () => t?.stop());

  it('When a client reads and writes without db_id, Then the attached file answers both', async () => {
    const run = { run_id: 'new-run', agent_id: 'a', status: 'COMPLETED', created_at: 1_800_000_000 };
    expect((await t.post('/sessions/new-session/runs', run, token)).status).toBe(201);
    expect((await t.get('/sessions/new-session/runs/new-run', token)).status).toBe(200);
    expect((await t.get('/sessions/new-session/runs/new-run?db_id=agents', token)).status).toBe(200);
    expect((await t.get('/sessions/new-session/runs/new-run?db_id=default', token)).status).toBe(404);
  });
});

describe('Given settings for CORS and the answering database', () => {
  it('refuses "*", a path after the origin, and a default_database that is not attached, naming the key', async () => {
    const cases: Array<[SettingsInput, string]> = [
      [{ cors_allowed_origins: ['*'] }, 'cors_allowed_origins'],
      [{ cors_allowed_origins: ['http://localhost:3000/app'] }, 'cors_allowed_origins'],
      [{ default_database: 'nowhere' }, 'default_database'],
    ];
    for (const [settings, key] of cases) {
      await expect(startTestServer(settings)).rejects.toThrow(key);
    }
  });

  it('replaces the default origins with the listed ones, as AgentOS does', async () => {
    const t = await startTestServer({ cors_allowed_origins: ['http://127.0.0.1:5173'] });
    try {
      const own = await t.get('/health', null, { origin: 'http://127.0.0.1:5173' });
      expect(own.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
      const dflt = await t.get('/health', null, { origin: UI_ORIGIN });
      expect(dflt.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await t.stop();
    }
  });
});
