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
