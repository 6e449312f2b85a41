/**
 * `npm run bench:memory`: memory is bounded and stated (issue 21). Ten attached Agno SQLite
 * files, each holding one 10,000-run agent session (~49 MB of runs each, the session
 * `npm run bench:cold` uses), and every run of every session read once through the run GET.
 * The server's resident set (RSS, from /proc) is sampled throughout; the result is its peak
 * against the stated bound: the idle server's RSS, plus `cache_budget_mb`, plus what lies
 * outside the caches by design — SQLite's page cache of each attached file (2 MiB) and one
 * session value being read (twice its stored size: SQLite's copy and ours, while the index is
 * built). Also recorded against idle + budget alone (`within_budget_alone`). The caches' own
 * figures (`GET /desk/databases` → `memory`) are recorded at the end. Results in
 * bench/results/memory.json.
 *
 * Env: BENCH_MEMORY_SESSIONS (default 10), BENCH_MEMORY_RUNS (runs per session, default 10000),
 * BENCH_MEMORY_BUDGET_MB (cache_budget_mb, default the server's default), BENCH_MEMORY_CONNECTIONS
 * (default 4).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { DEFAULT_CACHE_BUDGET_MB } from '../server/caches/caches.js';
import { buildAgnoDb } from '../server/testing/agno-builder.js';
import { makeLargeAgentSession } from './data.js';
import { ROOT, spawnServer, stopChild } from './harness.js';

const SESSIONS = Number(process.env['BENCH_MEMORY_SESSIONS'] ?? 10);
const RUNS = Number(process.env['BENCH_MEMORY_RUNS'] ?? 10_000);
const BUDGET_MB = Number(process.env['BENCH_MEMORY_BUDGET_MB'] ?? DEFAULT_CACHE_BUDGET_MB);
const CONNECTIONS = Number(process.env['BENCH_MEMORY_CONNECTIONS'] ?? 4);
const MB = 1024 * 1024;

/** Resident set of `pid` now and its peak (VmHWM), in bytes. */
function rssOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

async function main(): Promise<void> {
  const cli = path.join(ROOT, 'dist', 'server', 'cli', 'main.js');
  if (!fs.existsSync(cli)) throw new Error('dist/server/cli/main.js is missing: run `npm run build:server` first');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-bench-memory-'));
  try {
    process.stdout.write(`Preparing ${SESSIONS} files of one ${RUNS}-run session each...\n`);
    const made = makeLargeAgentSession(RUNS);
    const first = path.join(dir, 'agents-0.db');
    buildAgnoDb(first, [made.session]);
    const files = [first];
    // Copies of one file: ten attached databases, ten sessions, each indexed on its own.
    for (let i = 1; i < SESSIONS; i++) {
      const copy = path.join(dir, `agents-${i}.db`);
      fs.copyFileSync(first, copy);
      files.push(copy);
    }
    const fileBytes = fs.statSync(first).size;
    const databases = files.map((file, i) => ({ id: `a${i}`, path: file, read_only: true }));
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const settingsPath = path.join(dir, 'settings.json');
    const dataDir = path.join(dir, 'data');
    fs.writeFileSync(
      settingsPath,
      JSON.stringify({ auth: { verification_keys: [await exportSPKI(publicKey)], algorithm: 'RS256' }, databases, cache_budget_mb: BUDGET_MB }),
    );
    const server = await spawnServer([cli, 'serve', '--config', settingsPath, '--data-dir', dataDir, '--port', '0'], { RUNDESK_LOG_LEVEL: 'warn' });
    const pid = server.child.pid as number;
    const token = await new SignJWT({ scopes: ['platform:admin'] }).setProtectedHeader({ alg: 'RS256' }).setSubject('bench').setExpirationTime('2h').sign(privateKey);
    const headers = { authorization: `Bearer ${token}` };
    try {
      // Idle, every file attached and the first request served.
      await fetch(`${server.url}/health`);
      const idle = rssOf(pid).rss;
      let maxRss = idle;
      const sampler = setInterval(() => {
        maxRss = Math.max(maxRss, rssOf(pid).rss);
      }, 200);
      const started = performance.now();
      let requests = 0;
      let failures = 0;
      for (const db of databases) {
        let next = 0;
        const worker = async () => {
          while (next < made.runIds.length) {
            const runId = made.runIds[next++] as string;
            const res = await fetch(`${server.url}/sessions/${made.session.session_id}/runs/${runId}?type=agent&db_id=${db.id}`, { headers });
            await res.arrayBuffer();
            requests += 1;
            if (res.status !== 200) failures += 1;
          }
        };
        await Promise.all(Array.from({ length: CONNECTIONS }, worker));
        process.stdout.write(`${db.id}: ${requests} runs read, RSS ${(rssOf(pid).rss / MB).toFixed(0)} MB (max so far ${(maxRss / MB).toFixed(0)} MB)\n`);
      }
      clearInterval(sampler);
      const seconds = (performance.now() - started) / 1000;
      const { rss: end, peak } = rssOf(pid);
      const deskToken = fs.readFileSync(path.join(dataDir, 'desk-token'), 'utf8').trim();
      const desk = (await (await fetch(`${server.url}/desk/databases`, { headers: { 'x-desk-token': deskToken } })).json()) as { memory: unknown };
      // 2 MiB: ATTACHED_PAGE_CACHE_KIB (server/db/connection.ts).
      const outside = SESSIONS * 2 * MB + 2 * fileBytes;
      const bound = idle + BUDGET_MB * MB + outside;
      const out = {
        date: new Date().toISOString(),
        node: process.version,
        cpus: os.cpus().length,
        sessions: SESSIONS,
        runs_per_session: RUNS,
        file_mb: +(fileBytes / MB).toFixed(1),
        attached_mb: +((fileBytes * SESSIONS) / MB).toFixed(1),
        cache_budget_mb: BUDGET_MB,
        requests,
        failures,
        seconds: +seconds.toFixed(1),
        rss_idle_mb: +(idle / MB).toFixed(1),
        rss_max_sampled_mb: +(maxRss / MB).toFixed(1),
        rss_peak_mb: +(peak / MB).toFixed(1),
        rss_end_mb: +(end / MB).toFixed(1),
        outside_caches_mb: +(outside / MB).toFixed(1),
        stated_bound_mb: +(bound / MB).toFixed(1),
        within_bound: peak <= bound,
        within_budget_alone: peak <= idle + BUDGET_MB * MB,
        steady_within_budget_alone: end <= idle + BUDGET_MB * MB,
        desk_memory: desk.memory,
      };
      const file = path.join(ROOT, 'bench', 'results', 'memory.json');
      fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
      process.stdout.write(`${JSON.stringify({ ...out, desk_memory: undefined }, null, 2)}\nWritten to ${file}\n`);
    } finally {
      await stopChild(server.child);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
