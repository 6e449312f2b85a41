import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PYTHON_JSON_MAX_DEPTH } from '../../server/agno-format/json-depth.js';
import type { AgnoLayout } from '../../server/testing/agno-builder.js';
import type { AgnoSessionRecord } from '../../server/testing/agno-session-record.js';
import { buildAgnoPostgres } from '../../server/testing/postgres-builder.js';
import { findPostgresBin } from '../../server/testing/postgres-cluster.js';
import { startPostgresTestServer, type PostgresTestServer } from '../../server/testing/postgres-server.js';
import type { TestServer } from '../../server/testing/server-harness.js';

/**
 * A PostgreSQL `runs` value nested deeper than Python's `json.loads` reads (900 levels, the limit
 * the SQLite reader applies: test/faults/undecodable-runs.test.ts) is unreadable for AgentOS,
 * which loads it with `json.loads`; PostgreSQL's `jsonb` keeps such values up to its stack limit
 * (some thousands of levels). rundesk answers 422 SESSION_UNREADABLE for it on every route that
 * needs the session's runs and on ingest (nothing written), as on SQLite; a value exactly 900
 * levels deep is read. So is a value that is not a list (an object), as on SQLite.
 */

/** A runs array whose text nests `depth` levels: the array, the run object, then lists. */
function runsOfDepth(depth: number): string {
  const inner = depth - 2;
  return `[{"run_id": "g1", "agent_id": "a1", "status": "COMPLETED", "nested": ${'['.repeat(inner)}${']'.repeat(inner)}}]`;
}

const bin = findPostgresBin();
if (!bin) {
  describe('deep runs values on PostgreSQL', () => {
    it.skip('SKIPPED: no PostgreSQL binaries (initdb, pg_ctl) found; install postgresql (Debian: apt-get install -y postgresql) or set PG_BIN', () => {});
  });
} else {
  let client: pg.Client;
  let t: TestServer;
  let stop: PostgresTestServer['stop'] | undefined;
  let admin: string;
  const layouts: ReadonlyArray<readonly [AgnoLayout, string]> = [
    ['2.x', 'two'],
    ['3.x-upgraded', 'upgraded'],
  ];

  const session = (id: string): AgnoSessionRecord => ({
    session_id: id,
    session_type: 'agent',
    agent_id: 'a1',
    user_id: 'ada',
    session_data: {},
    runs: [{ run_id: 'placeholder', agent_id: 'a1', status: 'COMPLETED' }],
    created_at: 1795563200,
  });

  beforeAll(async () => {
    ({ t, client, stop } = await startPostgresTestServer(bin, {
      prepare: async (url, db) => {
        for (const [layout, schema] of layouts) {
          await buildAgnoPostgres(url, [session('deep-s'), session('edge-s'), session('object-s'), session('fine-s')], { schema, layout });
          await db.query(`UPDATE ${schema}.agno_sessions SET runs = '{"run_id": "g1", "agent_id": "a1"}'::jsonb WHERE session_id = 'object-s'`);
          await db.query(`UPDATE ${schema}.agno_sessions SET runs = $1::jsonb WHERE session_id = 'deep-s'`, [runsOfDepth(PYTHON_JSON_MAX_DEPTH + 1)]);
          await db.query(`UPDATE ${schema}.agno_sessions SET runs = $1::jsonb WHERE session_id = 'edge-s'`, [runsOfDepth(PYTHON_JSON_MAX_DEPTH)]);
        }
      },
      settings: (url) => ({ databases: layouts.map(([, schema]) => ({ id: schema, url, schema, read_only: false })) }),
    }));
    admin = await t.token({ scopes: ['platform:admin'] });
  }, 60_000);

  afterAll(() => stop?.());

  const stored = async (schema: string, id: string): Promise<string> =>
    String((await client.query<{ v: string }>(`SELECT runs::text || '/' || updated_at AS v FROM ${schema}.agno_sessions WHERE session_id = $1`, [id])).rows[0]?.v);

  describe.each(layouts)('Given an Agno %s PostgreSQL table with a runs value 901 levels deep, and one that is an object', (_layout, db) => {
    // Failed before: every read of deep-s answered 200 with the run and its ingest wrote; object-s read as
    // "no runs" (404) and its ingest replaced the object with a list — where SQLite answers 422 and writes nothing.
    it.each([
      ['deep-s', "nested 901 levels deep, deeper than Python's json.loads reads (900)"],
      ['object-s', 'the runs value is JSON but not a list (object)'],
    ])('When %s, its run list, a page of it or its run is read, Then 422 SESSION_UNREADABLE naming the session and why', async (id, reason) => {
      for (const route of [
        `/sessions/${id}/runs/g1?db_id=${db}&type=agent`,
        `/sessions/${id}/runs?db_id=${db}&type=agent`,
        `/sessions/${id}/runs?db_id=${db}&type=agent&limit=1&page=1`,
        `/sessions/${id}?db_id=${db}&type=agent`,
      ]) {
        const res = await t.get(route, admin);
        const body = (await res.json()) as { error_code?: string; detail?: string; db_id?: string; session_id?: string };
        expect({ route, status: res.status, code: body.error_code }).toEqual({ route, status: 422, code: 'SESSION_UNREADABLE' });
        expect(body.detail).toContain(reason);
        expect(body).toMatchObject({ db_id: db, session_id: id });
      }
    });

    it.each(['deep-s', 'object-s'])('When a run is ingested into %s, Then 422 SESSION_UNREADABLE and the row is left as it was', async (id) => {
      const before = await stored(db, id);
      const res = await t.post(`/sessions/${id}/runs?db_id=${db}&type=agent`, { run_id: 'new', agent_id: 'a1', status: 'COMPLETED' }, admin);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error_code?: string }).error_code).toBe('SESSION_UNREADABLE');
      expect(await stored(db, id)).toBe(before);
    });

    it('When a value exactly 900 levels deep and the rest of the table are read, Then they answer as usual, the listing included', async () => {
      const run = await t.get(`/sessions/edge-s/runs/g1?db_id=${db}&type=agent`, admin);
      expect(run.status).toBe(200);
      expect(((await run.json()) as { run_id?: string }).run_id).toBe('g1');
      expect((await t.get(`/sessions/fine-s/runs/placeholder?db_id=${db}&type=agent`, admin)).status).toBe(200);
      const listing = await t.get(`/sessions?db_id=${db}`, admin);
      expect(listing.status).toBe(200);
      expect(((await listing.json()) as { data: Array<{ session_id: string }> }).data.map((s) => s.session_id).sort()).toEqual(['deep-s', 'edge-s', 'fine-s', 'object-s']);
    });
  });
}
