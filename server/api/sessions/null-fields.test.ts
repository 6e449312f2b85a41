import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/server-harness.js';

/**
 * Agno's `AgentOSClient.create_session` (2.9 and 3) sends every optional field, unset ones as
 * explicit `null`; AgentOS reads them as absent (`Optional[...] = None`). Failed before: 422.
 */
let t: TestServer;
let admin: string;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.token({ sub: 'admin', scopes: ['platform:admin'] });
});

afterAll(async () => {
  await t?.stop();
});

async function send(method: 'POST' | 'PATCH', pathAndQuery: string, body: unknown) {
  const res = await fetch(`${t.baseUrl}${pathAndQuery}`, {
    method,
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('null means absent in session write bodies', () => {
  it('When create_session sends its optional fields as null, Then the session is created as if they were left out', async () => {
    const created = await send('POST', '/sessions?type=agent', {
      session_id: 'null-fields',
      session_name: null,
      session_state: null,
      metadata: null,
      user_id: null,
      agent_id: null,
      team_id: null,
      workflow_id: null,
    });
    expect(created.status).toBe(201);
    // As when left out: the owner comes from the token.
    expect(created.body).toMatchObject({ session_id: 'null-fields', session_state: null, user_id: 'admin' });
    const generated = await send('POST', '/sessions', { session_id: null });
    expect(generated.status).toBe(201);
    expect(typeof generated.body['session_id']).toBe('string');
  });

  it('When PATCH sends session_state (or another field) as null, Then that field is left as it was', async () => {
    await send('POST', '/sessions?type=agent', { session_id: 'patched', session_state: { step: 1 }, metadata: { tag: 'x' } });
    const patched = await send('PATCH', '/sessions/patched?type=agent', { session_name: 'Renamed', session_state: null, metadata: null, summary: null });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ session_name: 'Renamed', session_state: { step: 1 }, metadata: { tag: 'x' } });
  });

  it('When a field has a wrong type, Then it is still a 422 naming it', async () => {
    const bad = await send('POST', '/sessions', { session_state: 'nope' });
    expect(bad.status).toBe(422);
    expect(String(bad.body['detail'])).toContain('session_state');
  });

  it('When the OpenAPI document describes the bodies, Then the optional fields are nullable as AgentOS declares them', async () => {
    const doc = (await (await t.get('/openapi.json')).json()) as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
    for (const [schema, field] of [['CreateSessionRequest', 'session_state'], ['CreateSessionRequest', 'user_id'], ['UpdateSessionRequest', 'session_state']] as const) {
      expect(JSON.stringify(doc.components.schemas[schema]?.properties[field]), `${schema}.${field}`).toContain('"null"');
    }
  });
});
