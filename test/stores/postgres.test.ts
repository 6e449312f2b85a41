import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDemoSessions } from '../../server/testing/demo-sessions.js';
import { buildAgnoPostgres } from '../../server/testing/postgres-builder.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../../server/testing/postgres-cluster.js';
import { startTestServer, type TestServer } from '../../server/testing/server-harness.js';
import { describeRunEndpoint } from './run-endpoint-suite.js';

const bin = findPostgresBin();
if (!bin) {
  describe('the run endpoint over an Agno PostgreSQL table', () => {
    it.skip('SKIPPED: no PostgreSQL binaries (initdb, pg_ctl) found; install postgresql (Debian: apt-get install -y postgresql) or set PG_BIN', () => {});
  });
} else {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgresCluster(bin);
  }, 60_000);
  afterAll(() => cluster?.stop());

  for (const readOnly of [false, true]) {
    describeRunEndpoint(`an Agno PostgreSQL table (${readOnly ? 'read-only' : 'writable'})`, async () => {
      const schema = readOnly ? 'ai_ro' : 'ai';
      await buildAgnoPostgres(cluster.url, makeDemoSessions(), { schema });
      const t = await startTestServer({ databases: [{ id: 'team', url: cluster.url, schema, read_only: readOnly }] });
      return { t, db: '&db_id=team', writable: !readOnly, close: () => t.stop() };
    });
  }

  describe('Given a PostgreSQL database that goes away', () => {
    let t: TestServer;
    let other: PostgresCluster;
    beforeAll(async () => {
      other = await startPostgresCluster(bin);
      await buildAgnoPostgres(other.url, makeDemoSessions());
      t = await startTestServer({ databases: [{ id: 'gone', url_env: 'RUNDESK_TEST_PG_URL' }] }, { env: { RUNDESK_TEST_PG_URL: other.url } });
    }, 60_000);
    afterAll(async () => t?.stop());

    it('When it is down, Then its requests answer 503 naming it (no password) and the rest of rundesk works', async () => {
      const token = await t.token();
      expect((await t.get('/sessions?db_id=gone', token)).status).toBe(200);
      other.stop();
      const res = await t.get('/sessions?db_id=gone', token);
      expect(res.status).toBe(503);
      const body = await res.json();
      expect(body.error_code).toBe('DATABASE_UNAVAILABLE');
      expect(body.detail).toContain('gone');
      expect(body.detail).toMatch(/postgresql:\/\/rundesk@127\.0\.0\.1:\d+\/postgres/);
      expect((await t.get('/health')).status).toBe(200);
      expect((await t.get('/sessions?db_id=default', token)).status).toBe(200);
      expect((await t.get('/agents', token)).status).toBe(200);
    });
  });
}
