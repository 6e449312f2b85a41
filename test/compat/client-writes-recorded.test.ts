import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestResponse, type TestServer } from '../../server/testing/server-harness.js';

/**
 * AgentOS 2.9's and 3's recorded answers to the requests `AgentOSClient` sends for
 * `create_memory`, `get_memory`, `update_memory`, `delete_memory`, `delete_memories`,
 * `update_eval_run`, `delete_eval_runs`, `get_knowledge_content_status`,
 * `get_knowledge_config`, `refresh_metrics`, `get_metrics_refresh_status` and `get_metrics`
 * (`recordings/client-writes-*.json`: the reference platform over the same file, its metrics
 * rows deleted, the steps in order), replayed against rundesk over a copy of that file. Each
 * answer must equal the platform's but for what changes per run (new ids, timestamps), the
 * `error_code` rundesk adds to error bodies, and the decisions listed in `DECIDED`.
 */

interface Step {
  step: string;
  method: string;
  path: string;
  body: unknown;
  status: number;
  answer: unknown;
}

const FIXTURES: Record<string, string> = {
  '2.9': path.join(import.meta.dirname, '../fixtures/agno/agno-observability.db'),
  '3': path.join(import.meta.dirname, '../fixtures/agno3/agno3-real.db'),
};

/** Where rundesk answers otherwise by decision (docs/api.md). */
const DECIDED: Record<string, string> = {
  knowledge_config: "readers, chunkers and vector databases are the platform's code: rundesk answers them empty; the filter keys (stored) must be the same set",
  'refresh_status_after@2.9': "AgentOS 2.9 records the state of background refreshes only ('idle' after a synchronous one); rundesk records every refresh, as AgentOS 3",
};

const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The answer with what differs per run masked: date-times (not the day buckets), uuids, and memory ids in details. */
function masked(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => masked(v));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, masked(v, k)]));
  if (typeof value === 'string' && TIME.test(value) && key !== 'date') return '<time>';
  if (typeof value === 'string' && UUID.test(value)) return '<uuid>';
  if (typeof value === 'string') return value.replace(/Memory with ID [0-9a-f-]{36}/, 'Memory with ID <uuid>');
  return value;
}

for (const version of ['2.9', '3'] as const) {
  const recorded = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'recordings', `client-writes-${version}.json`), 'utf8')) as { answers: Step[] };

  describe(`Given AgentOS ${version}'s recorded answers to the client's write, status and refresh requests`, () => {
    let t: TestServer;
    let admin: string;
    beforeAll(async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-recorded-writes-'));
      const file = path.join(dir, 'agents.db');
      fs.copyFileSync(FIXTURES[version] as string, file);
      const raw = new BetterSqlite3(file);
      if (raw.prepare("SELECT 1 FROM sqlite_master WHERE name = 'agno_metrics'").get()) raw.exec('DELETE FROM agno_metrics');
      raw.close();
      t = await startTestServer({ auth: { authorization: true }, databases: [{ id: 'obs', path: file, read_only: false }] });
      admin = await t.token({ sub: 'admin-user', scopes: ['platform:admin'] });
    }, 60_000);
    afterAll(async () => t?.stop());

    it('When the same requests are sent in the same order, Then each answer is the platform\'s (status and body)', async () => {
      let created = 'x';
      for (const step of recorded.answers) {
        const res: TestResponse = await fetch(`${t.baseUrl}${step.path.replace('{created}', created)}`, {
          method: step.method,
          headers: { authorization: `Bearer ${admin}`, ...(step.body === null ? {} : { 'content-type': 'application/json' }) },
          ...(step.body === null ? {} : { body: JSON.stringify(step.body) }),
        });
        const body = res.status === 204 ? null : await res.json();
        if (step.step === 'create_memory') created = body.memory_id;
        const label = `${step.step}: ${step.method} ${step.path}`;
        expect(res.status, label).toBe(step.status);
        if (step.status === 422) continue;
        if (step.step === 'knowledge_config') {
          const platform = step.answer as { filters: string[] };
          expect([...body.filters].sort(), label).toEqual([...platform.filters].sort());
          continue;
        }
        if (DECIDED[`${step.step}@${version}`]) continue;
        const ours = step.status >= 400 ? { detail: body.detail } : body;
        expect(masked(ours), label).toEqual(masked(step.answer));
      }
    });
  });
}
