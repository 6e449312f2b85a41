import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Caches } from '../../server/runtime/caches.js';
import { openPostgresDatabase } from '../../server/db/postgres/database.js';
import type { Database } from '../../server/db/types.js';
import { AGNO_LAYOUTS, type AgnoLayout } from '../../server/testing/agno-builder.js';
import { buildAgnoPostgres } from '../../server/testing/postgres-builder.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../../server/testing/postgres-cluster.js';

/**
 * PostgreSQL listings, counts and run pages come from summaries and indexes kept per row
 * version (server/db/postgres/run-cache.ts). Whatever another client does to the table, a
 * store that has kept them answers as a store opened afresh (nothing kept: every figure read
 * from the rows as they are now).
 */

const bin = findPostgresBin();
let cluster: PostgresCluster;
let client: pg.Client;

type Op =
  | { kind: 'put'; id: string; type: 'agent' | 'team' | 'workflow'; name: string | null }
  | { kind: 'runs'; id: string; runs: unknown[] }
  | { kind: 'row'; id: string; run: Record<string, unknown> }
  | { kind: 'delete'; id: string }
  /** Frees dead row versions, so a later version can take the `ctid` of an earlier one. */
  | { kind: 'vacuum' };

const text = fc.string({ maxLength: 8 });
const runArb = fc.record(
  {
    run_id: fc.constantFrom('r1', 'r2', 'r3', 'r4'),
    agent_id: fc.constantFrom('', 'member'),
    messages: fc.array(fc.record({ role: fc.constantFrom('user', 'assistant'), content: text }), { maxLength: 2 }),
    input: fc.oneof(text, fc.record({ input_content: text })),
  },
  { requiredKeys: ['run_id'] },
);
const id = fc.constantFrom('s1', 's2', 's3');
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('put' as const), id, type: fc.constantFrom('agent' as const, 'team' as const, 'workflow' as const), name: fc.option(text) }),
  fc.record({ kind: fc.constant('runs' as const), id, runs: fc.array(fc.oneof({ weight: 6, arbitrary: runArb }, { weight: 1, arbitrary: fc.integer() }), { maxLength: 5 }) }),
  fc.record({ kind: fc.constant('row' as const), id, run: runArb }),
  fc.record({ kind: fc.constant('delete' as const), id }),
  fc.constant({ kind: 'vacuum' as const }),
);

async function apply(schema: string, layout: AgnoLayout, step: Op): Promise<void> {
  const sessions = `${schema}.agno_sessions`;
  const runsTable = `${schema}.agno_runs`;
  switch (step.kind) {
    case 'put':
      await client.query(
        `INSERT INTO ${sessions} (session_id, session_type, user_id, session_data, created_at, updated_at) VALUES ($1, $2, 'ann', $3::jsonb, 1, 1) ` +
          'ON CONFLICT (session_id) DO UPDATE SET session_type = EXCLUDED.session_type, session_data = EXCLUDED.session_data',
        [step.id, step.type, JSON.stringify(step.name === null ? {} : { session_name: step.name })],
      );
      return;
    case 'runs':
      if (layout === '3.x') return;
      await client.query(`UPDATE ${sessions} SET runs = $2::jsonb WHERE session_id = $1`, [step.id, JSON.stringify(step.runs)]);
      return;
    case 'row': {
      if (layout === '2.x') return;
      const exists = await client.query(`SELECT 1 FROM ${sessions} WHERE session_id = $1`, [step.id]);
      if (exists.rowCount === 0) return;
      await client.query(
        `INSERT INTO ${runsTable} (run_id, session_id, run_type, run_index, run_data, created_at) ` +
          `VALUES ($1, $2::varchar, 'agent', (SELECT count(*) FROM ${runsTable} WHERE session_id = $2::varchar), $3::jsonb, 1) ` +
          'ON CONFLICT (run_id) DO UPDATE SET run_data = EXCLUDED.run_data, session_id = EXCLUDED.session_id',
        [`${step.id}-${String(step.run['run_id'])}`, step.id, JSON.stringify(step.run)],
      );
      return;
    }
    case 'vacuum':
      await client.query(`VACUUM ${sessions}`);
      if (layout !== '2.x') await client.query(`VACUUM ${runsTable}`);
      return;
    case 'delete':
      if (layout !== '2.x') await client.query(`DELETE FROM ${runsTable} WHERE session_id = $1`, [step.id]);
      await client.query(`DELETE FROM ${sessions} WHERE session_id = $1`, [step.id]);
      return;
  }
}

async function answers(db: Database) {
  const store = db.sessions();
  const listing = await store.listSessions({ page: 1, limit: 50, sortOrder: 'asc', sortBy: 'session_id' });
  const searched = await store.listSessions({ page: 1, limit: 50, sortOrder: 'asc', sortBy: 'session_id', sessionName: 'a' });
  const pages: Record<string, unknown> = {};
  for (const item of listing.items) {
    const page = await store.pageRuns(item.session_id, {}, { offset: 1, limit: 2 });
    // A page is the slice of the whole list (Agno 3: the merge made in SQL and in memory agree).
    const all = await store.listRuns(item.session_id, {});
    expect(page).toEqual(all === null ? null : { runs: all.slice(1, 3), total: all.length });
    pages[item.session_id] = page;
  }
  return {
    listing: listing.items.map((s) => [s.session_id, s.session_type, s.session_name, s.run_count]),
    total: listing.total,
    searched: searched.items.map((s) => s.session_id),
    counts: await store.counts(),
    components: await store.listComponents('agent', {}),
    pages,
  };
}

if (!bin) {
  describe('PostgreSQL listings from row versions', () => {
    it.skip('SKIPPED: no PostgreSQL binaries (initdb, pg_ctl) found; set PG_BIN', () => {});
  });
} else {
  beforeAll(async () => {
    cluster = await startPostgresCluster(bin);
    client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
  }, 60_000);
  afterAll(async () => {
    await client?.end();
    cluster?.stop();
  });

  for (const layout of AGNO_LAYOUTS) {
    it(`answers listings, counts and run pages of an Agno ${layout} table as a store opened afresh, whatever another client writes`, async () => {
      const schema = `prop_${layout.replace(/\W/g, '_')}`;
      await buildAgnoPostgres(cluster.url, [], { schema, layout });
      const open = (caches: Caches) => openPostgresDatabase({ id: 'pg', url: cluster.url, schema, readOnly: true, caches });
      const kept = open(new Caches());
      try {
        await fc.assert(
          fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 6 }), async (steps) => {
            for (const step of steps) {
              await apply(schema, layout, step);
              const fresh = open(new Caches());
              try {
                expect(await answers(kept)).toEqual(await answers(fresh));
              } finally {
                fresh.close();
              }
            }
          }),
          { numRuns: 20 },
        );
      } finally {
        kept.close();
      }
    }, 120_000);
  }
}
