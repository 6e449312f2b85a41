import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildAgnoPostgres } from '../../server/testing/postgres-builder.js';
import { findPostgresBin } from '../../server/testing/postgres-cluster.js';
import { startPostgresTestServer, type PostgresTestServer } from '../../server/testing/postgres-server.js';
import type { TestServer } from '../../server/testing/server-harness.js';

/**
 * Session writes on PostgreSQL tables as Agno's `PostgresDb` writes them (2.9 with `runs`,
 * 3 with `agno_runs`) and as a user may name them (no unique `session_id`): every write is one
 * atomic step on exactly one row — (session_id, type when given, the caller's scope) — and a
 * write that still matches several rows is refused with 409 `SESSION_AMBIGUOUS` naming the
 * user ids to choose from.
 */
const bin = findPostgresBin();
if (!bin) {
  describe('Given PostgreSQL session writes', () => {
    it.skip('SKIPPED: no PostgreSQL binaries (initdb, pg_ctl) found; install postgresql or set PG_BIN', () => {});
  });
} else {
  describe('Given PostgreSQL session tables', () => {
    let t: TestServer;
    let client: pg.Client;
    let stop: PostgresTestServer['stop'] | undefined;
    let admin: string;

    beforeAll(async () => {
      ({ t, client, stop } = await startPostgresTestServer(bin, {
        prepare: async (url, db) => {
          for (const [schema, layout] of [['p2', '2.x'], ['p3', '3.x'], ['pn', '2.x']] as const) await buildAgnoPostgres(url, [], { schema, layout });
          await db.query('ALTER TABLE pn.agno_sessions DROP CONSTRAINT agno_sessions_pkey');
        },
        settings: (url) => ({
          auth: { user_isolation: true },
          databases: [
            { id: 'p2', url, schema: 'p2', read_only: false },
            { id: 'p3', url, schema: 'p3', read_only: false },
            { id: 'pn', url, schema: 'pn', read_only: false },
          ],
        }),
      }));
      admin = await t.token({ sub: 'root', scopes: ['platform:admin'] });
    }, 60_000);

    afterAll(() => stop?.());

    const send = async (method: string, path: string, body: unknown, token: string) => {
      const res = await fetch(`${t.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
    };
    const rows = async () =>
      (
        await client.query<{ user_id: string; session_type: string; session_data: Record<string, unknown> | null; metadata: unknown }>(
          "SELECT user_id, session_type, session_data, metadata FROM pn.agno_sessions WHERE session_id = 'pdup' ORDER BY user_id, session_type",
        )
      ).rows;

    describe('and a table whose session_id is not unique, holding ("pdup", alice) and ("pdup", bob)', () => {
      beforeEach(async () => {
        await client.query('DELETE FROM pn.agno_sessions');
        await client.query(
          "INSERT INTO pn.agno_sessions (session_id, session_type, agent_id, user_id, session_data, created_at) VALUES " +
            "('pdup', 'agent', 'a1', 'alice', '{\"session_name\":\"ALICE\"}', 1771086857), " +
            "('pdup', 'agent', 'a1', 'bob', '{\"session_name\":\"BOB\",\"session_state\":{\"secret\":\"bob\"}}', 1771086857)",
        );
      });

      it('When an admin PATCHes "pdup" without user_id, Then 409 SESSION_AMBIGUOUS names both users and no row changes (case 2)', async () => {
        const before = await rows();
        const res = await send('PATCH', '/sessions/pdup?db_id=pn', { metadata: { m: 1 } }, admin);
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({ error_code: 'SESSION_AMBIGUOUS', user_ids: ['alice', 'bob'] });
        expect(String(res.body['detail'])).toContain('?user_id=');
        expect(await rows()).toEqual(before);
        for (const [method, path, body] of [
          ['POST', '/sessions/pdup/rename?db_id=pn', { session_name: 'x' }],
          ['DELETE', '/sessions/pdup?db_id=pn', undefined],
        ] as const) {
          expect((await send(method, path, body, admin)).status, `${method} ${path}`).toBe(409);
        }
        expect(await rows()).toEqual(before);
      });

      it('When the admin names ?user_id=bob, Then only bob\'s row changes and alice\'s stays hers', async () => {
        const res = await send('PATCH', '/sessions/pdup?db_id=pn&user_id=bob', { metadata: { m: 1 } }, admin);
        expect(res.status).toBe(200);
        expect(await rows()).toEqual([
          { user_id: 'alice', session_type: 'agent', session_data: { session_name: 'ALICE' }, metadata: null },
          { user_id: 'bob', session_type: 'agent', session_data: { session_name: 'BOB', session_state: { secret: 'bob' } }, metadata: { m: 1 } },
        ]);
      });

      it('When alice (isolated) PATCHes and renames ?type=team while she has an agent and a team row "pdup", Then only the team row changes (case 3)', async () => {
        await client.query(
          "INSERT INTO pn.agno_sessions (session_id, session_type, team_id, user_id, session_data, created_at) VALUES ('pdup', 'team', 't1', 'alice', '{\"session_name\":\"TEAM\"}', 1771086857)",
        );
        const alice = await t.token({ sub: 'alice', scopes: ['sessions:read', 'sessions:write'] });
        const patched = await send('PATCH', '/sessions/pdup?db_id=pn&type=team', { metadata: { team: true } }, alice);
        expect(patched.status).toBe(200);
        expect(patched.body).toMatchObject({ session_name: 'TEAM', team_id: 't1' });
        const renamed = await send('POST', '/sessions/pdup/rename?db_id=pn&type=team', { session_name: 'TEAM 2' }, alice);
        expect(renamed.status).toBe(200);
        expect(await rows()).toEqual([
          { user_id: 'alice', session_type: 'agent', session_data: { session_name: 'ALICE' }, metadata: null },
          { user_id: 'alice', session_type: 'team', session_data: { session_name: 'TEAM 2' }, metadata: { team: true } },
          { user_id: 'bob', session_type: 'agent', session_data: { session_name: 'BOB', session_state: { secret: 'bob' } }, metadata: null },
        ]);
      });

      it('When a session is created with a new id on it, Then 201 (no ON CONFLICT without a unique key) and a taken id is a 409 (case 4)', async () => {
        expect((await send('POST', '/sessions?db_id=pn', { session_id: 'fresh', session_name: 'F' }, admin)).status).toBe(201);
        expect((await send('POST', '/sessions?db_id=pn', { session_id: 'fresh' }, admin)).status).toBe(409);
        expect((await send('POST', '/sessions?db_id=pn', { session_id: 'pdup' }, admin)).status).toBe(409);
      });
    });

    it('When a session is created on an Agno 3 table (no runs column) and on an Agno 2 one, Then 201 and it reads back (case 4)', async () => {
      for (const db of ['p3', 'p2']) {
        const created = await send('POST', `/sessions?db_id=${db}`, { session_id: `made-${db}`, session_name: 'Made', session_state: { a: 1 } }, admin);
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const read = await send('GET', `/sessions/made-${db}?db_id=${db}`, undefined, admin);
        expect(read).toMatchObject({ status: 200, body: { session_name: 'Made', session_state: { a: 1 } } });
        expect((await send('POST', `/sessions/made-${db}/runs?db_id=${db}`, { run_id: `r-${db}`, agent_id: 'a', content: 'x' }, admin)).status).toBe(201);
      }
    });

    it('When a run is ingested into a new session under a run id an Agno 3 runs table holds for another session, Then 409 and that run is unchanged', async () => {
      expect((await send('POST', '/sessions/owner/runs?db_id=p3', { run_id: 'shared-run', agent_id: 'a', content: 'mine' }, admin)).status).toBe(201);
      const res = await send('POST', '/sessions/intruder/runs?db_id=p3', { run_id: 'shared-run', agent_id: 'a', content: 'theirs' }, admin);
      expect(res).toMatchObject({ status: 409, body: { error_code: 'CONFLICT' } });
      const run = await send('GET', '/sessions/owner/runs/shared-run?db_id=p3', undefined, admin);
      expect(run.body?.['content']).toBe('mine');
      expect((await send('GET', '/sessions/intruder?db_id=p3', undefined, admin)).status).toBe(404);
    });

    it('When three PATCHes (name, state, metadata) of one session are sent at once, Then every one of them is kept (case 1)', async () => {
      for (const db of ['p2', 'p3']) {
        for (let trial = 0; trial < 5; trial++) {
          const id = `c-${db}-${trial}`;
          expect((await send('POST', `/sessions?db_id=${db}`, { session_id: id }, admin)).status).toBe(201);
          const answers = await Promise.all([
            send('PATCH', `/sessions/${id}?db_id=${db}`, { session_name: 'named' }, admin),
            send('PATCH', `/sessions/${id}?db_id=${db}`, { session_state: { s: trial } }, admin),
            send('PATCH', `/sessions/${id}?db_id=${db}`, { metadata: { m: trial } }, admin),
          ]);
          expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
          const read = await send('GET', `/sessions/${id}?db_id=${db}`, undefined, admin);
          expect(read.body, `${db} trial ${trial}`).toMatchObject({ session_name: 'named', session_state: { s: trial }, metadata: { m: trial } });
        }
      }
    });
  });
}
