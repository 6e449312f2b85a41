import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../db/connection.js';
import { startTestServer, type TestServer } from '../../testing/server-harness.js';
import { makeTempDir } from '../../testing/temp-dir.js';

/**
 * Agno 3's changes to the platform tables, read from an attached SQLite file: the metrics table
 * keeps a row per owner (`user_id`, `''` for none; the v3.0.0 schema's unique key is
 * user_id, date, period) and the eval table records each run's owner. AgentOS 3 answers a day
 * per row, summed over owners, or one user's rows; and an eval run with its owner.
 */

const FIXTURE = path.join(import.meta.dirname, '../../../test/fixtures/agno/agno-observability.db');
const METRICS_V3 =
  'CREATE TABLE agno_metrics (id VARCHAR NOT NULL, agent_runs_count BIGINT NOT NULL, team_runs_count BIGINT NOT NULL, ' +
  'workflow_runs_count BIGINT NOT NULL, agent_sessions_count BIGINT NOT NULL, team_sessions_count BIGINT NOT NULL, ' +
  'workflow_sessions_count BIGINT NOT NULL, users_count BIGINT NOT NULL, token_metrics JSON NOT NULL, model_metrics JSON NOT NULL, ' +
  "date DATE NOT NULL, aggregation_period VARCHAR NOT NULL, user_id VARCHAR DEFAULT '' NOT NULL, created_at BIGINT NOT NULL, " +
  'updated_at BIGINT, completed BOOLEAN NOT NULL, PRIMARY KEY (id), CONSTRAINT uq_metrics_user_date_period UNIQUE (user_id, date, aggregation_period))';

function metric(id: string, user: string, date: string, runs: number, users: number, at: number, model: string) {
  return {
    id,
    agent_runs_count: runs,
    team_runs_count: 0,
    workflow_runs_count: 0,
    agent_sessions_count: runs,
    team_sessions_count: 0,
    workflow_sessions_count: 0,
    users_count: users,
    token_metrics: JSON.stringify({ input_tokens: runs * 10, output_tokens: runs }),
    model_metrics: JSON.stringify([{ model_id: model, model_provider: 'OpenAI', count: runs }]),
    date,
    aggregation_period: 'daily',
    user_id: user,
    created_at: at,
    updated_at: at + 1,
    completed: 1,
  };
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

let temp: ReturnType<typeof makeTempDir>;
let t: TestServer;

beforeAll(async () => {
  temp = makeTempDir();
  const file = path.join(temp.dir, 'agno3-platform.db');
  fs.copyFileSync(FIXTURE, file);
  const handle = connect(file, { readOnly: false, wal: false });
  handle.exec('DROP TABLE agno_metrics');
  handle.exec(METRICS_V3);
  const insert = handle.prepare(
    'INSERT INTO agno_metrics VALUES (@id, @agent_runs_count, @team_runs_count, @workflow_runs_count, @agent_sessions_count, @team_sessions_count, ' +
      '@workflow_sessions_count, @users_count, @token_metrics, @model_metrics, @date, @aggregation_period, @user_id, @created_at, @updated_at, @completed)',
  );
  // 04-04: a row from before owners (every user's traffic) and the two owners' rows that replace it; 04-05: the old row alone.
  insert.run(metric('m-legacy-4', '', '2026-04-04', 9, 2, 100, 'gpt-4o'));
  insert.run(metric('m-ann-4', 'ann', '2026-04-04', 3, 1, 200, 'gpt-4o'));
  insert.run(metric('m-bob-4', 'bob', '2026-04-04', 4, 1, 150, 'gpt-4o-mini'));
  insert.run(metric('m-legacy-5', '', '2026-04-05', 5, 1, 300, 'gpt-4o'));
  handle.exec('ALTER TABLE agno_eval_runs ADD COLUMN user_id VARCHAR');
  handle.prepare("UPDATE agno_eval_runs SET user_id = 'ann' WHERE run_id = (SELECT min(run_id) FROM agno_eval_runs)").run();
  handle.close();
  t = await startTestServer({ databases: [{ id: 'a3', path: file, read_only: true }], auth: { user_isolation: true } });
}, 60_000);

afterAll(async () => {
  await t?.stop();
  temp?.remove();
});

describe('Agno 3 platform tables in an attached SQLite file', () => {
  it('When metrics are read for no one user, Then each day is the sum of its owners\' rows (a row from before owners only where none covers its day)', async () => {
    const admin = await t.token({ sub: 'admin', scopes: ['platform:admin'] });
    const r = await t.get('/metrics?db_id=a3', admin);
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(body.metrics.map((m: Record<string, unknown>) => [m['id'], m['agent_runs_count'], m['users_count']])).toEqual([
      ['2026-04-04_daily', 7, 2],
      ['2026-04-05_daily', 5, 1],
    ]);
    const day = body.metrics[0];
    expect(day.token_metrics).toEqual({ input_tokens: 70, output_tokens: 7 });
    expect(day.model_metrics).toEqual([
      { model_id: 'gpt-4o', model_provider: 'OpenAI', count: 3 },
      { model_id: 'gpt-4o-mini', model_provider: 'OpenAI', count: 4 },
    ]);
    // The earliest creation and the latest update of the day's owners.
    expect([day.created_at, day.updated_at]).toEqual([iso(150), iso(201)]);
    expect(body.updated_at).toBe(iso(301));
  });

  it('When metrics are read for one user, Then only that owner\'s rows answer, named by day, owner and period', async () => {
    const admin = await t.token({ sub: 'admin', scopes: ['platform:admin'] });
    const asked = await (await t.get('/metrics?db_id=a3&user_id=ann', admin)).json();
    expect(asked.metrics.map((m: Record<string, unknown>) => [m['id'], m['agent_runs_count']])).toEqual([['2026-04-04_ann_daily', 3]]);
    expect(asked.updated_at).toBe(iso(201));
    const bob = await t.token({ sub: 'bob', scopes: ['metrics:read'] });
    const pinned = await (await t.get('/metrics?db_id=a3&user_id=ann', bob)).json();
    expect(pinned.metrics.map((m: Record<string, unknown>) => m['id'])).toEqual(['2026-04-04_bob_daily']);
  });

  it('When eval runs are read, Then each carries its owner, and an isolated user sees only theirs', async () => {
    const admin = await t.token({ sub: 'admin', scopes: ['platform:admin'] });
    const all = await (await t.get('/eval-runs?db_id=a3&limit=50', admin)).json();
    expect(all.data.length).toBeGreaterThan(1);
    expect(all.data.filter((e: Record<string, unknown>) => e['user_id'] === 'ann')).toHaveLength(1);
    expect(all.data.every((e: Record<string, unknown>) => 'user_id' in e)).toBe(true);
    const ann = await t.token({ sub: 'ann', scopes: ['evals:read'] });
    const mine = await (await t.get('/eval-runs?db_id=a3&limit=50', ann)).json();
    expect(mine.data.map((e: Record<string, unknown>) => e['user_id'])).toEqual(['ann']);
  });
});
