import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/server-harness.js';

let t: TestServer;
let admin: string;

const agentRun = (runId: string, extra: Record<string, unknown> = {}) => ({
  run_id: runId,
  agent_id: 'weather-agent',
  user_id: 'ada',
  status: 'COMPLETED',
  created_at: 1_771_086_857,
  content: 'Sunny',
  content_type: 'str',
  input: { input_content: 'Weather in Lisbon?' },
  messages: [
    { role: 'user', content: 'Weather in Lisbon?', created_at: 1_771_086_857 },
    { role: 'assistant', content: 'Sunny', created_at: 1_771_086_858 },
  ],
  metrics: { total_tokens: 10, duration: 1.5 },
  ...extra,
});

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.token({ sub: 'admin', scopes: ['platform:admin'] });
  expect((await t.post('/sessions/s-agent/runs?type=agent', agentRun('r1'), admin)).status).toBe(201);
  expect((await t.post('/sessions/s-agent/runs?type=agent', agentRun('r2', { status: 'ERROR' }), admin)).status).toBe(201);
  expect(
    (await t.post('/sessions/s-team/runs?type=team', { run_id: 'tr1', team_id: 'research-team', status: 'COMPLETED', created_at: 1_771_086_900 }, admin))
      .status,
  ).toBe(201);
  expect(
    (
      await t.post(
        '/sessions/s-flow/runs?type=workflow',
        { run_id: 'wr1', workflow_id: 'blog-flow', status: 'COMPLETED', created_at: 1_771_087_000, input: { topic: 'AI' }, step_results: [] },
        admin,
      )
    ).status,
  ).toBe(201);
});

afterAll(async () => {
  await t?.stop();
});

describe('GET /sessions/{session_id}/runs/{run_id}', () => {
  it('When type is omitted, then it defaults to agent and answers the agent run shape', async () => {
    const res = await t.get('/sessions/s-agent/runs/r1', admin);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ run_id: 'r1', agent_id: 'weather-agent', user_id: 'ada', status: 'COMPLETED', run_input: 'Weather in Lisbon?' });
    expect(body.run_response_format).toBe('text');
    expect(body.created_at).toBe('2026-02-14T16:34:17Z');
    expect(body).toHaveProperty('input_media');
    expect(body).not.toHaveProperty('team_id');
  });

  it('When type=team, then the team shape has team_id and no agent_id or user_id', async () => {
    const body = await (await t.get('/sessions/s-team/runs/tr1?type=team', admin)).json();
    expect(body.team_id).toBe('research-team');
    expect(body).not.toHaveProperty('agent_id');
    expect(body).not.toHaveProperty('user_id');
    expect(body).toHaveProperty('messages');
  });

  it('When type=workflow, then the workflow shape has no messages, tools, session_state or input_media', async () => {
    const body = await (await t.get('/sessions/s-flow/runs/wr1?type=workflow', admin)).json();
    expect(body.workflow_id).toBe('blog-flow');
    for (const absent of ['messages', 'tools', 'session_state', 'input_media', 'run_response_format', 'agent_id', 'team_id']) {
      expect(body).not.toHaveProperty(absent);
    }
    expect(body).toHaveProperty('step_results');
  });

  it('When type is not a session type, then it is a 422 VALIDATION_ERROR naming the parameter', async () => {
    const res = await t.get('/sessions/s-agent/runs/r1?type=robot', admin);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error_code).toBe('VALIDATION_ERROR');
    expect(body.detail).toContain('query.type');
  });

  it('When the session is missing, then 404 says which session', async () => {
    const res = await t.get('/sessions/nope/runs/r1', admin);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Session with ID nope not found', error_code: 'NOT_FOUND' });
  });

  // Failed before: 404 "use ?type=team" (Agno 3's client omits type; AgentOS looks the session up by id).
  it('When type is left out or names another kind, then the session is found by id and the shape comes from the run\'s own fields', async () => {
    for (const query of ['', '?type=agent', '?type=workflow']) {
      const res = await t.get(`/sessions/s-team/runs/tr1${query}`, admin);
      expect(res.status, query).toBe(200);
      const body = await res.json();
      expect(body.team_id, query).toBe('research-team');
      expect(body, query).not.toHaveProperty('agent_id');
    }
    const flow = await (await t.get('/sessions/s-flow/runs/wr1?type=agent', admin)).json();
    expect(flow).toMatchObject({ workflow_id: 'blog-flow' });
    expect(flow).not.toHaveProperty('messages');
    const agent = await (await t.get('/sessions/s-agent/runs/r1?type=team', admin)).json();
    expect(agent).toMatchObject({ agent_id: 'weather-agent', user_id: 'ada' });
    expect(agent).not.toHaveProperty('team_id');
  });

  // Failed before: a TeamRun with team_id "".
  it('When a member run is read through its team session with type=team, then it is a Run', async () => {
    expect((await t.post('/sessions/s-team/runs?type=team', agentRun('m1', { parent_run_id: 'tr1' }), admin)).status).toBe(201);
    const body = await (await t.get('/sessions/s-team/runs/m1?type=team', admin)).json();
    expect(body).toMatchObject({ run_id: 'm1', agent_id: 'weather-agent', user_id: 'ada', parent_run_id: 'tr1' });
    expect(body).not.toHaveProperty('team_id');
  });

  // Failed before: 404 (the session was looked up under `type`).
  it('When a run list names another type than the session\'s, then the session is found by id and its runs classified by that type, as AgentOS', async () => {
    const own = await (await t.get('/sessions/s-flow/runs', admin)).json();
    expect(own).toEqual([expect.objectContaining({ run_id: 'wr1', workflow_id: 'blog-flow' })]);
    const asAgent = await t.get('/sessions/s-flow/runs?type=agent', admin);
    expect(asAgent.status).toBe(200);
    const [run] = await asAgent.json();
    expect(run).toMatchObject({ run_id: 'wr1', run_response_format: 'text' });
    expect(run).not.toHaveProperty('workflow_id');
    expect((await t.get('/sessions/s-flow/runs?type=agent&limit=5', admin)).status).toBe(200);
    expect((await t.get('/sessions/s-flow/runs?type=team&around=wr1', admin)).status).toBe(200);
  });

  it('When the run is missing, then 404 names run and session', async () => {
    const body = await (await t.get('/sessions/s-agent/runs/zzz', admin)).json();
    expect(body.detail).toBe('Run with ID zzz not found in session s-agent');
  });

  it('When user_id names another user, then the session is not found', async () => {
    expect((await t.get('/sessions/s-agent/runs/r1?user_id=bob', admin)).status).toBe(404);
    expect((await t.get('/sessions/s-agent/runs/r1?user_id=ada', admin)).status).toBe(200);
  });

  it('When table is given without db_id, then it is a 400 BAD_REQUEST', async () => {
    const res = await t.get('/sessions/s-agent/runs/r1?table=sessions', admin);
    expect(res.status).toBe(400);
    expect((await res.json()).error_code).toBe('BAD_REQUEST');
  });

  it('When db_id is unknown, then it is a 404', async () => {
    const res = await t.get('/sessions/s-agent/runs/r1?db_id=elsewhere', admin);
    expect(res.status).toBe(404);
    expect((await res.json()).detail).toContain('elsewhere');
  });

  it('When no token is sent, then 401 with WWW-Authenticate: Bearer', async () => {
    const res = await t.get('/sessions/s-agent/runs/r1');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await res.json()).error_code).toBe('UNAUTHENTICATED');
  });
});

