import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recalculateMetrics } from '../../server/api/metrics/metrics-refresh.js';
import { openDatabase } from '../../server/db/index.js';
import { openPostgresDatabase } from '../../server/db/postgres/database.js';
import type { MetricsRow } from '../../server/db/platform-data/types.js';
import type { Database } from '../../server/db/types.js';
import { buildAgnoDb } from '../../server/testing/agno-builder.js';
import { makeDemoSessions } from '../../server/testing/demo-sessions.js';
import { buildAgnoPostgres } from '../../server/testing/postgres-builder.js';
import { copyPlatformTablesToPostgres } from '../../server/testing/postgres-platform-builder.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../../server/testing/postgres-cluster.js';

/**
 * The metrics refresh over PostgreSQL: the same sessions in an Agno SQLite file and in Agno's
 * PostgreSQL layout (with an empty Agno 2 metrics table) are refreshed into the same daily rows.
 */

const OBSERVABILITY = path.join(import.meta.dirname, '../fixtures/agno/agno-observability.db');
const NOW = Date.UTC(2026, 10, 28, 6, 0, 0);
const FIELDS = [
  'date',
  'agent_runs_count',
  'team_runs_count',
  'workflow_runs_count',
  'agent_sessions_count',
  'team_sessions_count',
  'workflow_sessions_count',
  'users_count',
  'token_metrics',
  'model_metrics',
  'completed',
] as const;
const comparable = (rows: MetricsRow[]) => rows.map((r) => Object.fromEntries(FIELDS.map((f) => [f, r[f]])));

const bin = findPostgresBin();
if (!bin) {
  describe('the metrics refresh over PostgreSQL', () => {
    it.skip('SKIPPED: no PostgreSQL binaries (initdb, pg_ctl) found; install postgresql or set PG_BIN', () => {});
  });
} else {
  describe('Given the same sessions in an Agno SQLite file and in PostgreSQL', () => {
    let cluster: PostgresCluster;
    let sqlite: Database;
    let postgres: Database;
    let dir: string;
    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-metrics-pg-'));
      const file = path.join(dir, 'agents.db');
      buildAgnoDb(file, makeDemoSessions());
      cluster = await startPostgresCluster(bin);
      await buildAgnoPostgres(cluster.url, makeDemoSessions(), { schema: 'ai' });
      await copyPlatformTablesToPostgres(OBSERVABILITY, cluster.url, 'ai');
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      await client.query('DELETE FROM ai.agno_metrics');
      await client.end();
      sqlite = openDatabase({ id: 'file', path: file, readOnly: false, clock: () => NOW });
      postgres = openPostgresDatabase({ id: 'pg', url: cluster.url, schema: 'ai', readOnly: false, clock: () => NOW });
    }, 60_000);
    afterAll(() => {
      sqlite?.close();
      postgres?.close();
      cluster?.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('When both are refreshed, Then PostgreSQL gets the daily rows the file gets, and a second refresh writes nothing', async () => {
      const fromFile = await recalculateMetrics(sqlite, {}, () => NOW);
      const fromPg = await recalculateMetrics(postgres, {}, () => NOW);
      expect(fromFile.rows.length).toBeGreaterThan(0);
      expect(comparable(fromPg.rows)).toEqual(comparable(fromFile.rows));
      expect((await recalculateMetrics(postgres, {}, () => NOW)).rows).toEqual([]);
      expect(comparable((await postgres.platformData().listMetrics({})).rows)).toEqual(comparable(fromFile.rows));
    });
  });
}
