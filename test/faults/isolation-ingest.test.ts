import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing/server-harness.js';

/**
 * An ingest into a session another user owns. Under user isolation that session is one the caller
 * cannot see, and AgentOS answers a write to it (`PATCH /sessions/{id}`, `POST …/rename`) with
 * `404 Session with id '…' not found` (checked on AgentOS 2.9 with `user_isolation`; its run route
 * answers 200 and drops the run, which rundesk never does). Where the caller may see every session,
 * the conflict is named (409).
 */

describe('Given bob\'s agent session', () => {
  let t: TestServer;
  let ada: string;
  let bob: string;
  let admin: string;
  beforeAll(async () => {
    t = await startTestServer({ auth: { authorization: true, user_isolation: true } });
    const scopes = ['sessions:read', 'sessions:write'];
    ada = await t.token({ sub: 'ada', scopes });
    bob = await t.token({ sub: 'bob', scopes });
    admin = await t.token({ sub: 'root', scopes: ['platform:admin'] });
    expect((await t.post('/sessions/s-bob/runs?type=agent', { run_id: 'r1', agent_id: 'helper' }, bob)).status).toBe(201);
  });
  afterAll(async () => t?.stop());

  const bobsRuns = async () => ((await (await t.get('/sessions/s-bob/runs?type=agent', bob)).json()) as Array<{ run_id: string }>).map((r) => r.run_id);

  // Failed before: 409 "Session with ID s-bob belongs to another user" (and, with type=team, 409 "is an agent session").
  it('When ada, confined to her rows, ingests into it (with its type or another), Then 404 as a PATCH of it answers, and nothing is written', async () => {
    const patch = await fetch(`${t.baseUrl}/sessions/s-bob?type=agent`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${ada}`, 'content-type': 'application/json' },
      body: JSON.stringify({ session_name: 'mine now' }),
    });
    const patchBody = await patch.json();
    expect({ status: patch.status, body: patchBody }).toEqual({ status: 404, body: { detail: "Session with id 's-bob' not found", error_code: 'NOT_FOUND' } });
    for (const [type, run] of [
      ['agent', { run_id: 'r2', agent_id: 'helper' }],
      ['team', { run_id: 'r3', team_id: 'crew' }],
    ] as const) {
      const res = await t.post(`/sessions/s-bob/runs?type=${type}`, run, ada);
      expect({ type, status: res.status, body: await res.json() }).toEqual({ type, status: 404, body: patchBody });
    }
    expect(await bobsRuns()).toEqual(['r1']);
  });

  it('When an admin ingests a run of ada into it, Then 409 naming the conflict (the admin sees every session), and nothing is written', async () => {
    const res = await t.post('/sessions/s-bob/runs?type=agent', { run_id: 'r4', agent_id: 'helper', user_id: 'ada' }, admin);
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 409,
      body: { detail: 'Session with ID s-bob belongs to another user', error_code: 'CONFLICT' },
    });
    expect(await bobsRuns()).toEqual(['r1']);
  });
});
