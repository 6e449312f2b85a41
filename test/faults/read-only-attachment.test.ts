import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing/server-harness.js';

/**
 * A file attached `read_only` is never written, whatever is asked of it — above all where a write
 * to a writable file would create a table (Agno's `agno_memories` and `agno_metrics`, created by
 * the first memory write or metrics refresh into a file without them: docs/databases.md, "Your
 * files are safe"). Its twin attached writable shows those requests do create the tables there.
 */

const FIXTURE = path.join(import.meta.dirname, '../fixtures/agno/agno-observability.db');
const SESSION = 'ea73cdb0-f523-4f76-b0c8-e0f713378494';

const sha256 = (file: string): string => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** A copy of the fixture without Agno's memory and metrics tables (a file the agent has not written memories or metrics to). */
function withoutMemoryAndMetrics(dir: string, name: string): string {
  const file = path.join(dir, name);
  fs.copyFileSync(FIXTURE, file);
  const db = new Database(file);
  db.exec("DROP TABLE agno_memories; DROP TABLE agno_metrics; DELETE FROM agno_schema_versions WHERE table_name IN ('agno_memories', 'agno_metrics')");
  db.close();
  return file;
}

function schema(file: string): Array<{ type: string; name: string }> {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare("SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all() as Array<{ type: string; name: string }>;
  } finally {
    db.close();
  }
}

/** Every write route rundesk answers for a database, as a client sends it. */
const WRITES: ReadonlyArray<readonly [string, string, unknown]> = [
  ['POST', '/memories', { memory: 'Ada likes tea', user_id: 'ada', topics: ['food'] }],
  ['PATCH', '/memories/m-1', { memory: 'Ada likes coffee', user_id: 'ada', topics: [] }],
  ['DELETE', '/memories/m-1', undefined],
  ['DELETE', '/memories', { memory_ids: ['m-1'] }],
  ['PATCH', '/eval-runs/e-1', { name: 'renamed' }],
  ['DELETE', '/eval-runs', { eval_run_ids: ['e-1'] }],
  ['POST', '/metrics/refresh', undefined],
  ['POST', '/sessions', { session_id: 'new-session', session_name: 'New', user_id: 'ada', agent_id: 'helper' }],
  ['PATCH', `/sessions/${SESSION}`, { session_state: { step: 2 } }],
  ['POST', `/sessions/${SESSION}/rename`, { session_name: 'Renamed' }],
  ['POST', `/sessions/${SESSION}/runs`, { run_id: 'ingested', agent_id: 'helper', status: 'COMPLETED' }],
  ['DELETE', `/sessions/${SESSION}`, undefined],
  ['DELETE', '/sessions', { session_ids: [SESSION], session_types: ['agent'] }],
];

describe('Given an Agno file without memory and metrics tables, attached read-only, and its twin attached writable', () => {
  let t: TestServer;
  let token: string;
  let dir: string;
  let frozen: string;
  let writable: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-read-only-'));
    frozen = withoutMemoryAndMetrics(dir, 'frozen.db');
    writable = withoutMemoryAndMetrics(dir, 'writable.db');
    t = await startTestServer({
      databases: [
        { id: 'frozen', path: frozen, read_only: true },
        { id: 'scratch', path: writable, read_only: false },
      ],
    });
    token = await t.token({ scopes: ['platform:admin'] });
  });
  afterAll(async () => t?.stop());

  const send = (method: string, p: string, body: unknown) =>
    fetch(`${t.baseUrl}${p}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('When every write route and the metrics read are sent to the read-only file, Then each write is 409 READ_ONLY_DATABASE and the file and its folder are byte for byte as before', async () => {
    const hash = sha256(frozen);
    const stat = fs.statSync(frozen);
    const files = fs.readdirSync(dir).sort();
    for (const [method, route, body] of WRITES) {
      const res = await send(method, `${route}${route.includes('?') ? '&' : '?'}db_id=frozen`, body);
      expect({ route: `${method} ${route}`, status: res.status, code: ((await res.json()) as { error_code?: string }).error_code }).toEqual({
        route: `${method} ${route}`,
        status: 409,
        code: 'READ_ONLY_DATABASE',
      });
    }
    // AgentOS refreshes metrics on read; a read-only file answers what is stored (here: no table, no rows).
    const metrics = await send('GET', '/metrics?db_id=frozen', undefined);
    expect(metrics.status).toBe(200);
    expect(((await metrics.json()) as { metrics: unknown[] }).metrics).toEqual([]);
    expect(sha256(frozen)).toBe(hash);
    expect(fs.statSync(frozen).mtimeMs).toBe(stat.mtimeMs);
    // No journal, WAL or shared-memory file was made beside it.
    expect(fs.readdirSync(dir).sort()).toEqual(files);
    expect(schema(frozen).map((o) => o.name)).not.toContain('agno_memories');
  });

  it('When a memory is written and the metrics read in the writable twin, Then Agno\'s agno_memories and agno_metrics (with their indexes and version rows) are created there, and nothing else in its schema changes', async () => {
    const before = schema(writable);
    expect((await send('POST', '/memories?db_id=scratch', WRITES[0]?.[2])).status).toBe(200);
    expect((await send('GET', '/metrics?db_id=scratch', undefined)).status).toBe(200);
    const created = schema(writable).filter((o) => !before.some((b) => b.name === o.name));
    expect(created).toEqual([
      { type: 'index', name: 'idx_agno_memories_created_at' },
      { type: 'index', name: 'idx_agno_memories_updated_at' },
      { type: 'index', name: 'idx_agno_memories_user_id' },
      { type: 'index', name: 'idx_agno_metrics_aggregation_period' },
      { type: 'index', name: 'idx_agno_metrics_date' },
      { type: 'table', name: 'agno_memories' },
      { type: 'table', name: 'agno_metrics' },
    ]);
    expect(schema(writable).filter((o) => before.some((b) => b.name === o.name))).toEqual(before);
    const db = new Database(writable, { readonly: true });
    const versions = db.prepare("SELECT table_name, version FROM agno_schema_versions WHERE table_name IN ('agno_memories', 'agno_metrics') ORDER BY table_name").all();
    db.close();
    expect(versions).toEqual([
      { table_name: 'agno_memories', version: '2.5.6' },
      { table_name: 'agno_metrics', version: '2.5.6' },
    ]);
  });
});
