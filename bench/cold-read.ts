/**
 * `npm run bench:cold`: first reads (issue 21). For each store — an attached Agno SQLite file
 * (read-only) and, when PostgreSQL binaries are found, an Agno PostgreSQL table — and each
 * session size (1,000, 2,000 and 10,000 runs of ~5 KB), GET runs never read before, one after
 * the other (every request reads a distinct run), then the same with 10 connections; and the
 * session listing of the database holding those sessions. Client-side latencies of a spawned
 * `dist/` server; then the session page's first screen of the 10,000-run session (detail without
 * chat history + the first page of 200 run summaries: latency and bytes). The same for two Agno 3
 * SQLite files (`buildAgno3Files`: runs in `agno_runs`, and an upgraded table merging a legacy
 * value with `agno_runs`). Results, with the load average, in bench/results/cold-read.json.
 *
 * Env: BENCH_COLD_READS (distinct runs per case, default 300); BENCH_COLD_STORES (`sqlite`,
 * `agno3`, `pg`, comma-separated; default all three, `pg` when PostgreSQL binaries are found).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { buildAgnoDb, type AgnoLayout } from '../server/testing/agno-builder.js';
import { buildAgnoPostgres } from '../server/testing/postgres-builder.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../server/testing/postgres-cluster.js';
import { makeLargeAgentSession } from './data.js';
import { loadAverage, ROOT, runBench, spawnServer, stopChild, writeResult } from './harness.js';

const READS = Number(process.env['BENCH_COLD_READS'] ?? 300);
const SIZES = [1_000, 2_000, 10_000];
const STORES = (process.env['BENCH_COLD_STORES'] ?? 'sqlite,agno3,pg').split(',').map((s) => s.trim());
const CONNECTIONS = 10;
const SCREEN_REPEATS = 30;

interface ColdCase {
  name: string;
  requests: number;
  connections: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  mean_ms: number;
  non_2xx: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

function summarise(name: string, latencies: number[], connections: number, non2xx: number): ColdCase {
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (v: number) => +v.toFixed(2);
  return {
    name,
    requests: sorted.length,
    connections,
    p50_ms: round(percentile(sorted, 50)),
    p99_ms: round(percentile(sorted, 99)),
    max_ms: round(sorted[sorted.length - 1] ?? NaN),
    mean_ms: round(sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length)),
    non_2xx: non2xx,
  };
}

/** GETs `paths` with `connections` workers, each path once; per-request latency in ms. */
async function timeAll(base: string, headers: Record<string, string>, paths: string[], connections: number): Promise<{ latencies: number[]; non2xx: number }> {
  const latencies: number[] = [];
  let non2xx = 0;
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const p = paths[next++] as string;
      const started = performance.now();
      const res = await fetch(base + p, { headers });
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      if (res.status >= 300) non2xx += 1;
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return { latencies, non2xx };
}

/** `count` distinct run ids spread over the session, in a shuffled but fixed order. */
function distinct(runIds: string[], count: number, offset: number): string[] {
  const picked: string[] = [];
  const step = Math.max(1, Math.floor(runIds.length / count));
  for (let i = 0; i < count && i * step + offset < runIds.length; i++) picked.push(runIds[i * step + offset] as string);
  for (let i = picked.length - 1; i > 0; i--) {
    const j = (i * 7919) % (i + 1);
    [picked[i], picked[j]] = [picked[j] as string, picked[i] as string];
  }
  return picked;
}

/**
 * The session page's first screen of a session (what the UI asks for): the detail without its
 * chat history and the first page of run summaries, both at once, `SCREEN_REPEATS` times. Latency
 * of the slower of the two (the screen waits for both) and the bytes of both bodies.
 */
