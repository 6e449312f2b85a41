/**
 * `npm run bench:memory`: memory is bounded and stated (issue 21). Ten 10,000-run agent sessions
 * (~41 MB of runs each, the session `npm run bench:cold` uses), every run of every session read
 * once through the run GET. SQLite (default): ten attached files of one session each; PostgreSQL
 * (`BENCH_MEMORY_STORE=pg`): the ten sessions in one attached PostgreSQL database (a throwaway
 * cluster, as `bench:cold`).
 *
 * The server's resident set (RSS, from /proc) is sampled throughout, and its peak (VmHWM) is
 * checked against the bound the server states on `GET /desk/databases` (`memory.bound`, docs/databases.md
 * "Memory"): idle RSS + `cache_budget_mb` + SQLite page caches + twice the largest session value
 * read + twice the largest table's run-search documents. Both are written to the results, with each term of the bound, the caches' own figures
 * and the load average. Results in bench/results/memory.json (SQLite) and
 * bench/results/memory-postgres.json.
 *
 * Env: BENCH_MEMORY_STORE (`sqlite` or `pg`, default sqlite), BENCH_MEMORY_SESSIONS (default 10),
 * BENCH_MEMORY_RUNS (runs per session, default 10000), BENCH_MEMORY_BUDGET_MB (cache_budget_mb,
 * default the server's default), BENCH_MEMORY_CONNECTIONS (default 4), BENCH_MEMORY_MODE (`read`:
 * every run GET, the default; `search`: run search, `GET /search/runs`, three queries on every
 * database, CONNECTIONS databases searched at once). Search results go to
 * bench/results/memory-search-<connections>c-<budget>mb.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { DEFAULT_CACHE_BUDGET_MB } from '../server/caches/shares.js';
import type { MemoryBound } from '../server/caches/memory-bound.js';
import { buildAgnoDb } from '../server/testing/agno-builder.js';
import type { AgnoSessionRecord } from '../server/testing/agno-session-record.js';
import { buildAgnoPostgres } from '../server/testing/postgres-builder.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../server/testing/postgres-cluster.js';
import { makeLargeAgentSession } from './data.js';
import { loadAverage, ROOT, runBench, spawnServer, stopChild, writeResult } from './harness.js';

const STORE = process.env['BENCH_MEMORY_STORE'] ?? 'sqlite';
const SESSIONS = Number(process.env['BENCH_MEMORY_SESSIONS'] ?? 10);
const RUNS = Number(process.env['BENCH_MEMORY_RUNS'] ?? 10_000);
const BUDGET_MB = Number(process.env['BENCH_MEMORY_BUDGET_MB'] ?? DEFAULT_CACHE_BUDGET_MB);
const CONNECTIONS = Number(process.env['BENCH_MEMORY_CONNECTIONS'] ?? 4);
const MODE = process.env['BENCH_MEMORY_MODE'] ?? 'read';
/** A word every run holds, one only a few hold, and none (every run matches, as the page without a query). */
const SEARCHES = ['question', 'answer 77', ''];
const MB = 1024 * 1024;

/** Resident set of `pid` now and its peak (VmHWM), in bytes. */
function rssOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

const mb = (bytes: number) => +(bytes / MB).toFixed(1);

/** Session `i`: the same runs under its own session and run ids (one table holds them all in PostgreSQL). */
function copyOf(session: AgnoSessionRecord, i: number): AgnoSessionRecord {
  const id = `${session.session_id}-${i}`;
  return {
    ...session,
    session_id: id,
    runs: session.runs?.map((r) => ({ ...r, run_id: `${String(r['run_id'])}-${i}`, session_id: id })),
  };
}

interface Target {
  db: string;
  sessionId: string;
  runIds: string[];
}