describe('ingest and the other session routes', () => {
  it('When the same run_id is posted again, then it is replaced (200) and not duplicated', async () => {
    const res = await t.post('/sessions/s-agent/runs?type=agent', agentRun('r1', { content: 'Rainy' }), admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ session_id: 's-agent', run_id: 'r1', session_created: false, run_created: false });
    const runs = await (await t.get('/sessions/s-agent/runs', admin)).json();
    expect(runs.map((r: { run_id: string }) => r.run_id)).toEqual(['r1', 'r2']);
    expect(runs[0].content).toBe('Rainy');
  });

  it('When the body lacks run_id or has a malformed field, then 422 names the field', async () => {
    const missing = await t.post('/sessions/s-x/runs', { status: 'COMPLETED' }, admin);
    expect(missing.status).toBe(422);
    expect((await missing.json()).detail).toContain('body.run_id');
    const wrong = await t.post('/sessions/s-x/runs', { run_id: 'a', messages: 'hello' }, admin);
    expect((await wrong.json()).detail).toContain('body.messages');
  });

  it('When the body is not JSON, then 400; when it is too large, then 413', async () => {
    expect((await t.post('/sessions/s-x/runs', '{"run_id":', admin)).status).toBe(400);
    const huge = JSON.stringify({ run_id: 'big', content: 'x'.repeat(11 * 1024 * 1024) });
    const res = await t.post('/sessions/s-x/runs', huge, admin);
    expect(res.status).toBe(413);
    expect((await res.json()).error_code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('When a run is posted to a session of another type, then 409 and nothing changes', async () => {
    const res = await t.post('/sessions/s-agent/runs?type=team', { run_id: 'tx', team_id: 'x' }, admin);
    expect(res.status).toBe(409);
    expect((await t.get('/sessions/s-agent/runs/tx', admin)).status).toBe(404);
  });

  it('When sessions are listed, then they come newest first with counts and pagination', async () => {
    const body = await (await t.get('/sessions?limit=2', admin)).json();
    expect(body.meta).toMatchObject({ page: 1, limit: 2, total_count: 3, total_pages: 2 });
    expect(body.data[0].session_id).toBe('s-flow');
    const agents = await (await t.get('/sessions?type=agent', admin)).json();
    expect(agents.data).toHaveLength(1);
    expect(agents.data[0]).toMatchObject({ session_id: 's-agent', run_count: 2, session_type: 'agent' });
  });

  it('When a session is fetched, then its detail carries name and counts; another type is a 404', async () => {
    const body = await (await t.get('/sessions/s-agent', admin)).json();
    expect(body).toMatchObject({ session_id: 's-agent', run_count: 2, session_name: 'Weather in Lisbon?' });
    expect((await t.get('/sessions/s-agent?type=team', admin)).status).toBe(404);
  });

  it('When agents, teams and workflows are listed, then they are derived from the sessions', async () => {
    const agents = await (await t.get('/agents', admin)).json();
    expect(agents).toEqual([expect.objectContaining({ id: 'weather-agent', session_count: 1, run_count: 2 })]);
    expect((await (await t.get('/teams', admin)).json())[0].id).toBe('research-team');
    expect((await (await t.get('/workflows', admin)).json())[0].id).toBe('blog-flow');
    expect((await t.get('/agents/weather-agent', admin)).status).toBe(200);
    expect((await t.get('/agents/ghost', admin)).status).toBe(404);
  });

  it('When a session is deleted, then it is gone (204, then 404)', async () => {
    await t.post('/sessions/s-del/runs', agentRun('d1'), admin);
    const res = await fetch(`${t.baseUrl}/sessions/s-del`, { method: 'DELETE', headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(204);
    expect((await t.get('/sessions/s-del/runs/d1', admin)).status).toBe(404);
  });

  it('When sessions are deleted in bulk, then each named one goes by id whatever type is named, as on the platform', async () => {
    await t.post('/sessions/s-bulk-1/runs', agentRun('b1'), admin);
    await t.post('/sessions/s-bulk-2/runs', agentRun('b2'), admin);
    const bulk = (body: unknown) =>
      fetch(`${t.baseUrl}/sessions`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const uneven = await bulk({ session_ids: ['s-bulk-1'], session_types: ['agent', 'team'] });
    expect(uneven.status).toBe(400);
    expect(((await uneven.json()) as { detail: string }).detail).toBe('Session IDs and session types must have the same length');
    expect((await bulk({ session_ids: [], session_types: [] })).status).toBe(422);
    expect((await t.get('/sessions/s-bulk-1/runs/b1', admin)).status).toBe(200);
    expect((await bulk({ session_ids: ['s-bulk-1', 's-bulk-2', 'missing'], session_types: ['team', 'agent', 'agent'] })).status).toBe(204);
    expect((await t.get('/sessions/s-bulk-1/runs/b1', admin)).status).toBe(404);
    expect((await t.get('/sessions/s-bulk-2/runs/b2', admin)).status).toBe(404);
  });

  it('When a session that does not exist is deleted, then it is a 204 as on the platform', async () => {
    const res = await fetch(`${t.baseUrl}/sessions/missing-session`, { method: 'DELETE', headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(204);
  });

});

describe('open routes and local security', () => {
  it('When /health, /info, / and /openapi.json are requested without a token, then they answer', async () => {
    expect(await (await t.get('/health')).json()).toMatchObject({ status: 'ok' });
    expect(await (await t.get('/info')).json()).toMatchObject({ name: 'rundesk', os_id: 'rundesk-local', api_version: '2.5.6' });
    expect((await t.get('/', null, { accept: 'application/json' })).status).toBe(200);
    const doc = await (await t.get('/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('2.5.6');
    expect(doc.paths['/sessions/{session_id}/runs/{run_id}'].get.operationId).toBe('get_session_run');
  });

  it('When the Host header is not a loopback name for this port, then 403 (DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${t.baseUrl}/health`, { headers: { host: 'evil.example:80' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });

  it('When a route does not exist, then the answer uses the same error envelope', async () => {
    const res = await t.get('/nowhere', admin);
    expect(res.status).toBe(404);
    expect((await res.json()).error_code).toBe('NOT_FOUND');
  });

  it('When responses are sent, then no permissive CORS header is present', async () => {
    const res = await t.get('/health', null, { origin: 'http://evil.example' });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
