import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRuns, DEMO_RUN_PATH } from './sample-data.js';
import { startDeskServer, type DeskTestServer } from '../../testing/desk-server.js';

describe('demoRuns', () => {
  it('covers agent, team and workflow sessions with tools, reasoning, events, an error run and an image input', () => {
    const runs = demoRuns(1_800_000_000);
    expect(new Set(runs.map((r) => r.type))).toEqual(new Set(['agent', 'team', 'workflow']));
    expect(runs.some((r) => Array.isArray(r.run.tools) && r.run.tools.length > 0)).toBe(true);
    expect(runs.some((r) => r.run.reasoning_steps)).toBe(true);
    expect(runs.some((r) => r.run.status === 'ERROR')).toBe(true);
    expect(runs.some((r) => (r.run.input as { images?: unknown[] } | undefined)?.images?.length)).toBe(true);
    expect(runs.every((r) => typeof r.run.created_at === 'number' && (r.run.created_at as number) < 1_800_000_000)).toBe(true);
    expect(demoRuns(1_800_000_000)).toEqual(runs);
  });
});

describe('POST /desk/sample-data', () => {
  let s: DeskTestServer;
  beforeAll(async () => {
    s = await startDeskServer();
  });
  afterAll(() => s.stop());

  it('When loaded twice, Then it goes into its own database demo, the second load updates the same rows and the runs are served', async () => {
    const first = await s.desk('POST', '/desk/sample-data');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ db_id: 'demo', sessions: 5, runs: 8, created_sessions: 5, created_runs: 8, example_path: DEMO_RUN_PATH });
    const second = await s.desk('POST', '/desk/sample-data');
    expect(second.body).toMatchObject({ sessions: 5, runs: 8, created_sessions: 0, created_runs: 0 });
    const dbs = (await s.desk('GET', '/desk/databases')).body.databases;
    // Its own database, never the built-in one; the built-in one stays empty.
    expect(dbs.find((d: { id: string }) => d.id === 'demo')).toMatchObject({ sessions: 5, runs: 8, read_only: false });
    expect(dbs.find((d: { id: string }) => d.id === 'default')).toMatchObject({ sessions: 0, runs: 0 });

    const token = (await s.desk('POST', '/desk/tokens', { scopes: ['sessions:read'] })).body.token;
    const team = await s.call('/sessions/demo-team-research/runs/demo-run-team-1?type=team', token);
    expect(team.status).toBe(200);
    expect(team.body).toMatchObject({ team_id: 'research-team', status: 'COMPLETED' });
    const wf = await s.call('/sessions/demo-workflow-report/runs/demo-run-workflow-1?type=workflow', token);
    expect(wf.status).toBe(200);
    expect(wf.body.step_results).toHaveLength(2);
  });
});