async function main(): Promise<void> {
  if (STORE !== 'sqlite' && STORE !== 'pg') throw new Error(`BENCH_MEMORY_STORE is sqlite or pg, not ${STORE}`);
  if (MODE !== 'read' && MODE !== 'search') throw new Error(`BENCH_MEMORY_MODE is read or search, not ${MODE}`);
  const cli = path.join(ROOT, 'dist', 'server', 'cli', 'main.js');
  if (!fs.existsSync(cli)) throw new Error('dist/server/cli/main.js is missing: run `npm run build:server` first');
  const loadStart = loadAverage();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-bench-memory-'));
  let cluster: PostgresCluster | null = null;
  try {
    process.stdout.write(`Preparing ${SESSIONS} ${RUNS}-run sessions (${STORE})...\n`);
    const made = makeLargeAgentSession(RUNS);
    const databases: Array<Record<string, unknown>> = [];
    const targets: Target[] = [];
    let storedBytes: number;
    if (STORE === 'sqlite') {
      const first = path.join(dir, 'agents-0.db');
      buildAgnoDb(first, [made.session]);
      storedBytes = fs.statSync(first).size;
      // Copies of one file: ten attached databases, ten sessions, each indexed on its own.
      for (let i = 0; i < SESSIONS; i++) {
        const file = path.join(dir, `agents-${i}.db`);
        if (i > 0) fs.copyFileSync(first, file);
        databases.push({ id: `a${i}`, path: file, read_only: true });
        targets.push({ db: `a${i}`, sessionId: made.session.session_id, runIds: made.runIds });
      }
    } else {
      const bin = findPostgresBin();
      if (!bin) throw new Error('no PostgreSQL binaries found (apt-get install postgresql, or set PG_BIN)');
      cluster = await startPostgresCluster(bin);
      const sessions = Array.from({ length: SESSIONS }, (_, i) => copyOf(made.session, i));
      await buildAgnoPostgres(cluster.url, sessions);
      storedBytes = Buffer.byteLength(JSON.stringify(sessions[0]?.runs ?? []));
      databases.push({ id: 'pg', url_env: 'BENCH_PG_URL', read_only: true });
      for (const [i, session] of sessions.entries()) targets.push({ db: 'pg', sessionId: session.session_id, runIds: made.runIds.map((r) => `${r}-${i}`) });
    }
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const settingsPath = path.join(dir, 'settings.json');
    const dataDir = path.join(dir, 'data');
    fs.writeFileSync(
      settingsPath,
      JSON.stringify({ auth: { verification_keys: [await exportSPKI(publicKey)], algorithm: 'RS256' }, databases, cache_budget_mb: BUDGET_MB }),
    );
    const server = await spawnServer([cli, 'serve', '--config', settingsPath, '--data-dir', dataDir, '--port', '0'], {
      RUNDESK_LOG_LEVEL: 'warn',
      ...(cluster ? { BENCH_PG_URL: cluster.url } : {}),
    });
    const pid = server.child.pid as number;
    const token = await new SignJWT({ scopes: ['platform:admin'] }).setProtectedHeader({ alg: 'RS256' }).setSubject('bench').setExpirationTime('2h').sign(privateKey);
    const headers = { authorization: `Bearer ${token}` };
    try {
      // Idle, every database attached and the first request served.
      await fetch(`${server.url}/health`);
      const idle = rssOf(pid).rss;
      let maxRss = idle;
      const sampler = setInterval(() => {
        maxRss = Math.max(maxRss, rssOf(pid).rss);
      }, 200);
      const started = performance.now();
      let requests = 0;
      let failures = 0;
      if (MODE === 'search') {
        // Every database searched with each query, CONNECTIONS searches in flight at once.
        const jobs = targets.flatMap((target) => SEARCHES.map((q) => ({ db: target.db, q })));
        let next = 0;
        const worker = async () => {
          while (next < jobs.length) {
            const job = jobs[next++] as { db: string; q: string };
            const url = `${server.url}/search/runs?db_id=${job.db}&q=${encodeURIComponent(job.q)}&limit=50`;
            let res: Response | undefined;
            for (let attempt = 1; res === undefined; attempt++) {
              try {
                res = await fetch(url, { headers });
              } catch (error) {
                // A kept-alive socket the server closed (idle 5 s) as the client reused it: said, and sent again.
                if (attempt === 3) throw error;
                process.stdout.write(`search ${job.db} "${job.q}": ${String((error as Error).cause ?? error)}; sent again\n`);
                await new Promise((resolve) => setTimeout(resolve, 100));
              }
            }
            await res.arrayBuffer();
            requests += 1;
            if (res.status !== 200) failures += 1;
            process.stdout.write(`search ${job.db} "${job.q}": ${res.status}, RSS ${mb(rssOf(pid).rss)} MB (max so far ${mb(maxRss)} MB)\n`);
          }
        };
        await Promise.all(Array.from({ length: CONNECTIONS }, worker));
      }
      for (const target of MODE === 'read' ? targets : []) {
        let next = 0;
        const worker = async () => {
          while (next < target.runIds.length) {
            const runId = target.runIds[next++] as string;
            const res = await fetch(`${server.url}/sessions/${target.sessionId}/runs/${runId}?type=agent&db_id=${target.db}`, { headers });
            await res.arrayBuffer();
            requests += 1;
            if (res.status !== 200) failures += 1;
          }
        };
        await Promise.all(Array.from({ length: CONNECTIONS }, worker));
        process.stdout.write(`${target.db} ${target.sessionId}: ${requests} runs read, RSS ${mb(rssOf(pid).rss)} MB (max so far ${mb(maxRss)} MB)\n`);
      }
      clearInterval(sampler);
      const seconds = (performance.now() - started) / 1000;
      const { rss: end, peak } = rssOf(pid);
      const deskToken = fs.readFileSync(path.join(dataDir, 'desk-token'), 'utf8').trim();
      const desk = (await (await fetch(`${server.url}/desk/databases`, { headers: { 'x-desk-token': deskToken } })).json()) as {
        memory: { bound: MemoryBound; [more: string]: unknown };
      };
      const bound = desk.memory.bound;
      const out = {
        date: new Date().toISOString(),
        node: process.version,
        cpus: os.cpus().length,
        load_average_start: loadStart,
        load_average_end: loadAverage(),
        store: STORE,
        mode: MODE,
        connections: CONNECTIONS,
        sessions: SESSIONS,
        runs_per_session: RUNS,
        stored_value_mb: mb(storedBytes),
        cache_budget_mb: BUDGET_MB,
        requests,
        failures,
        seconds: +seconds.toFixed(1),
        rss_idle_mb: mb(idle),
        rss_max_sampled_mb: mb(maxRss),
        rss_peak_mb: mb(peak),
        rss_end_mb: mb(end),
        stated_bound_mb: mb(bound.bytes),
        stated_bound_terms_mb: {
          idle_rss: mb(bound.idle_rss_bytes),
          budget: mb(bound.budget_bytes),
          sqlite_page_caches: mb(bound.sqlite_page_cache_bytes),
          reading: mb(bound.reading_bytes),
          search: mb(bound.search_bytes),
        },
        peak_within_stated_bound: peak <= bound.bytes,
        headroom_mb: mb(bound.bytes - peak),
        desk_memory: desk.memory,
      };
      const name = MODE === 'search' ? `memory-search-${CONNECTIONS}c-${BUDGET_MB}mb.json` : STORE === 'sqlite' ? 'memory.json' : 'memory-postgres.json';
      const file = writeResult(name, out);
      process.stdout.write(`${JSON.stringify({ ...out, desk_memory: undefined }, null, 2)}\nWritten to ${file}\n`);
      if (!out.peak_within_stated_bound) process.exitCode = 1;
    } finally {
      await stopChild(server.child);
    }
  } finally {
    cluster?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runBench(main);