async function firstScreen(base: string, headers: Record<string, string>, sessionId: string, db: string): Promise<ColdCase & { bytes: number }> {
  const paths = [`/sessions/${sessionId}?type=agent&chat_history=false&db_id=${db}`, `/sessions/${sessionId}/runs?type=agent&limit=200&page=1&summary=true&db_id=${db}`];
  const latencies: number[] = [];
  let bytes = 0;
  let non2xx = 0;
  for (let i = 0; i < SCREEN_REPEATS; i++) {
    const started = performance.now();
    const answers = await Promise.all(paths.map(async (p) => {
      const res = await fetch(base + p, { headers });
      if (res.status >= 300) non2xx += 1;
      return (await res.arrayBuffer()).byteLength;
    }));
    latencies.push(performance.now() - started);
    bytes = answers.reduce((a, b) => a + b, 0);
  }
  return { ...summarise(`session page first screen, ${db}, ${sessionId} (detail without chat history + 200 run summaries)`, latencies, 2, non2xx), bytes };
}

type BenchSession = ReturnType<typeof namedSession>;

/** A bench session of `n` runs under `id`, its run ids renamed to match. */
function namedSession(n: number, id: string) {
  const made = makeLargeAgentSession(n);
  const rename = (runId: unknown) => String(runId).replace(made.session.session_id, id);
  return {
    id,
    runIds: made.runIds.map(rename),
    session: { ...made.session, session_id: id, runs: made.session.runs?.map((r) => ({ ...r, run_id: rename(r['run_id']), session_id: id })) },
  };
}

/** The Agno 3 SQLite cases: where the runs live, as files attached read-only. */
interface Agno3File {
  id: string;
  path: string;
  label: string;
  session: BenchSession;
}

/**
 * Agno 3 SQLite files (`agno3` in BENCH_COLD_STORES): a 10,000-run session in `agno_runs`, and an
 * upgraded table whose 10,000-run session keeps 5,000 runs in its legacy `runs` value and 5,000 in
 * `agno_runs` (plus the row Agno 3 writes when it re-saves the last legacy run).
 */
function buildAgno3Files(dir: string): Agno3File[] {
  const layouts: Array<[AgnoLayout, string, string]> = [
    ['3.x', 'agno3', 'Agno 3, 10,000 runs in agno_runs'],
    ['3.x-upgraded', 'agno3up', 'Agno 3 upgraded, 5,000 legacy + 5,000 agno_runs'],
  ];
  return layouts.map(([layout, id, label]) => {
    const session = namedSession(10_000, 's10000');
    const file = path.join(dir, `${id}.db`);
    buildAgnoDb(file, [session.session], { layout });
    return { id, path: file, label, session };
  });
}

/** First reads (sequential and 10 connections), the listing and the session page's first screen of each Agno 3 file. */
async function agno3Cases(base: string, headers: Record<string, string>, files: readonly Agno3File[]): Promise<ColdCase[]> {
  const results: ColdCase[] = [];
  for (const f of files) {
    const s = f.session;
    const runPath = (id: string) => `/sessions/${s.id}/runs/${id}?type=agent&db_id=${f.id}`;
    const a = await timeAll(base, headers, distinct(s.runIds, READS, 0).map(runPath), 1);
    results.push(summarise(`first reads, ${f.label}, sequential`, a.latencies, 1, a.non2xx));
    const b = await timeAll(base, headers, distinct(s.runIds, READS, 1).map(runPath), CONNECTIONS);
    results.push(summarise(`first reads, ${f.label}, ${CONNECTIONS} connections`, b.latencies, CONNECTIONS, b.non2xx));
    const listingPath = `/sessions?type=agent&db_id=${f.id}`;
    const listing = await timeAll(base, headers, Array.from({ length: 50 }, () => listingPath), 1);
    results.push(summarise(`session listing, ${f.label}`, listing.latencies, 1, listing.non2xx));
    results.push(await firstScreen(base, headers, s.id, f.id));
    process.stdout.write(`${JSON.stringify(results.slice(-4))}\n`);
  }
  return results;
}

