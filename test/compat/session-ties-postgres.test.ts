import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgnoSessionRecord } from '../../server/testing/agno-session-record.js';
import { buildAgnoPostgres } from '../../server/testing/postgres-builder.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../../server/testing/postgres-cluster.js';
import { startTestServer, type TestServer } from '../../server/testing/server-harness.js';

/**
 * Sessions with equal sort keys in an Agno PostgreSQL table, paged: each page must hold the sessions
 * AgentOS's page holds, in its order. AgentOS (`PostgresDb.get_sessions`) lists with
 * `SELECT <every column> … ORDER BY <column> <dir> LIMIT … OFFSET …` and no second key, so ties
 * come as PostgreSQL's plan gives them (a top-N heap sort, a full sort or an index scan, over the
 * rows' places in the table). Checked against AgentOS 2.9 on PostgreSQL 15: its pages were that
 * statement's, 48 of 48 (sort by created_at, updated_at, user_id; both orders; with and without
 * type; four page windows), and none was the `session_id` tie order. The same statement is run here
 * on the same table.
 */

const bin = findPostgresBin();
if (!bin) {
  describe('session ties on PostgreSQL', () => {
    it.skip('SKIPPED: no PostgreSQL binaries (initdb, pg_ctl) found; install postgresql (Debian: apt-get install -y postgresql) or set PG_BIN', () => {});
  });
} else {
  let cluster: PostgresCluster;
  let t: TestServer;
  let token: string;

  /** 40 sessions inserted out of id order, on three creation seconds, half with an equal update second. */
  function sessions(): AgnoSessionRecord[] {
    const out: AgnoSessionRecord[] = [];
    for (let i = 0; i < 40; i++) {
      const n = (i * 17) % 40; // a fixed shuffle: rows land in the table out of id order
      const type = n % 3 === 0 ? 'team' : 'agent';
      out.push({
        session_id: `s-${String(n).padStart(2, '0')}`,
        session_type: type,
        ...(type === 'team' ? { team_id: 'crew' } : { agent_id: 'helper' }),
        user_id: `user-${n % 4}`,
        session_data: { session_name: `chat ${n}` },
        created_at: 1795563200 + (n % 3),
        updated_at: n % 2 === 0 ? 1795563300 : 1795563200 + n,
      });
    }
    return out;
  }

  beforeAll(async () => {
    cluster = await startPostgresCluster(bin);
    await buildAgnoPostgres(cluster.url, sessions());
    // Another client touches some rows afterwards: their new versions go to the table's end.
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    await client.query("UPDATE ai.agno_sessions SET metadata = '{}'::jsonb WHERE session_id IN ('s-03', 's-10', 's-21')");
    await client.query('ANALYZE ai.agno_sessions');
    await client.end();
    t = await startTestServer({ databases: [{ id: 'ties', url: cluster.url, schema: 'ai', read_only: true }] });
    token = await t.token({ scopes: ['platform:admin'] });
  }, 60_000);

  afterAll(async () => {
    await t?.stop();
    cluster?.stop();
  });

  /** AgentOS's listing statement on the table (PostgresDb.get_sessions, as SQLAlchemy writes it). */
  async function platformPage(type: string | null, sortBy: string, order: 'asc' | 'desc', limit: number, page: number): Promise<string[]> {
    const column = sortBy === 'updated_at' ? 'coalesce(ai.agno_sessions.updated_at, ai.agno_sessions.created_at)' : `ai.agno_sessions.${sortBy}`;
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      const where = type ? 'WHERE ai.agno_sessions.session_type = $3' : '';
      const sql = `SELECT * FROM ai.agno_sessions ${where} ORDER BY ${column} ${order.toUpperCase()} LIMIT $1 OFFSET $2`;
      const { rows } = await client.query<{ session_id: string }>(sql, [limit, (page - 1) * limit, ...(type ? [type] : [])]);
      return rows.map((r) => r.session_id);
    } finally {
      await client.end();
    }
  }

  describe('Given sessions that share their sort key, in an Agno PostgreSQL table', () => {
    // Failed before, all seven: ties were ordered by session_id (e.g. created_at desc, limit 5, page 1:
    // s-38, s-35, s-32, s-29, s-26 where AgentOS's statement gives s-23, s-29, s-35, s-02, s-08).
    it.each([
      [null, 'created_at', 'desc'],
      [null, 'created_at', 'asc'],
      ['agent', 'created_at', 'desc'],
      ['team', 'created_at', 'asc'],
      [null, 'updated_at', 'desc'],
      ['agent', 'updated_at', 'asc'],
      [null, 'user_id', 'asc'],
    ] as const)(
      "When listed with type=%s, sort_by=%s, sort_order=%s, page by page, Then every page holds what AgentOS's statement gives, in its order",
      async (type, sortBy, order) => {
        for (const [limit, page] of [
          [5, 1],
          [5, 2],
          [5, 3],
          [7, 4],
          [20, 1],
          [20, 2],
        ] as const) {
          const query = `/sessions?db_id=ties&${type ? `type=${type}&` : ''}sort_by=${sortBy}&sort_order=${order}&limit=${limit}&page=${page}`;
          const res = await t.get(query, token);
          const body = (await res.json()) as { data: Array<{ session_id: string }> };
          expect(body.data.map((s) => s.session_id), query).toEqual(await platformPage(type, sortBy, order, limit, page));
        }
      },
    );
  });
}
