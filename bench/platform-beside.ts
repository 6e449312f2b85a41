/**
 * `npm run bench:platform`: the platform beside rundesk (issue 21's table). On one Agno SQLite
 * file holding an agent session of N runs (default 10,000) written by Agno itself, sequential GETs
 * of distinct runs of that session — each run's first read, then the same runs again — and the
 * agent session listing, against AgentOS (the reference platform's `peer.py`, over a copy of the
 * file) and against rundesk (the file attached read-only), one server at a time.
 *
 * It needs the reference platform (AgentOS rebuilt from the public sources: `setup.sh` into
 * `site/` for Agno 2.9 and `site3/` for Agno 3, with `peer.py`, `mint.py` and
 * `write_agno_sessions.py`) and says it is skipped when REFERENCE_PLATFORM does not name one.
 * Neither CI nor `npm test` runs it. Results, with the load average, in
 * bench/results/platform-beside-agno3.json and platform-beside-agno29.json.
 *
 * Env: REFERENCE_PLATFORM (that folder); BENCH_PLATFORM_AGNO (`3`, `2.9` or both, comma-separated;
 * default both, each when its site folder is built); BENCH_PLATFORM_RUNS (runs in the session,
 * default 10000); BENCH_PLATFORM_READS (distinct runs read per pass, default 50: AgentOS reads the
 * whole session for each run, seconds apiece at 10,000 runs); BENCH_PLATFORM_LISTINGS (default 10).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import Database from 'better-sqlite3';
import { freePort } from '../server/testing/postgres-cluster.js';
import { loadAverage, ROOT, runBench, spawnServer, stopChild, writeResult } from './harness.js';

const PLATFORM = process.env['REFERENCE_PLATFORM'];
const RUNS = Number(process.env['BENCH_PLATFORM_RUNS'] ?? 10_000);
const READS = Number(process.env['BENCH_PLATFORM_READS'] ?? 50);
const LISTINGS = Number(process.env['BENCH_PLATFORM_LISTINGS'] ?? 10);
const BIG = 's-agent-big';

interface Version {
  /** `3` or `2.9`, as BENCH_PLATFORM_AGNO names it. */
  name: string;
  site: string;
  result: string;
  /** The big session's run ids, in stored order. */
  runIds(file: string, manifest: string): string[];
}

const VERSIONS: Version[] = [
  {
    name: '3',
    site: 'site3',
    result: 'platform-beside-agno3.json',
    runIds(file) {
      const db = new Database(file, { readonly: true });
      try {
        return (db.prepare('SELECT run_id FROM agno_runs WHERE session_id = ? ORDER BY run_index').pluck().all(BIG) as string[]);
      } finally {
        db.close();
      }
    },
  },
  {
    name: '2.9',
    site: 'site',
    result: 'platform-beside-agno29.json',
    runIds(_file, manifest) {
      const written = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { sessions: Array<{ session_id: string; run_ids: string[] }> };
      return written.sessions.find((s) => s.session_id === BIG)?.run_ids ?? [];
    },
  },
];

