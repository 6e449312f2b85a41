import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAgentOs, type FakeAgentOs } from '../../testing/fake-agentos.js';
import { startTestServer, type TestServer } from '../../testing/server-harness.js';
import { mergeListing } from './live-listings.js';

type Entry = { id: string; live?: boolean; db_id: string; tools?: unknown; run_count: number };

describe('Given rundesk in front of a live AgentOS whose database it also reads', () => {
  let upstream: FakeAgentOs;
  let rundesk: TestServer;

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'rundesk-live-'));
    const dbFile = path.join(dir, 'live.db');
    upstream = await startFakeAgentOs({ dbFile, paceMs: 1 });
    rundesk = await startTestServer({ upstream: { url: upstream.url }, auth: { authorization: true }, databases: [{ id: 'live', path: dbFile }] });
    // One stored run of the chat agent, written by the agent as it runs.
    const token = await rundesk.token({ scopes: ['agents:run'] });
    await fetch(`${rundesk.baseUrl}/agents/chat-agent/runs`, { method: 'POST', body: new URLSearchParams({ message: 'Hello there', stream: 'false' }), headers: { authorization: `Bearer ${token}` } });
  });
  afterAll(async () => {
    await rundesk?.stop();
    await upstream?.stop();
  });

  it('When GET /agents is asked, then the live agents come as the platform lists them, with the caller\'s token forwarded and the stored counts', async () => {
    const token = await rundesk.token({ sub: 'alice', scopes: ['agents:read'] });
    const res = await rundesk.get('/agents', token);
    expect(res.status).toBe(200);
    const agents = (await res.json()) as Entry[];
    expect(agents.map((a) => a.id)).toEqual(['weather-agent', 'chat-agent']);
    expect(agents.every((a) => a.live === true && a.db_id === 'live')).toBe(true);
    expect(agents[0]!.tools).toEqual(JSON.parse(fs.readFileSync(path.resolve('test/fixtures/upstream/agents-2.9.json'), 'utf8'))[0].tools);
    expect(agents[1]!.run_count).toBe(1);
    const asked = upstream.requests.filter((r) => r.url === '/agents').at(-1)!;
    expect(asked.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('When the caller holds only a per-resource scope, then only that live agent is listed', async () => {
    const token = await rundesk.token({ scopes: ['agents:chat-agent:read'] });
    const agents = (await (await rundesk.get('/agents', token)).json()) as Entry[];
    expect(agents.map((a) => a.id)).toEqual(['chat-agent']);
  });

  it('When one live agent, the teams, the workflows and /config are asked, then each lists the upstream\'s live entries', async () => {
    const token = await rundesk.token({ scopes: ['agents:read', 'teams:read', 'workflows:read', 'config:read'] });
    expect(((await (await rundesk.get('/agents/weather-agent', token)).json()) as Entry).live).toBe(true);
    expect(((await (await rundesk.get('/teams', token)).json()) as Entry[]).map((t) => t.id)).toEqual(['research-team']);
    expect(((await (await rundesk.get('/workflows', token)).json()) as Entry[]).map((t) => t.id)).toEqual(['draft-workflow']);
    const config = (await (await rundesk.get('/config', token)).json()) as { agents: Entry[]; workflows: Entry[] };
    expect(config.agents.map((a) => a.id)).toEqual(['weather-agent', 'chat-agent']);
    expect(config.workflows[0]!.live).toBe(true);
  });

  it('When one live workflow is asked, then it is the upstream\'s own answer for it, steps included (its listing has none), and a per-resource scope elsewhere does not reach it', async () => {
    const token = await rundesk.token({ scopes: ['workflows:read'] });
    const res = await rundesk.get('/workflows/draft-workflow', token);
    expect(res.status).toBe(200);
    const workflow = (await res.json()) as Entry & { steps?: Array<{ name: string }> };
    expect(workflow).toMatchObject({ id: 'draft-workflow', live: true, db_id: 'live' });
    expect(workflow.steps?.map((s) => s.name)).toEqual(['draft', 'shout']);
    expect(upstream.requests.at(-1)!.headers.authorization).toBe(`Bearer ${token}`);
    const other = await rundesk.token({ scopes: ['workflows:another-workflow:read'] });
    expect((await rundesk.get('/workflows/draft-workflow', other)).status).toBe(403);
    expect((await rundesk.get('/workflows/no-such-workflow', token)).status).toBe(404);
  });

  it('When /config is asked, then its available_models are the upstream\'s (AgentOS 2.9 offers none)', async () => {
    const token = await rundesk.token({ scopes: ['config:read'] });
    expect(((await (await rundesk.get('/config', token)).json()) as { available_models: unknown[] }).available_models).toEqual([]);
  });

  it('When /models is asked, then the upstream\'s live models come first, then the stored ones it does not list, each once', async () => {
    const token = await rundesk.token({ scopes: ['config:read'] });
    const models = (await (await rundesk.get('/models', token)).json()) as Array<{ id?: string; provider?: string }>;
    expect(models[0]).toEqual(JSON.parse(fs.readFileSync(path.resolve('test/fixtures/upstream/models-2.9.json'), 'utf8'))[0]);
    expect(new Set(models.map((m) => JSON.stringify(m))).size).toBe(models.length);
  });
});

describe('Given rundesk reading tokens from X-Api-Key, in front of a live AgentOS', () => {
  let upstream: FakeAgentOs;
  let rundesk: TestServer;
  beforeAll(async () => {
    upstream = await startFakeAgentOs({ requireToken: true });
    rundesk = await startTestServer({ upstream: { url: upstream.url }, auth: { authorization: true, token_header_key: 'X-Api-Key' } });
  });
  afterAll(async () => {
    await rundesk?.stop();
    await upstream?.stop();
  });

  it('When GET /agents carries the token in X-Api-Key, then the upstream is asked with that header, and lists its live agents', async () => {
    const token = await rundesk.token({ scopes: ['agents:read'] });
    const res = await fetch(`${rundesk.baseUrl}/agents`, { headers: { 'x-api-key': `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Entry[]).map((a) => a.id)).toEqual(['weather-agent', 'chat-agent']);
    const asked = upstream.requests.filter((r) => r.url === '/agents').at(-1)!;
    expect(asked.headers['x-api-key']).toBe(`Bearer ${token}`);
  });
});

describe('Given the developer (the desk view, not acting as a token)', () => {
  let open: FakeAgentOs;
  let guarded: FakeAgentOs;
  let rundesk: TestServer;
  const deskGet = (p: string) => fetch(`${rundesk.baseUrl}${p}`, { headers: { 'x-desk-token': rundesk.server.deskToken } });
  const useUpstream = async (url: string) => {
    const current = (await (await deskGet('/desk/settings')).json()) as { file_settings: Record<string, unknown> };
    const put = await fetch(`${rundesk.baseUrl}/desk/settings`, {
      method: 'PUT',
      headers: { 'x-desk-token': rundesk.server.deskToken, 'content-type': 'application/json' },
      body: JSON.stringify({ ...current.file_settings, upstream: { url } }),
    });
    expect(put.status).toBe(200);
  };
  beforeAll(async () => {
    open = await startFakeAgentOs();
    guarded = await startFakeAgentOs({ requireToken: true });
    rundesk = await startTestServer({ upstream: { url: open.url }, auth: { authorization: true } });
  });
  afterAll(async () => {
    await rundesk?.stop();
    await open?.stop();
    await guarded?.stop();
  });

  it('When the AgentOS has no JWT auth, then the live agents are listed, asked without any credential (the desk cookie never leaves)', async () => {
    await useUpstream(open.url);
    const res = await fetch(`${rundesk.baseUrl}/desk/view/agents`, { headers: { cookie: `rundesk_desk=${rundesk.server.deskToken}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Entry[]).filter((a) => a.live).map((a) => a.id)).toEqual(['weather-agent', 'chat-agent']);
    const asked = open.requests.filter((r) => r.url === '/agents').at(-1)!;
    expect(asked.headers.authorization).toBeUndefined();
    expect(asked.headers.cookie).toBeUndefined();
  });

  it('When the AgentOS requires a token, then the stored entries answer, and the Settings check says its live agents show to a token it trusts', async () => {
    await useUpstream(guarded.url);
    const res = await deskGet('/desk/view/agents');
    expect(res.status).toBe(200);
    expect(((await res.json()) as Entry[]).some((a) => a.live)).toBe(false);
    expect(guarded.requests.filter((r) => r.url === '/agents').at(-1)!.headers.authorization).toBeUndefined();
    const check = await fetch(`${rundesk.baseUrl}/desk/upstream/check`, { method: 'POST', headers: { 'x-desk-token': rundesk.server.deskToken, 'content-type': 'application/json' }, body: '{}' });
    const body = (await check.json()) as { reachable: boolean; listing_status: number; detail: string };
    expect(body).toMatchObject({ reachable: true, listing_status: 401 });
    expect(body.detail).toContain('act as a token it trusts');
    // The same listing as a token: the upstream's live agents.
    const token = await rundesk.token({ scopes: ['agents:read'] });
    expect(((await (await rundesk.get('/agents', token)).json()) as Entry[]).filter((a) => a.live)).toHaveLength(2);
  });
});

describe('Given an upstream that is down', () => {
  let rundesk: TestServer;
  beforeAll(async () => {
    rundesk = await startTestServer({ upstream: { url: 'http://127.0.0.1:9' } });
  });
  afterAll(async () => rundesk?.stop());

  it('When GET /agents is asked, then the stored listing still answers', async () => {
    const res = await rundesk.get('/agents', await rundesk.token({ scopes: ['agents:read'] }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });
});

describe('mergeListing', () => {
  const stored = (id: string, db_id: string) => ({ id, db_id, session_count: 2, run_count: 5, last_active_at: '2026-01-01T00:00:00Z', name: id });

  it('When an id is both live and stored, then it is listed once, live first, with the stored counts and database', () => {
    const out = mergeListing([{ id: 'a', db_id: 'upstream-db', tools: [] }], [stored('b', 'default'), stored('a', 'agents')], new Set(['default', 'agents']), 'default');
    expect(out).toEqual([
      { id: 'a', db_id: 'agents', tools: [], live: true, session_count: 2, run_count: 5, last_active_at: '2026-01-01T00:00:00Z' },
      stored('b', 'default'),
    ]);
  });

  it('When a live entry names a database rundesk does not have, then it gets the answering database', () => {
    const [entry] = mergeListing([{ id: 'a', db_id: 'elsewhere' }], [], new Set(['default']), 'default');
    expect(entry).toMatchObject({ id: 'a', db_id: 'default', live: true, run_count: 0, last_active_at: null });
  });
});

describe('Given rundesk in front of an Agno 3 AgentOS', () => {
  let upstream: FakeAgentOs;
  let rundesk: TestServer;
  beforeAll(async () => {
    upstream = await startFakeAgentOs({ configOf: '3' });
    rundesk = await startTestServer({ upstream: { url: upstream.url }, auth: { authorization: true } });
  });
  afterAll(async () => {
    await rundesk?.stop();
    await upstream?.stop();
  });

  it('When /config is asked, then its available_models are the models the AgentOS offers, as it lists them', async () => {
    const token = await rundesk.token({ scopes: ['config:read'] });
    const config = (await (await rundesk.get('/config', token)).json()) as { available_models: unknown[] };
    expect(config.available_models).toEqual(JSON.parse(fs.readFileSync(path.resolve('test/fixtures/upstream/config-3.json'), 'utf8')).available_models);
    expect(config.available_models).toHaveLength(3);
  });
});
