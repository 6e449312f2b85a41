import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EvalSchema } from '../../server/api/evals/schemas.js';
import { UserMemorySchema } from '../../server/api/memories/schemas.js';
import { startTestServer, type TestResponse, type TestServer } from '../../server/testing/server-harness.js';

/**
 * The memory and eval-run writes of `AgentOSClient` (`create_memory`, `update_memory`,
 * `delete_memory`, `delete_memories`, `update_eval_run`, `delete_eval_runs`) as AgentOS 2.9 and
 * 3 answer them — the request forms the client sends (JSON bodies with `exclude_none`, `db_id`
 * and `table` in the query), their statuses and answer models — over a writable copy of an Agno
 * file, under user isolation. Before these routes rundesk answered every one `404 No route`.
 */

const FIXTURE = path.join(import.meta.dirname, '../fixtures/agno/agno-observability.db');
const DB = 'obs';
const OLIVIA_MEMORY = '638d7963-62b0-4b31-99fd-59d4c365a84b';
const EVAL_RUN = '7e5828c7-a8cc-4dae-ba99-27176934407a';
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

describe('Given a writable Agno file under user isolation', () => {
  let t: TestServer;
  let file: string;
  let admin: string;
  let olivia: string;
  let frank: string;
  let reader: string;
  let noUser: string;
  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-pw-http-'));
    file = path.join(dir, 'agents.db');
    fs.copyFileSync(FIXTURE, file);
    t = await startTestServer({
      auth: { authorization: true, user_isolation: true },
      databases: [
        { id: DB, path: file, read_only: false },
        { id: 'frozen', path: FIXTURE, read_only: true },
      ],
    });
    admin = await t.token({ sub: 'admin-user', scopes: ['platform:admin'] });
    const rw = ['memories:read', 'memories:write', 'memories:delete', 'evals:read', 'evals:write', 'evals:delete', 'metrics:write'];
    olivia = await t.token({ sub: 'olivia', scopes: rw });
    frank = await t.token({ sub: 'frank', scopes: rw });
    reader = await t.token({ sub: 'olivia', scopes: ['memories:read', 'evals:read'] });
    noUser = await t.token({ sub: null, scopes: rw });
  }, 60_000);
  afterAll(async () => t?.stop());

  const send = (method: string, p: string, token: string, body?: unknown): Promise<TestResponse> =>
    fetch(`${t.baseUrl}${p}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const raw = (sql: string, ...params: unknown[]) => {
    const db = new BetterSqlite3(file, { readonly: true });
    try {
      return db.prepare(sql).get(...params) as Record<string, unknown> | undefined;
    } finally {
      db.close();
    }
  };

  it('When create_memory is sent by an admin naming the user, Then 200 with the platform model, and the row is Agno\'s layout', async () => {
    const res = await send('POST', `/memories?db_id=${DB}`, admin, { memory: 'Ada likes Montréal', user_id: 'ada', topics: ['travel'] });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(UserMemorySchema.strict().safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ memory: 'Ada likes Montréal', topics: ['travel'], agent_id: null, team_id: null, user_id: 'ada', updated_at: expect.stringMatching(ISO) });
    expect(body.memory_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(raw('SELECT memory, topics, user_id, input FROM agno_memories WHERE memory_id = ?', body.memory_id)).toEqual({
      memory: '"Ada likes Montr\\u00e9al"',
      topics: '["travel"]',
      user_id: 'ada',
      input: null,
    });
    const back = await send('GET', `/memories/${body.memory_id}?db_id=${DB}`, admin);
    expect(await back.json()).toEqual(body);
  });

  it('When create_memory names no user and the caller is not pinned to one, Then 400 "User ID is required" (as AgentOS)', async () => {
    const res = await send('POST', `/memories?db_id=${DB}`, admin, { memory: 'no owner', topics: null });
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toBe('User ID is required');
  });

  it('When a user creates a memory naming someone else, Then it is theirs (the token decides); with no user id in the token every write is 403 (as AgentOS 3)', async () => {
    const res = await send('POST', `/memories?db_id=${DB}`, frank, { memory: 'Frank reads papers', user_id: 'olivia' });
    expect(res.status).toBe(200);
    expect((await res.json()).user_id).toBe('frank');
    expect((await send('POST', `/memories?db_id=${DB}`, noUser, { memory: 'x', user_id: 'olivia' })).status).toBe(403);
    for (const [method, p, body] of [
      ['DELETE', `/memories/${OLIVIA_MEMORY}`, undefined],
      ['DELETE', '/memories', { memory_ids: [OLIVIA_MEMORY] }],
      ['PATCH', `/eval-runs/${EVAL_RUN}`, { name: 'x' }],
      ['DELETE', '/eval-runs', { eval_run_ids: [EVAL_RUN] }],
      ['POST', '/metrics/refresh', undefined],
    ] as const) {
      expect((await send(method, `${p}?db_id=${DB}`, noUser, body)).status, `${method} ${p}`).toBe(403);
    }
  });

  it('When the body is not the platform\'s, Then 422 (empty text, text over 5000 characters, topics not a list)', async () => {
    for (const body of [{ memory: '', user_id: 'a' }, { memory: 'x'.repeat(5001), user_id: 'a' }, { memory: 'x', user_id: 'a', topics: 'travel' }]) {
      expect((await send('POST', `/memories?db_id=${DB}`, admin, body)).status).toBe(422);
    }
  });

  it('When update_memory is sent by another user, Then 404 "Memory not found" and the row is unchanged; by its owner, Then 200 with text and topics replaced', async () => {
    const before = raw('SELECT * FROM agno_memories WHERE memory_id = ?', OLIVIA_MEMORY);
    const refused = await send('PATCH', `/memories/${OLIVIA_MEMORY}?db_id=${DB}`, frank, { memory: 'hijacked', user_id: 'frank', topics: [] });
    expect(refused.status).toBe(404);
    expect((await refused.json()).detail).toBe('Memory not found');
    expect(raw('SELECT * FROM agno_memories WHERE memory_id = ?', OLIVIA_MEMORY)).toEqual(before);

    const res = await send('PATCH', `/memories/${OLIVIA_MEMORY}?db_id=${DB}`, olivia, { memory: 'Olivia moved her trip', user_id: 'olivia', topics: ['travel'] });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ memory_id: OLIVIA_MEMORY, memory: 'Olivia moved her trip', topics: ['travel'], user_id: 'olivia', agent_id: null, team_id: null });
    expect(raw('SELECT created_at FROM agno_memories WHERE memory_id = ?', OLIVIA_MEMORY)).toEqual({ created_at: before?.['created_at'] });
  });

  it('When delete_memory is sent by another user, Then 204 and nothing goes; by the owner, Then 204 and it is gone', async () => {
    const created = await (await send('POST', `/memories?db_id=${DB}`, olivia, { memory: 'to delete', user_id: 'olivia' })).json();
    const other = await send('DELETE', `/memories/${created.memory_id}?db_id=${DB}`, frank);
    expect(other.status).toBe(204);
    expect(raw('SELECT memory_id FROM agno_memories WHERE memory_id = ?', created.memory_id)).toBeDefined();
    expect((await send('DELETE', `/memories/${created.memory_id}?db_id=${DB}`, olivia)).status).toBe(204);
    expect(raw('SELECT memory_id FROM agno_memories WHERE memory_id = ?', created.memory_id)).toBeUndefined();
  });

  it("When delete_memories is sent with ids of two users, Then only the caller's go; an empty list is 422", async () => {
    const a = await (await send('POST', `/memories?db_id=${DB}`, olivia, { memory: 'a', user_id: 'olivia' })).json();
    const b = await (await send('POST', `/memories?db_id=${DB}`, frank, { memory: 'b', user_id: 'frank' })).json();
    const res = await send('DELETE', `/memories?db_id=${DB}`, olivia, { memory_ids: [a.memory_id, b.memory_id] });
    expect(res.status).toBe(204);
    expect(raw('SELECT memory_id FROM agno_memories WHERE memory_id = ?', a.memory_id)).toBeUndefined();
    expect(raw('SELECT memory_id FROM agno_memories WHERE memory_id = ?', b.memory_id)).toBeDefined();
    expect((await send('DELETE', `/memories?db_id=${DB}`, admin, { memory_ids: [] })).status).toBe(422);
  });

  it('When update_eval_run renames a run, Then 200 with the platform model and the new name; a missing run is 404 naming it; an empty name 422', async () => {
    const res = await send('PATCH', `/eval-runs/${EVAL_RUN}?db_id=${DB}`, admin, { name: 'Renamed' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(EvalSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ id: EVAL_RUN, name: 'Renamed' });
    expect(raw('SELECT name FROM agno_eval_runs WHERE run_id = ?', EVAL_RUN)).toEqual({ name: 'Renamed' });
    const missing = await send('PATCH', `/eval-runs/nope?db_id=${DB}`, admin, { name: 'x' });
    expect(missing.status).toBe(404);
    expect((await missing.json()).detail).toBe("Eval run with id 'nope' not found");
    expect((await send('PATCH', `/eval-runs/${EVAL_RUN}?db_id=${DB}`, admin, { name: '' })).status).toBe(422);
  });

  it('When delete_eval_runs is sent, Then 204 and the runs are gone', async () => {
    const res = await send('DELETE', `/eval-runs?db_id=${DB}`, admin, { eval_run_ids: [EVAL_RUN, 'missing'] });
    expect(res.status).toBe(204);
    expect(raw('SELECT run_id FROM agno_eval_runs WHERE run_id = ?', EVAL_RUN)).toBeUndefined();
  });

  it("When the caller lacks the write scopes, Then each write is 403 naming the platform's scope", async () => {
    const expected: Array<[string, string, unknown, string]> = [
      ['POST', '/memories', { memory: 'x', user_id: 'olivia' }, 'memories:write'],
      ['PATCH', `/memories/${OLIVIA_MEMORY}`, { memory: 'x' }, 'memories:write'],
      ['DELETE', `/memories/${OLIVIA_MEMORY}`, undefined, 'memories:delete'],
      ['DELETE', '/memories', { memory_ids: ['x'] }, 'memories:delete'],
      ['PATCH', `/eval-runs/${EVAL_RUN}`, { name: 'x' }, 'evals:write'],
      ['DELETE', '/eval-runs', { eval_run_ids: ['x'] }, 'evals:delete'],
    ];
    for (const [method, p, body, scope] of expected) {
      const res = await send(method, `${p}?db_id=${DB}`, reader, body);
      expect(res.status, `${method} ${p}`).toBe(403);
      expect((await res.json()).detail, `${method} ${p}`).toContain(scope);
    }
  });

  it('When a write goes to a database attached read-only, Then 409 saying it is read-only', async () => {
    const res = await send('POST', '/memories?db_id=frozen', admin, { memory: 'x', user_id: 'ada' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ detail: 'Database with ID frozen is read-only', error_code: 'READ_ONLY_DATABASE' });
    expect((await send('DELETE', '/eval-runs?db_id=frozen', admin, { eval_run_ids: [EVAL_RUN] })).status).toBe(409);
  });
});
