import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DayAggregatedMetricsSchema } from '../../server/api/metrics/schemas.js';
import { startTestServer, type TestResponse, type TestServer } from '../../server/testing/server-harness.js';

/**
 * `AgentOSClient.refresh_metrics` and `get_metrics_refresh_status` (404 No route before). The
 * fixture's two metrics rows were written by Agno's own `calculate_metrics()` over its sessions:
 * with them deleted, rundesk's refresh must write the same rows back (counts, tokens, models in
 * the same order, the same JSON text) in Agno's layout.
 */

const OBSERVABILITY = path.join(import.meta.dirname, '../fixtures/agno/agno-observability.db');
const AGNO3 = path.join(import.meta.dirname, '../fixtures/agno3/agno3-real.db');
const COMPARED = [
  'agent_runs_count',
  'team_runs_count',
  'workflow_runs_count',
  'agent_sessions_count',
  'team_sessions_count',
  'workflow_sessions_count',
  'users_count',
  'token_metrics',
  'model_metrics',
  'date',
  'aggregation_period',
  'completed',
];

function rows(file: string, sql: string): Record<string, unknown>[] {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return db.prepare(sql).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

const pick = (row: Record<string, unknown>) => Object.fromEntries(COMPARED.map((c) => [c, row[c]]));

describe('Given Agno files attached writable, and one read-only', () => {
  let t: TestServer;
  let obs: string;
  let agno3: string;
  let admin: string;
  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-metrics-'));
    obs = path.join(dir, 'obs.db');
    agno3 = path.join(dir, 'agno3.db');
    fs.copyFileSync(OBSERVABILITY, obs);
    fs.copyFileSync(AGNO3, agno3);
    const raw = new BetterSqlite3(obs);
    raw.exec('DELETE FROM agno_metrics');
    raw.close();
    t = await startTestServer({
      auth: { authorization: true },
      databases: [
        { id: 'obs', path: obs, read_only: false },
        { id: 'a3', path: agno3, read_only: false },
        { id: 'frozen', path: OBSERVABILITY, read_only: true },
      ],
    });
    admin = await t.token({ sub: 'admin-user', scopes: ['platform:admin'] });
  }, 60_000);
  afterAll(async () => t?.stop());

  const post = (p: string, token = admin): Promise<TestResponse> => fetch(`${t.baseUrl}${p}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });

  it('When no refresh has run, Then the status is idle', async () => {
    const res = await t.get('/metrics/refresh/status?db_id=obs', admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'idle', started_at: null, finished_at: null, error: null });
  });

  it("When metrics are refreshed, Then the rows Agno's calculate_metrics wrote come back, byte for byte in their JSON columns", async () => {
    const res = await post('/metrics/refresh?db_id=obs');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.map((m: { date: string }) => m.date)).toEqual(['2026-04-04T00:00:00Z', '2026-04-05T00:00:00Z']);
    for (const m of body) expect(DayAggregatedMetricsSchema.strict().safeParse(m).success).toBe(true);
    const expected = rows(OBSERVABILITY, 'SELECT * FROM agno_metrics ORDER BY date').map(pick);
    const written = rows(obs, 'SELECT * FROM agno_metrics ORDER BY date');
    expect(written.map(pick)).toEqual(expected);
    for (const row of written) {
      expect(row['id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(row['created_at']).toBe(row['updated_at']);
    }
    const status = await (await t.get('/metrics/refresh/status?db_id=obs', admin)).json();
    expect(status).toMatchObject({ status: 'completed', error: null, started_at: expect.stringMatching(/Z$/), finished_at: expect.stringMatching(/Z$/) });
  });

  it('When metrics are refreshed again, Then every day is complete: 200 [] and the rows keep their ids', async () => {
    const before = rows(obs, 'SELECT id, date FROM agno_metrics ORDER BY date');
    const res = await post('/metrics/refresh?db_id=obs');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
    expect(rows(obs, 'SELECT id, date FROM agno_metrics ORDER BY date')).toEqual(before);
  });

  it('When a completed day is marked incomplete, Then the refresh rewrites that row in place (same id, same created_at)', async () => {
    const raw = new BetterSqlite3(obs);
    raw.exec("UPDATE agno_metrics SET completed = 0, agent_runs_count = 999 WHERE date = '2026-04-05'");
    raw.close();
    const [before] = rows(obs, "SELECT id, created_at FROM agno_metrics WHERE date = '2026-04-05'");
    const res = await post('/metrics/refresh?db_id=obs');
    expect((await res.json()).map((m: { date: string; agent_runs_count: number }) => [m.date, m.agent_runs_count])).toEqual([['2026-04-05T00:00:00Z', 2]]);
    expect(rows(obs, "SELECT id, created_at, completed FROM agno_metrics WHERE date = '2026-04-05'")).toEqual([{ ...before, completed: 1 }]);
  });

  it("When an Agno 3 file without a metrics table is refreshed, Then Agno 3's table is created with a row per owner and day, and the answer sums each day", async () => {
    const res = await post('/metrics/refresh?db_id=a3');
    expect(res.status).toBe(200);
    const [day] = await res.json();
    expect(day).toMatchObject({ date: '2026-11-24T00:00:00Z', agent_sessions_count: 4, team_sessions_count: 1, workflow_sessions_count: 1, users_count: 3 });
    const owners = rows(agno3, 'SELECT user_id, users_count, agent_sessions_count FROM agno_metrics ORDER BY user_id');
    expect(owners).toEqual([
      { user_id: 'ada', users_count: 1, agent_sessions_count: 2 },
      { user_id: 'bob', users_count: 1, agent_sessions_count: 1 },
      { user_id: 'carol', users_count: 1, agent_sessions_count: 1 },
    ]);
    expect(rows(agno3, "SELECT version FROM agno_schema_versions WHERE table_name = 'agno_metrics'")).toHaveLength(1);
    const read = await (await t.get('/metrics?db_id=a3', admin)).json();
    expect(read.metrics.map((m: { users_count: number }) => m.users_count)).toEqual([3]);
  });

  it("When the built-in database holds an ingested run, Then the refresh creates Agno 3's metrics table there and counts today's session (no user: the unowned bucket)", async () => {
    const ingest = await t.post('/sessions/s-today/runs?type=agent&db_id=default', { run_id: 'r1', agent_id: 'a1', model: 'gpt-4o', model_provider: 'OpenAI', content: 'hi' }, admin);
    expect(ingest.status).toBeLessThan(300);
    const res = await post('/metrics/refresh?db_id=default');
    expect(res.status).toBe(200);
    const [today] = await res.json();
    expect(today).toMatchObject({ agent_sessions_count: 1, agent_runs_count: 1, model_metrics: [{ model_id: 'gpt-4o', model_provider: 'OpenAI', count: 1 }] });
    const file = path.join(t.dir, 'data', 'rundesk.db');
    expect(rows(file, 'SELECT user_id, completed FROM agno_metrics')).toEqual([{ user_id: '', completed: 0 }]);
  });

  it('When a refresh is started in the background, Then 202 started, and the status comes to completed', async () => {
    const raw = new BetterSqlite3(obs);
    raw.exec('DELETE FROM agno_metrics');
    raw.close();
    const res = await post('/metrics/refresh?db_id=obs&background=true');
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ status: 'started', message: 'Metrics refresh started in background' });
    await expect.poll(async () => (await (await t.get('/metrics/refresh/status?db_id=obs', admin)).json()).status).toBe('completed');
    expect(rows(obs, 'SELECT date FROM agno_metrics ORDER BY date')).toEqual([{ date: '2026-04-04' }, { date: '2026-04-05' }]);
  });

  it('When the database is read-only, Then 409 saying so and nothing is written', async () => {
    const before = fs.statSync(OBSERVABILITY).mtimeMs;
    for (const p of ['/metrics/refresh?db_id=frozen', '/metrics/refresh?db_id=frozen&background=true']) {
      const res = await post(p);
      expect(res.status, p).toBe(409);
      expect(await res.json(), p).toEqual({ detail: 'Database with ID frozen is read-only', error_code: 'READ_ONLY_DATABASE' });
    }
    expect(fs.statSync(OBSERVABILITY).mtimeMs).toBe(before);
    expect((await (await t.get('/metrics/refresh/status?db_id=frozen', admin)).json()).status).toBe('idle');
  });

  it("When the caller lacks the platform's scopes, Then 403 naming metrics:write for the refresh and metrics:read for its status", async () => {
    const narrow = await t.token({ sub: 'u1', scopes: ['sessions:read'] });
    const refused = await post('/metrics/refresh?db_id=obs', narrow);
    expect(refused.status).toBe(403);
    expect((await refused.json()).detail).toContain('metrics:write');
    const status = await t.get('/metrics/refresh/status?db_id=obs', narrow);
    expect(status.status).toBe(403);
    expect((await status.json()).detail).toContain('metrics:read');
  });
});
