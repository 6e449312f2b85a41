import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGNO_LAYOUTS, encodeRunRow, type AgnoSessionRecord } from '../../server/testing/agno-builder.js';
import type { StoredRun } from '../../server/db/types.js';
import pg from 'pg';
import { DEMO, makeDemoSessions } from '../../server/testing/demo-sessions.js';
import { buildAgnoPostgres } from '../../server/testing/postgres-builder.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../../server/testing/postgres-cluster.js';
import { startTestServer, type TestServer } from '../../server/testing/server-harness.js';
import { startDeskServer, type DeskTestServer } from '../../server/testing/desk-server.js';
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

  for (const [layout, readOnly] of AGNO_LAYOUTS.flatMap((l) => [[l, false], [l, true]] as const)) {
    describeRunEndpoint(`an Agno ${layout} PostgreSQL table (${readOnly ? 'read-only' : 'writable'})`, async () => {
      const schema = `ai_${layout.replace(/\W/g, '_')}${readOnly ? '_ro' : ''}`;
      await buildAgnoPostgres(cluster.url, makeDemoSessions(), { schema, layout });
      const t = await startTestServer({ databases: [{ id: 'team', url: cluster.url, schema, read_only: readOnly }] });
      return { t, db: '&db_id=team', writable: !readOnly, close: () => t.stop() };
    });
  }

  for (const layout of AGNO_LAYOUTS) {
    describe(`Given an Agno ${layout} table another client writes`, () => {
      let t: TestServer;
      let token: string;
      let client: pg.Client;
      const schema = `fresh_${layout.replace(/\W/g, '_')}`;
      const multi = makeDemoSessions().find((x) => x.session_id === DEMO.agentMulti);
      const runIds = (multi?.runs ?? []).map((r) => String(r['run_id']));
      beforeAll(async () => {
        await buildAgnoPostgres(cluster.url, makeDemoSessions(), { schema, layout });
        t = await startTestServer({ databases: [{ id: 'pg', url: cluster.url, schema, read_only: true }] });
        token = await t.token();
        client = new pg.Client({ connectionString: cluster.url });
        await client.connect();
      });
      afterAll(async () => {
        await client?.end();
        await t?.stop();
      });
      const read = async (runId: string) => {
        const res = await t.get(`/sessions/${DEMO.agentMulti}/runs/${runId}?type=agent&db_id=pg`, token);
        return { status: res.status, content: res.status === 200 ? (await res.json()).content : undefined };
      };
      /** The run's stored copy rewritten where this layout answers it from. */
      const rewrite = async (runId: string, content: string) => {
        if (layout !== '3.x') {
          await client.query(
            `UPDATE ${schema}.agno_sessions SET runs = (SELECT jsonb_agg(CASE WHEN e->>'run_id' = $2 THEN jsonb_set(e, '{content}', to_jsonb($3::text)) ELSE e END ORDER BY i) ` +
              'FROM jsonb_array_elements(runs) WITH ORDINALITY AS x(e, i)) WHERE session_id = $1',
            [DEMO.agentMulti, runId, content],
          );
        }
        if (layout !== '2.x') {
          await client.query(`UPDATE ${schema}.agno_runs SET run_data = jsonb_set(run_data, '{content}', to_jsonb($2::text)) WHERE run_id = $1`, [runId, content]);
        }
      };

      it('When a run is changed after it was read, Then the next read answers the change', async () => {
        for (const runId of runIds) expect((await read(runId)).status).toBe(200);
        const runId = runIds[0] as string;
        await rewrite(runId, 'changed elsewhere');
        expect(await read(runId)).toEqual({ status: 200, content: 'changed elsewhere' });
        await rewrite(runId, 'changed again');
        expect(await read(runId)).toEqual({ status: 200, content: 'changed again' });
      });

      /** The listing row of the multi-run session (name and run count), and the database's counts on /desk-like info. */
      const listed = async () => {
        const res = await t.get(`/sessions?type=agent&db_id=pg&limit=100`, token);
        expect(res.status).toBe(200);
        const row = (await res.json()).data.find((s: { session_id: string }) => s.session_id === DEMO.agentMulti);
        return row ? { name: row.session_name as string, runs: row.run_count as number } : null;
      };
      const firstScreen = async () => {
        const detail = await t.get(`/sessions/${DEMO.agentMulti}?type=agent&chat_history=false&db_id=pg`, token);
        const page = await t.get(`/sessions/${DEMO.agentMulti}/runs?type=agent&summary=true&limit=200&page=1&db_id=pg`, token);
        return { status: [detail.status, page.status], detail: detail.status === 200 ? await detail.json() : null, page: page.status === 200 ? await page.json() : null };
      };
      /** A new run appended where this layout's writer puts it (Agno 2: the row's array; Agno 3: a run row). */
      const append = async (runId: string, input: string) => {
        const base = (multi?.runs ?? [])[0] as Record<string, unknown>;
        const run = { ...base, run_id: runId, input: { input_content: input }, content: 'appended' };
        if (layout === '2.x') {
          await client.query(`UPDATE ${schema}.agno_sessions SET runs = runs || jsonb_build_array($2::jsonb) WHERE session_id = $1`, [DEMO.agentMulti, JSON.stringify(run)]);
        } else {
          const row = encodeRunRow(multi as AgnoSessionRecord, run as StoredRun, 1_000);
          const columns = Object.keys(row);
          await client.query(
            `INSERT INTO ${schema}.agno_runs (${columns.join(', ')}) VALUES (${columns.map((c, i) => (c === 'run_data' ? `$${i + 1}::jsonb` : `$${i + 1}`)).join(', ')})`,
            columns.map((c) => (c === 'run_data' ? JSON.stringify(run) : row[c])),
          );
        }
      };

      it('When a run is appended by another client after the listing was read, Then the listing, the first screen and the run are fresh', async () => {
        const before = await listed();
        const screen = await firstScreen();
        expect(screen.status).toEqual([200, 200]);
        expect(before?.runs).toBe(runIds.length);
        expect(screen.page.meta.total_count).toBe(runIds.length);
        await append('appended-run', 'a question asked elsewhere');
        expect((await listed())?.runs).toBe(runIds.length + 1);
        const after = await firstScreen();
        expect(after.page.meta.total_count).toBe(runIds.length + 1);
        expect(after.page.data.map((r: { run_id: string }) => r.run_id)).toContain('appended-run');
        expect(after.detail.run_count).toBe(runIds.length + 1);
        expect((await read('appended-run')).status).toBe(200);
      });

      it('When the run a name is derived from changes, Then the next listing names the session from the change', async () => {
        await client.query(`UPDATE ${schema}.agno_sessions SET session_data = session_data - 'session_name' WHERE session_id = $1`, [DEMO.agentMulti]);
        expect((await listed())?.name).not.toBe('renamed by another client');
        const first = runIds[0] as string;
        if (layout !== '3.x') {
          await client.query(
            `UPDATE ${schema}.agno_sessions SET runs = (SELECT jsonb_agg(CASE WHEN e->>'run_id' = $2 THEN jsonb_set(e, '{messages}', '[{"role": "user", "content": "renamed by another client"}]') ELSE e END ORDER BY i) ` +
              'FROM jsonb_array_elements(runs) WITH ORDINALITY AS x(e, i)) WHERE session_id = $1 AND runs IS NOT NULL',
            [DEMO.agentMulti, first],
          );
        }
        if (layout !== '2.x') {
          await client.query(`UPDATE ${schema}.agno_runs SET run_data = jsonb_set(run_data, '{messages}', '[{"role": "user", "content": "renamed by another client"}]') WHERE run_id = $1`, [first]);
        }
        expect((await listed())?.name).toBe('renamed by another client');
      });

      it('When another client changes, adds or deletes runs after a search, Then the next search sees it (documents kept per table version)', async () => {
        const found = async (q: string) => {
          const res = await t.get(`/search/runs?db_id=pg&q=${q}&limit=200`, token);
          expect(res.status).toBe(200);
          return (await res.json()).data.map((r: { run_id: string }) => r.run_id).sort();
        };
        expect(await found('zebra-quartz')).toEqual([]);
        expect(await found('zebra-quartz')).toEqual([]);
        await rewrite(runIds[2] as string, 'a zebra-quartz answer');
        expect(await found('zebra-quartz')).toEqual([runIds[2]]);
        await append('searched-run', 'zebra-quartz asked elsewhere');
        expect(await found('zebra-quartz')).toEqual([runIds[2], 'searched-run'].sort());
        await rewrite(runIds[2] as string, 'plain again');
        expect(await found('zebra-quartz')).toEqual(['searched-run']);
      });

      it('When the session row is deleted, Then its runs are gone at once', async () => {
        expect((await read(runIds[1] as string)).status).toBe(200);
        expect(await listed()).not.toBeNull();
        await client.query(`DELETE FROM ${schema}.agno_sessions WHERE session_id = $1`, [DEMO.agentMulti]);
        expect((await read(runIds[1] as string)).status).toBe(404);
        expect(await listed()).toBeNull();
        expect((await firstScreen()).status).toEqual([404, 404]);
      });
    });
  }

  describe('Given the desk attaches PostgreSQL by URL', () => {
    let s: DeskTestServer;
    beforeAll(async () => {
      await buildAgnoPostgres(cluster.url, makeDemoSessions(), { schema: 'desk_ai' });
      s = await startDeskServer();
    });
    afterAll(() => s?.stop());

    it('When the URL works, Then it is attached read-only, listed without its password, and readable', async () => {
      const withPassword = cluster.url.replace('rundesk@', 'rundesk:s3cret@');
      const r = await s.desk('POST', '/desk/databases', { url: withPassword, schema: 'desk_ai', id: 'team' });
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({ id: 'team', read_only: true, sessions: makeDemoSessions().length, tables: ['agno_sessions'] });
      expect(r.body.path).toMatch(/^postgresql:\/\/rundesk@127\.0\.0\.1:\d+\/postgres$/);
      const listing = await s.desk('GET', '/desk/databases');
      expect(JSON.stringify(listing.body)).not.toContain('s3cret');
    });

    it('When the URL, schema or table is wrong, Then a 422 says what failed and nothing is attached', async () => {
      const badSchema = await s.desk('POST', '/desk/databases', { url: cluster.url, schema: 'nowhere', id: 'x1' });
      expect(badSchema.status).toBe(422);
      expect(badSchema.body.detail).toContain('no session table');
      const refused = await s.desk('POST', '/desk/databases', { url: 'postgresql://u:pw@127.0.0.1:1/db', id: 'x2' });
      expect(refused.status).toBe(422);
      expect(refused.body.detail).not.toContain('pw');
      const notUrl = await s.desk('POST', '/desk/databases', { url: 'mysql://h/db', id: 'x3' });
      expect(notUrl.status).toBe(422);
      const listed = await s.desk('GET', '/desk/databases');
      expect(listed.body.databases.map((d: { id: string }) => d.id)).not.toContain('x1');
    });
  });

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
