import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgnoPostgres } from '../../server/testing/postgres-builder.js';
import { findPostgresBin } from '../../server/testing/postgres-cluster.js';
import { startPostgresTestServer, type PostgresTestServer } from '../../server/testing/postgres-server.js';
import type { TestServer } from '../../server/testing/server-harness.js';
import { agentRun } from './support.js';

/**
 * rundesk attaches any session table the user names, and nothing makes `session_id` unique in
 * such a table: two users may each have a session `dup`. Under user isolation each must read,
 * list and write only their own row, whichever row PostgreSQL happens to return first.
 */
const bin = findPostgresBin();
if (!bin) {
  describe('Given a PostgreSQL session table whose session_id is not unique', () => {
    it.skip('SKIPPED: no PostgreSQL binaries (initdb, pg_ctl) found; install postgresql (Debian: apt-get install -y postgresql) or set PG_BIN', () => {});
  });
} else {
  describe('Given a PostgreSQL session table where Alice and Bob each have a session "dup", and user isolation', () => {
    let t: TestServer;
    let client: pg.Client;
    let stop: PostgresTestServer['stop'] | undefined;

    beforeAll(async () => {
      ({ t, client, stop } = await startPostgresTestServer(bin, {
        prepare: async (url, db) => {
          await buildAgnoPostgres(url, [], { schema: 'pgn' });
          await db.query('ALTER TABLE pgn.agno_sessions DROP CONSTRAINT agno_sessions_pkey');
          const insert = (user: string, runId: string, content: string) =>
            db.query(
              "INSERT INTO pgn.agno_sessions (session_id, session_type, agent_id, user_id, runs, created_at) VALUES ('dup', 'agent', 'a1', $1, $2, 1771086857)",
              [user, JSON.stringify([agentRun(runId, { user_id: user, content })])],
            );
          await insert('alice', 'r-alice', 'alice private');
          await insert('bob', 'r-bob', 'bob content');
        },
        settings: (url) => ({ auth: { user_isolation: true }, databases: [{ id: 'pgn', url, schema: 'pgn', read_only: false }] }),
      }));
    }, 60_000);

    afterAll(() => stop?.());

    const as = (sub: string) => t.token({ sub, scopes: ['sessions:read', 'sessions:write'] });

    it('When each asks for the run of the other, Then 404; each reads their own run', async () => {
      for (const [me, mine, theirs] of [
        ['bob', 'r-bob', 'r-alice'],
        ['alice', 'r-alice', 'r-bob'],
      ] as const) {
        const token = await as(me);
        // Twice: the second answer comes from the run cache.
        for (let i = 0; i < 2; i++) {
          const own = await t.get(`/sessions/dup/runs/${mine}?db_id=pgn`, token);
          expect(own.status, `${me} reads ${mine}`).toBe(200);
          expect((await own.json()).user_id).toBe(me);
          const foreign = await t.get(`/sessions/dup/runs/${theirs}?db_id=pgn`, token);
          expect(foreign.status, `${me} reads ${theirs}`).toBe(404);
          expect(await foreign.text()).not.toContain('private');
        }
        const runs = await (await t.get('/sessions/dup/runs?db_id=pgn', token)).json();
        expect(runs.map((r: { run_id: string }) => r.run_id)).toEqual([mine]);
        expect((await (await t.get('/sessions/dup?db_id=pgn', token)).json()).user_id).toBe(me);
      }
    });

    it('When Bob ingests into "dup", Then his run lands in his row only and Alice\'s row is untouched', async () => {
      const res = await t.post('/sessions/dup/runs?db_id=pgn', agentRun('r-bob-2'), await as('bob'));
      expect(res.status).toBe(201);
      const rows = await client.query<{ user_id: string; ids: string[] }>(
        "SELECT user_id, array(SELECT e->>'run_id' FROM jsonb_array_elements(runs) e) AS ids FROM pgn.agno_sessions WHERE session_id = 'dup' ORDER BY user_id",
      );
      expect(rows.rows).toEqual([
        { user_id: 'alice', ids: ['r-alice'] },
        { user_id: 'bob', ids: ['r-bob', 'r-bob-2'] },
      ]);
    });
  });
}
