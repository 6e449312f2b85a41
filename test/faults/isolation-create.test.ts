import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing/server-harness.js';

/**
 * Issue 29 item 8: under user isolation, creating a session must not tell whether an id is held
 * by another user. A caller confined to its own rows cannot choose the new id at all: the answer
 * to a chosen id is the same 409 whether it is free, the caller's own, or another user's.
 */
describe('Given user isolation', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ auth: { user_isolation: true } });
  });
  afterAll(async () => t?.stop());

  const as = (sub: string) => t.token({ sub, scopes: ['sessions:read', 'sessions:write'] });

  it('When Bob creates a session under an id Alice holds, an id nobody holds, or his own, Then each answer is the same 409', async () => {
    const admin = await t.token({ sub: 'root', scopes: ['platform:admin'] });
    const alices = (await (await t.post('/sessions', {}, await as('alice'))).json()).session_id as string;
    const bob = await as('bob');
    const own = await t.post('/sessions', {}, bob);
    expect(own.status).toBe(201);
    const ownId = (await own.json()).session_id as string;
    const answers = await Promise.all(
      [alices, 'nobodys', ownId].map(async (id) => {
        const res = await t.post('/sessions', { session_id: id }, bob);
        const body = await res.json();
        return { status: res.status, body: { ...body, detail: String(body.detail).replace(id, '<id>') } };
      }),
    );
    expect(answers[0]).toMatchObject({ status: 409, body: { error_code: 'CONFLICT' } });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    // Nothing was written, and Alice's session is still hers alone.
    expect((await t.get('/sessions/nobodys', admin)).status).toBe(404);
    expect((await (await t.get(`/sessions/${alices}`, admin)).json()).user_id).toBe('alice');
  });

  it('When the admin names the id, Then it is created as before', async () => {
    const admin = await t.token({ sub: 'root', scopes: ['platform:admin'] });
    expect((await t.post('/sessions', { session_id: 'chosen' }, admin)).status).toBe(201);
  });
});