async function main(): Promise<void> {
  const started = performance.now();
  const loadStart = loadAverage();
  const cli = path.join(ROOT, 'dist', 'server', 'cli', 'main.js');
  if (!fs.existsSync(cli)) throw new Error('dist/server/cli/main.js is missing: run `npm run build:server` first');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-bench-cold-'));
  const bin = STORES.includes('pg') ? findPostgresBin() : null;
  let cluster: PostgresCluster | null = null;
  try {
    process.stdout.write(`Preparing sessions of ${SIZES.join(', ')} runs...\n`);
    const sessions = SIZES.map((n) => namedSession(n, `s${n}`));
    const sqliteFile = path.join(dir, 'agno.db');
    const databases: Array<Record<string, unknown>> = [];
    if (STORES.includes('sqlite')) {
      buildAgnoDb(sqliteFile, sessions.map((s) => s.session));
      databases.push({ id: 'sqlite', path: sqliteFile });
    }
    const agno3 = STORES.includes('agno3') ? buildAgno3Files(dir) : [];
    if (bin) {
      cluster = await startPostgresCluster(bin);
      await buildAgnoPostgres(cluster.url, sessions.map((s) => s.session));
      databases.push({ id: 'pg', url_env: 'BENCH_PG_URL' });
    }
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const settingsPath = path.join(dir, 'settings.json');
    fs.writeFileSync(settingsPath, JSON.stringify({ auth: { verification_keys: [await exportSPKI(publicKey)], algorithm: 'RS256' }, databases: [...databases, ...agno3.map((a) => ({ id: a.id, path: a.path }))] }));
    const server = await spawnServer([cli, 'serve', '--config', settingsPath, '--data-dir', path.join(dir, 'data'), '--port', '0'], {
      RUNDESK_LOG_LEVEL: 'warn',
      ...(cluster ? { BENCH_PG_URL: cluster.url } : {}),
    });
    const token = await new SignJWT({ scopes: ['platform:admin'] }).setProtectedHeader({ alg: 'RS256' }).setSubject('bench').setAudience('rundesk-local').setExpirationTime('2h').sign(privateKey);
    const headers = { authorization: `Bearer ${token}` };
    const results: ColdCase[] = [];
    try {
      for (const db of databases.map((d) => String(d['id']))) {
        for (const s of sessions) {
          const label = `${db}, ${s.session.runs?.length.toLocaleString('en')}-run session`;
          const seq = distinct(s.runIds, READS, 0).map((id) => `/sessions/${s.id}/runs/${id}?type=agent&db_id=${db}`);
          const a = await timeAll(server.url, headers, seq, 1);
          results.push(summarise(`first reads, ${label}, sequential`, a.latencies, 1, a.non2xx));
          const par = distinct(s.runIds, READS, 1).map((id) => `/sessions/${s.id}/runs/${id}?type=agent&db_id=${db}`);
          const b = await timeAll(server.url, headers, par, CONNECTIONS);
          results.push(summarise(`first reads, ${label}, ${CONNECTIONS} connections`, b.latencies, CONNECTIONS, b.non2xx));
          process.stdout.write(`${JSON.stringify(results.slice(-2))}\n`);
        }
        const listingPath = `/sessions?type=agent&db_id=${db}`;
        const listing = await timeAll(server.url, headers, Array.from({ length: 50 }, () => listingPath), 1);
        results.push(summarise(`session listing, ${db} (holding the ${SIZES.join('/')}-run sessions)`, listing.latencies, 1, listing.non2xx));
        process.stdout.write(`${JSON.stringify(results.at(-1))}\n`);
        const largest = sessions.at(-1) as (typeof sessions)[number];
        const screen = await firstScreen(server.url, headers, largest.id, db);
        results.push(screen);
        process.stdout.write(`${JSON.stringify(screen)}\n`);
      }
      results.push(...(await agno3Cases(server.url, headers, agno3)));
    } finally {
      await stopChild(server.child);
    }
    const out = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      // The machine's load when the bench started and ended (1, 5, 15 minutes): figures from a shared machine are upper bounds.
      load_average: { start: loadStart, end: loadAverage() },
      duration_s: Math.round((performance.now() - started) / 1000),
      reads_per_case: READS,
      results,
    };
    // One store alone is written beside the full run's file, not over it.
    const file = writeResult(STORES.length === 1 ? `cold-read-${STORES[0]}.json` : 'cold-read.json', out);
    process.stdout.write(`Written to ${file}\n`);
  } finally {
    cluster?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runBench(main);
