import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgnoDb } from '../../testing/agno-builder.js';
import { startTestServer, type TestServer } from '../../testing/server-harness.js';

/**
 * AgentOS's agent and team session details read a `session_data` without `session_metrics` as
 * `metrics: {}` (`null` only when there is no session_data at all); its listing keeps `null`.
 */
describe('Given sessions whose session_data holds no metrics', () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-metrics-'));
    const file = path.join(dir, 'agents.db');
    const base = { created_at: 1775298581, updated_at: 1775298581, runs: [] };
    buildAgnoDb(file, [
      { ...base, session_id: 'a-no-metrics', session_type: 'agent', agent_id: 'a', session_data: { session_state: {} } },
      { ...base, session_id: 't-no-metrics', session_type: 'team', team_id: 't', session_data: { session_state: {} } },
      { ...base, session_id: 'a-no-data', session_type: 'agent', agent_id: 'a', session_data: null },
    ]);
    t = await startTestServer({ databases: [{ id: 'agents', path: file }] });
    token = await t.token();
  });
  afterAll(async () => t?.stop());

  it('When an agent or team session is read, Then metrics is {} as on the platform', async () => {
    for (const [id, type] of [['a-no-metrics', 'agent'], ['t-no-metrics', 'team']]) {
      const res = await t.get(`/sessions/${id}?type=${type}&db_id=agents`, token);
      expect(res.status).toBe(200);
      expect((await res.json()).metrics, id).toEqual({});
    }
  });

  it('When the session has no session_data at all, Then metrics stays null, as on the platform', async () => {
    expect((await (await t.get('/sessions/a-no-data?db_id=agents', token)).json()).metrics).toBeNull();
  });
});
