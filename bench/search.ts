/**
 * `npm run bench:search`: `GET /search/runs` on the 1,000-run fixture (issue 24, "≤ 100 ms per
 * query on the server"). The same 1,000 runs of ~5 KB (every tenth with a tool call) are held by
 * each store: an attached Agno SQLite file in the 2.x layout (one session) and in the 3.x layout
 * (a row per run), the built-in native database (ingested over HTTP, 20 sessions of 50) and,
 * when PostgreSQL binaries are found, an Agno PostgreSQL table. For each store and query: the
 * first search after start (documents built), then repeated searches; and on the native store
 * the first search after a write. The server's own `search_time_ms` and the client's latency
 * are reported; results in bench/results/search.json.
 *
 * Env: BENCH_SEARCH_REPEATS (searches per query, default 30).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAgnoDb, type AgnoSessionRecord } from '../server/testing/agno-builder.js';
import { buildAgnoPostgres } from '../server/testing/postgres-builder.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../server/testing/postgres-cluster.js';
import { makeLargeAgentSession } from './data.js';
import { median, ROOT, runBench, spawnServerWithDatabases, stopChild, writeResult } from './harness.js';

const REPEATS = Number(process.env['BENCH_SEARCH_REPEATS'] ?? 30);
const RUNS = 1_000;

const QUERIES: Array<[string, string]> = [
  ['one run matches a phrase', `q=${encodeURIComponent('"Question 451:"')}`],
  ['every run matches a word (page of 20 with snippets)', 'q=fox'],
  ['no run matches', 'q=zzzz-not-there'],
  ['tool filter + word in its arguments', `q=${encodeURIComponent('tool:get_weather lisbon')}`],
  ['filters only (status, model, user substring), sorted by tool calls', 'status=completed&model=gpt&user=BENCH&sort_by=tool_calls'],
];

/** The bench runs, every tenth calling a tool (so tool names and arguments are searched too). */
function fixtureRuns(): Record<string, unknown>[] {
  const { session } = makeLargeAgentSession(RUNS);
  return (session.runs ?? []).map((run, i) => {
    if (i % 10 !== 0) return run;
    const messages = [...(run['messages'] as unknown[])];
    messages.splice(2, 0, { role: 'assistant', tool_calls: [{ id: `c${i}`, type: 'function', function: { name: 'get_weather', arguments: JSON.stringify({ city: 'Lisbon', day: i }) } }] }, {
      role: 'tool',
      tool_call_id: `c${i}`,
      tool_name: 'get_weather',
      tool_args: { city: 'Lisbon', day: i },
      content: '{"sky": "clear"}',
    });
    return { ...run, messages };
  });
}

interface QueryResult {
  store: string;
  query: string;
  matches: number;
  first_server_ms: number;
  server_p50_ms: number;
  server_max_ms: number;
  client_p50_ms: number;
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-bench-search-'));
  const bin = findPostgresBin();
  let cluster: PostgresCluster | null = null;
  try {
    const runs = fixtureRuns();
    const session: AgnoSessionRecord = { ...makeLargeAgentSession(0).session, runs };
    const databases: Array<Record<string, unknown>> = [];
    for (const layout of ['2.x', '3.x'] as const) {
      const file = path.join(dir, `agno-${layout}.db`);
      buildAgnoDb(file, [session], { layout });
      databases.push({ id: `agno-sqlite-${layout}`, path: file });
    }
    if (bin) {
      cluster = await startPostgresCluster(bin);
      await buildAgnoPostgres(cluster.url, [session]);
      databases.push({ id: 'agno-postgres-2.x', url_env: 'BENCH_PG_URL' });
    }
    const server = await spawnServerWithDatabases(dir, databases, cluster ? { BENCH_PG_URL: cluster.url } : {});
    const token = server.token;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const results: QueryResult[] = [];
    const search = async (query: string, db: string) => {
      const started = performance.now();
      const res = await fetch(`${server.url}/search/runs?${query}${db ? `&db_id=${db}` : ''}`, { headers });
      const body = (await res.json()) as { meta: { search_time_ms: number; total_count: number } };
      if (res.status !== 200) throw new Error(`search answered ${res.status}`);
      return { client: performance.now() - started, server: body.meta.search_time_ms, total: body.meta.total_count };
    };
    try {
      process.stdout.write('Ingesting the runs into the native database...\n');
      for (const [i, run] of runs.entries()) {
        const sessionId = `native-${Math.floor(i / 50)}`;
        const res = await fetch(`${server.url}/sessions/${sessionId}/runs?type=agent`, { method: 'POST', headers, body: JSON.stringify({ ...run, session_id: sessionId }) });
        if (res.status >= 300) throw new Error(`ingest answered ${res.status}`);
      }
      const stores = [...databases.map((d) => String(d['id'])), 'native'];
      for (const store of stores) {
        const db = store === 'native' ? '' : store;
        for (const [name, query] of QUERIES) {
          const first = await search(query, db);
          const server_: number[] = [];
          const client: number[] = [];
          for (let i = 0; i < REPEATS; i++) {
            const r = await search(query, db);
            server_.push(r.server);
            client.push(r.client);
          }
          const round = (v: number) => +v.toFixed(2);
          results.push({
            store,
            query: name,
            matches: first.total,
            first_server_ms: round(first.server),
            server_p50_ms: round(median(server_)),
            server_max_ms: round(Math.max(...server_)),
            client_p50_ms: round(median(client)),
          });
          process.stdout.write(`${JSON.stringify(results.at(-1))}\n`);
        }
      }
      // After a write the table's documents are rebuilt: the first search pays for it.
      const afterWrite: number[] = [];
      for (let i = 0; i < 10; i++) {
        await fetch(`${server.url}/sessions/native-0/runs?type=agent`, { method: 'POST', headers, body: JSON.stringify({ ...runs[0], run_id: `written-${i}`, session_id: 'native-0' }) });
        afterWrite.push((await search('q=fox', '')).server);
      }
      const out = {
        date: new Date().toISOString(),
        node: process.version,
        cpus: os.cpus().length,
        runs: RUNS,
        repeats: REPEATS,
        results,
        native_first_search_after_a_write_ms: { p50: +median(afterWrite).toFixed(2), max: +Math.max(...afterWrite).toFixed(2) },
      };
      const file = writeResult('search.json', out);
      process.stdout.write(`Written to ${file}\n`);
    } finally {
      await stopChild(server.child);
    }
  } finally {
    cluster?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runBench(main);
