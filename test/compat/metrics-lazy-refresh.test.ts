import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing/server-harness.js';

/**
 * AgentOS 2.9 and 3 refresh the metrics lazily on `GET /metrics` (their `get_metrics` runs
 * `calculate_metrics()` first when a minute has passed since the last refresh of that database
 * in the process), so Agno's `AgentOSClient.get_metrics` on a file with sessions and no metrics
 * rows answers the computed days. The fixture's sessions are the ones Agno's own
 * `calculate_metrics()` counted into two completed days.
 */

const OBSERVABILITY = path.join(import.meta.dirname, '../fixtures/agno/agno-observability.db');
const DAYS = ['2026-04-04T00:00:00Z', '2026-04-05T00:00:00Z'];

function exec(file: string, sql: string): void {
  const db = new BetterSqlite3(file);
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}

function count(file: string, sql: string): number {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** A copy of the fixture with its metrics rows deleted: sessions, no metrics. */
function withoutMetrics(dir: string, name: string): string {
  const file = path.join(dir, name);
  fs.copyFileSync(OBSERVABILITY, file);
  exec(file, 'DELETE FROM agno_metrics');
  return file;
}

describe('Given Agno files with sessions and no metrics rows', () => {
  let t: TestServer;
  let token: string;
  let writable: string;
  let frozen: string;
  let broken: string;
  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-lazy-metrics-'));
    writable = withoutMetrics(dir, 'writable.db');
    frozen = withoutMetrics(dir, 'frozen.db');
    broken = withoutMetrics(dir, 'broken.db');
    // A session whose runs cannot be decoded: the refresh fails on it.
    exec(broken, "UPDATE agno_sessions SET runs = '{not json' WHERE rowid = (SELECT min(rowid) FROM agno_sessions)");
    t = await startTestServer({
      databases: [
        { id: 'obs', path: writable, read_only: false },
        { id: 'frozen', path: frozen, read_only: true },
        { id: 'broken', path: broken, read_only: false },
      ],
    });
    token = await t.token();
  });
  afterAll(async () => t?.stop());

  const metrics = async (dbId: string) => {
    const res = await t.get(`/metrics?db_id=${dbId}`, token);
    expect(res.status).toBe(200);
    return (await res.json()) as { metrics: Array<{ date: string; agent_runs_count: number; team_runs_count: number }> };
  };

  it('When GET /metrics reads a writable file, Then the days are computed first and answered (and written, as AgentOS does)', async () => {
    const body = await metrics('obs');
    expect(body.metrics.map((m) => [m.date, m.agent_runs_count, m.team_runs_count])).toEqual([
      [DAYS[0], 12, 0],
      [DAYS[1], 2, 7],
    ]);
    expect(count(writable, 'SELECT count(*) AS n FROM agno_metrics WHERE completed = 1')).toBe(2);
  });

  it('When GET /metrics is read again within the minute, Then nothing is recalculated: it answers what is stored', async () => {
    exec(writable, 'DELETE FROM agno_metrics');
    expect((await metrics('obs')).metrics).toEqual([]);
    expect(count(writable, 'SELECT count(*) AS n FROM agno_metrics')).toBe(0);
  });

  it('When the file is attached read-only, Then nothing is written: it answers what is stored', async () => {
    const before = fs.statSync(frozen).mtimeMs;
    expect((await metrics('frozen')).metrics).toEqual([]);
    expect(count(frozen, 'SELECT count(*) AS n FROM agno_metrics')).toBe(0);
    expect(fs.statSync(frozen).mtimeMs).toBe(before);
  });

  it('When the refresh fails, Then the read still answers what is stored, and the refresh status is untouched', async () => {
    expect((await metrics('broken')).metrics).toEqual([]);
    expect((await (await t.get('/metrics/refresh/status?db_id=broken', token)).json()).status).toBe('idle');
  });
});
