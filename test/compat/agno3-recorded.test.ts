import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import pg from 'pg';
import { decodeJsonColumn } from '../../server/agno-format/codec.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../../server/testing/postgres-cluster.js';
import { startTestServer, type TestServer } from '../../server/testing/server-harness.js';
import type { SettingsInput } from '../../server/settings/schema.js';

/**
 * rundesk over the two Agno 3 files of test/fixtures/agno3, compared with what Agno 3's AgentOS
 * (v3.0.0a3, served over a copy of the same file) answered to the same GETs. The recordings
 * (`*.answers.json`: path, status, body) were made by test/compat/recordings/record-agno3.mjs:
 * every session listing (each type, page size and page, sort column and order, filter), every
 * session, run list (with the `created_*` filters) and run of each file; see
 * test/fixtures/agno3/README.md.
 */

interface Recorded {
  path: string;
  status: number;
  body: unknown;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.join(here, '..', 'fixtures', 'agno3');

/** A private copy of a fixture, attached read-only. */
function copyOf(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-agno3-'));
  const file = path.join(dir, name);
  fs.copyFileSync(path.join(fixtures, name), file);
  return file;
}

function recordings(name: string): Recorded[] {
  return JSON.parse(fs.readFileSync(path.join(fixtures, `${name}.answers.json`), 'utf8')) as Recorded[];
}

const bin = findPostgresBin();
let cluster: PostgresCluster | undefined;
if (bin) {
  beforeAll(async () => {
    cluster = await startPostgresCluster(bin);
  }, 60_000);
  afterAll(() => cluster?.stop());
}

const stores = [
  ['attached read-only', async (name: string): Promise<DatabaseEntry> => ({ id: name, path: copyOf(`${name}.db`), read_only: true })],
  ...(bin
    ? ([
        [
          'loaded into PostgreSQL as Agno 3 PostgresDb keeps it',
          async (name: string): Promise<DatabaseEntry> => {
            const schema = name.replace(/\W/g, '_');
            await copyIntoPostgres(path.join(fixtures, `${name}.db`), (cluster as PostgresCluster).url, schema);
            return { id: name, url: (cluster as PostgresCluster).url, schema, read_only: true };
          },
        ],
      ] as const)
    : []),
] as const;

type DatabaseEntry = NonNullable<SettingsInput['databases']>[number];

for (const [how, attach] of stores) for (const name of ['agno3-real', 'agno3-upgraded']) {
  describe(`Given ${name}.db ${how}`, () => {
    let t: TestServer;
    let token: string;
    beforeAll(async () => {
      t = await startTestServer({ databases: [await attach(name)] });
      token = await t.token({ scopes: ['agent_os:admin'] });
      // Whether a server database holds sessions is learnt in the background (docs/databases.md, "Which
      // database answers"): ask until the attached one answers requests without db_id (until
      // its first answer, such requests are a 503 DATABASE_BUSY).
      for (let i = 0; i < 50; i++) {
        const page = await (await t.get('/sessions?limit=1', token)).json();
        if (page.meta?.total_count > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    afterAll(async () => t?.stop());

    const sqlite = how === 'attached read-only';
    it.each(recordings(name).filter((r) => compared(r) && (sqlite || !sortsNullableColumn(r))).map((r) => [r.path, r] as const))(
      'When a client GETs %s, Then rundesk answers as Agno 3 did',
      async (_, recorded) => {
        const res = await t.get(recorded.path, token);
        const body: unknown = await res.json();
        const expected = tiesInIdOrder(recorded.path, expectedOf(recorded));
        expect({ status: res.status, body: projected(tiesInIdOrder(recorded.path, body), expected) }).toEqual({
          status: recorded.status,
          body: expected,
        });
      },
    );

    it.each(recordings(name).filter(answeredAsIs).map((r) => [r.path, r] as const))(
      'When a client GETs %s (no rundesk extension asked for), Then the answer is the JSON Agno 3 sent, field for field',
      async (_, recorded) => {
        const res = await t.get(recorded.path, token);
        expect({ status: res.status, body: await res.json() }).toEqual({ status: recorded.status, body: recorded.body });
      },
    );
  });
}


/**
 * Which recordings compare as they are. Left out, for a documented reason (docs/databases.md, "Agno
 * versions"): `session_name` filtering (rundesk matches the derived name, Agno 3 the stored
 * `session_data` text). Run GETs with or without `type`, member runs of a team included, compare
 * as recorded: the session is found by id and the shape is the run's own, as there.
 */
function compared(r: Recorded): boolean {
  return !r.path.includes('session_name=');
}

/**
 * A listing sorted by a column that can be null. Where nulls go is the database's: SQLite puts
 * them first ascending (as recorded), PostgreSQL last — as Agno 3's `PostgresDb` gets them too —
 * so those answers are compared on the SQLite file only.
 */
function sortsNullableColumn(r: Recorded): boolean {
  return /[?&]sort_by=(user_id|agent_id|team_id|workflow_id)(&|$)/.test(r.path);
}

/**
 * Run lists and runs rundesk answers exactly as the platform does (null fields left out of a
 * list as its `exclude_none` does, kept in a single run as it keeps them): every one but the
 * deliberate differences above.
 */
function answeredAsIs(r: Recorded): boolean {
  const route = r.path.split('?')[0] ?? '';
  return r.status === 200 && compared(r) && /^\/sessions\/[^/]+\/runs(\/[^/]+)?$/.test(route);
}

/**
 * A session page with sessions of equal sort keys put in `session_id` order, on both sides. On
 * SQLite and on PostgreSQL rundesk orders ties as the database's plan does for the platform's own
 * statement (session-ties.test.ts, session-ties-postgres.test.ts), but the recordings were made on the
 * SQLite file, and a PostgreSQL copy of its rows has its own plan and row places. The keys' sequence
 * itself is still compared.
 */
function tiesInIdOrder(p: string, body: unknown): unknown {
  if (!/^\/sessions(\?|$)/.test(p) || body === null || typeof body !== 'object') return body;
  const page = body as { data?: Array<Record<string, unknown>> };
  if (!Array.isArray(page.data)) return body;
  const key = new URLSearchParams(p.split('?')[1] ?? '').get('sort_by') ?? 'created_at';
  const runs: Array<Array<Record<string, unknown>>> = [];
  for (const item of page.data) {
    const last = runs.at(-1);
    if (last && (last[0]?.[key] ?? null) === (item[key] ?? null)) last.push(item);
    else runs.push([item]);
  }
  const byId = (a: Record<string, unknown>, b: Record<string, unknown>) => String(a['session_id']).localeCompare(String(b['session_id']));
  return { ...page, data: runs.flatMap((tied) => tied.sort(byId)) };
}

/** The recorded body without what rundesk deliberately gives differently: the timing in `meta.search_time_ms`. */
function expectedOf(r: Recorded): unknown {
  const body = structuredClone(r.body) as Record<string, unknown>;
  if (/^\/sessions(\?|$)/.test(r.path)) delete (body['meta'] as Record<string, unknown>)['search_time_ms'];
  return body;
}

/**
 * `actual` restricted to what `expected` holds: rundesk adds fields of its own (e.g. `run_count`,
 * `error_code`) and writes some absent ones as null, which the documented shapes treat alike.
 */
function projected(actual: unknown, expected: unknown): unknown {
  if (Array.isArray(expected)) {
    return Array.isArray(actual) ? actual.map((a, i) => (i < expected.length ? projected(a, expected[i]) : a)) : actual;
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return actual;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(expected)) {
      const mine = (actual as Record<string, unknown>)[key];
      out[key] = mine === undefined && value === null ? null : projected(mine, value);
    }
    return out;
  }
  return actual;
}

/**
 * The file's session and run tables as Agno 3's PostgresDb would hold them: same columns, the
 * JSON ones as JSONB (decoded from SQLite's text), the legacy `runs` column only where the
 * file has it, and the runs table's foreign key to the session table.
 */
async function copyIntoPostgres(file: string, url: string, schema: string): Promise<void> {
  const sqlite = new Database(file, { readonly: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.query(`CREATE SCHEMA ${schema}`);
    for (const table of ['agno_sessions', 'agno_runs']) {
      const columns = (sqlite.prepare(`SELECT name, type FROM pragma_table_info('${table}')`).all() as Array<{ name: string; type: string }>);
      const types = columns.map((c) => `${c.name} ${c.type === 'JSON' ? 'JSONB' : c.type === 'BIGINT' ? 'BIGINT' : 'VARCHAR'}`);
      const keys = table === 'agno_sessions' ? ', PRIMARY KEY (session_id)' : `, PRIMARY KEY (run_id), FOREIGN KEY (session_id) REFERENCES ${schema}.agno_sessions (session_id) ON DELETE CASCADE`;
      await client.query(`CREATE TABLE ${schema}.${table} (${types.join(', ')}${keys})`);
      for (const row of sqlite.prepare(`SELECT * FROM ${table}`).all() as Array<Record<string, unknown>>) {
        const values = columns.map((c) => (c.type === 'JSON' ? jsonb(row[c.name]) : row[c.name]));
        await client.query(
          `INSERT INTO ${schema}.${table} (${columns.map((c) => c.name).join(', ')}) VALUES (${columns.map((c, i) => `$${i + 1}${c.type === 'JSON' ? '::jsonb' : ''}`).join(', ')})`,
          values,
        );
      }
    }
  } finally {
    sqlite.close();
    await client.end();
  }
}

function jsonb(raw: unknown): string | null {
  if (raw === null || raw === undefined) return null;
  const value = decodeJsonColumn(raw);
  return value === null ? null : JSON.stringify(value);
}