interface Timing {
  name: string;
  requests: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  mean_ms: number;
  non_2xx: number;
  bytes_per_answer: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/** Each path once, one after the other. */
async function sequential(name: string, base: string, token: string, paths: string[]): Promise<Timing> {
  const latencies: number[] = [];
  let non2xx = 0;
  let bytes = 0;
  for (const p of paths) {
    const started = performance.now();
    const res = await fetch(base + p, { headers: { authorization: `Bearer ${token}` } });
    bytes = (await res.arrayBuffer()).byteLength;
    latencies.push(performance.now() - started);
    if (res.status >= 300) non2xx += 1;
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (v: number) => +v.toFixed(2);
  return {
    name,
    requests: sorted.length,
    p50_ms: round(percentile(sorted, 50)),
    p99_ms: round(percentile(sorted, 99)),
    max_ms: round(sorted.at(-1) ?? NaN),
    mean_ms: round(sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length)),
    non_2xx: non2xx,
    bytes_per_answer: bytes,
  };
}

/** `count` run ids spread evenly over the session, in a fixed shuffled order. */
function spread(runIds: string[], count: number): string[] {
  const step = Math.max(1, Math.floor(runIds.length / count));
  const picked = runIds.filter((_, i) => i % step === 0).slice(0, count);
  for (let i = picked.length - 1; i > 0; i--) {
    const j = (i * 7919) % (i + 1);
    [picked[i], picked[j]] = [picked[j] as string, picked[i] as string];
  }
  return picked;
}

function python(site: string, args: string[], cwd: string): string {
  return execFileSync('python3', args, {
    cwd,
    env: { ...process.env, PYTHONPATH: site, AGNO_TELEMETRY: 'false' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
}

async function untilHealthy(base: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`the platform exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the platform at ${base} did not answer /health`);
}

/** Both servers' timings on one file: rundesk first, then AgentOS (never both at once). */
async function measureVersion(platform: string, v: Version, dir: string): Promise<Record<string, unknown>> {
  const site = path.join(platform, v.site);
  const file = path.join(dir, `agno${v.name.replace('.', '')}-${RUNS}.db`);
  const manifest = `${file}.manifest.json`;
  process.stdout.write(`Agno ${v.name}: writing ${file} (${RUNS.toLocaleString('en')}-run session) with Agno itself...\n`);
  python(site, [path.join(platform, 'write_agno_sessions.py'), '--sqlite', file, '--big', String(RUNS), '--manifest', manifest], platform);
  if (v.name === '3') python(site, [path.join(ROOT, 'bench', 'platform', 'grow-agno3-session.py'), file, String(RUNS)], platform);
  const runIds = v.runIds(file, manifest);
  if (runIds.length !== RUNS) throw new Error(`${file}: ${BIG} holds ${runIds.length} runs, expected ${RUNS}`);
  const versionLine = fs.readFileSync(path.join(site, 'VERSIONS.txt'), 'utf8').split('\n')[0] ?? '';
  const token = python(path.join(platform, 'site'), [path.join(platform, 'mint.py'), '--scopes', 'agent_os:admin', '--sub', 'bench'], platform).trim();
  const publicKey = fs.readFileSync(path.join(platform, 'keys', 'public.pem'), 'utf8');

  const reads = spread(runIds, READS).map((id) => `/sessions/${BIG}/runs/${id}?type=agent`);
  const listing = Array.from({ length: LISTINGS }, () => '/sessions?type=agent');
  const pass = async (server: string, base: string): Promise<Timing[]> => {
    const out = [
      await sequential(`${server}: first reads of ${reads.length} distinct runs, sequential`, base, token, reads),
      await sequential(`${server}: repeat reads of the same runs, sequential`, base, token, reads),
      await sequential(`${server}: GET /sessions?type=agent, sequential`, base, token, listing),
    ];
    for (const t of out) process.stdout.write(`  ${t.name.padEnd(62)} p50 ${t.p50_ms} ms  p99 ${t.p99_ms} ms  max ${t.max_ms} ms${t.non_2xx ? `  non-2xx ${t.non_2xx}` : ''}\n`);
    return out;
  };

  const settings = path.join(dir, `rundesk-${v.name}.json`);
  fs.writeFileSync(settings, JSON.stringify({
    default_database: 'big',
    databases: [{ id: 'big', path: file, read_only: true }],
    auth: { verification_keys: [publicKey], admin_scope: 'agent_os:admin' },
  }));
  const rundesk = await spawnServer([path.join(ROOT, 'dist', 'server', 'cli', 'main.js'), 'serve', '--config', settings, '--data-dir', path.join(dir, `data-${v.name}`), '--port', '0'], { RUNDESK_LOG_LEVEL: 'warn' });
  let timings: Timing[];
  try {
    // Whether the attached file holds sessions is learnt in the background; wait for its first answer.
    for (let i = 0; i < 100 && (await fetch(`${rundesk.url}/sessions?limit=1`, { headers: { authorization: `Bearer ${token}` } })).status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    timings = await pass('rundesk', rundesk.url);
  } finally {
    await stopChild(rundesk.child);
  }

  const port = await freePort();
  // AgentOS may write to the file it serves (e.g. metrics): give it a copy, in this run's folder so it is removed with it.
  const copy = path.join(dir, `platform-${path.basename(file)}`);
  fs.copyFileSync(file, copy);
  const peer = spawn('python3', [path.join(platform, 'peer.py'), '--db', copy, '--port', String(port), '--db-id', 'big'], {
    cwd: platform,
    env: { ...process.env, PYTHONPATH: site, AGNO_TELEMETRY: 'false' },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await untilHealthy(base, peer);
    timings.push(...(await pass(`AgentOS ${v.name}`, base)));
  } finally {
    await stopChild(peer);
  }
  return {
    agno: v.name,
    platform: versionLine,
    file_bytes: fs.statSync(file).size,
    session_runs: RUNS,
    reads_per_pass: reads.length,
    results: timings,
  };
}

async function main(): Promise<void> {
  if (!PLATFORM || !fs.existsSync(path.join(PLATFORM, 'peer.py'))) {
    process.stdout.write('bench:platform skipped: set REFERENCE_PLATFORM to the reference platform folder (peer.py, mint.py, write_agno_sessions.py, site/ and site3/ built by its setup.sh).\n');
    return;
  }
  if (!fs.existsSync(path.join(ROOT, 'dist', 'server', 'cli', 'main.js'))) throw new Error('dist/server/cli/main.js is missing: run `npm run build:server` first');
  const wanted = (process.env['BENCH_PLATFORM_AGNO'] ?? '3,2.9').split(',').map((s) => s.trim());
  for (const v of VERSIONS.filter((x) => wanted.includes(x.name))) {
    if (!fs.existsSync(path.join(PLATFORM, v.site, 'agno'))) {
      process.stdout.write(`Agno ${v.name} skipped: ${path.join(PLATFORM, v.site)} is not built (see the platform's setup.sh).\n`);
      continue;
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-bench-platform-'));
    try {
      const loadStart = loadAverage();
      const started = performance.now();
      const measured = await measureVersion(PLATFORM, v, dir);
      const out = {
        date: new Date().toISOString(),
        node: process.version,
        cpus: os.cpus().length,
        // Figures from a shared machine are upper bounds: the load when the case started and ended (1, 5, 15 minutes).
        load_average: { start: loadStart, end: loadAverage() },
        duration_s: Math.round((performance.now() - started) / 1000),
        ...measured,
      };
      const target = writeResult(v.result, out);
      process.stdout.write(`Written to ${target}\n`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

runBench(main);
