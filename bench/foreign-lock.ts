/**
 * `node --import tsx bench/foreign-lock.ts`: how long the server's event loop stalls while
 * another process holds a database lock (issue #11). Results: bench/results/foreign-lock.json.
 *
 * The server runs in this process (so its event loop is the one measured, with
 * `monitorEventLoopDelay`). Two foreign processes hold locks for the whole run: a write lock
 * (BEGIN IMMEDIATE) on a writable attached file in WAL mode, and an exclusive lock on a
 * read-only attached file in rollback-journal mode (Agno's default), which blocks its readers.
 * Meanwhile clients keep ingesting into the first, reading the second, and polling /health.
 *
 * Env: BENCH_DURATION (seconds, default 5), BENCH_CONNECTIONS (clients per kind, default 4).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { BUSY_TIMEOUT_MS } from '../server/db/connection.js';
import { buildAgnoDb } from '../server/testing/agno-builder.js';
import { makeDemoSessions } from '../server/testing/demo-sessions.js';
import { holdForeignLock } from '../server/testing/foreign-lock.js';
import { startTestServer } from '../server/testing/server-harness.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-bench-lock-'));
  const scratch = path.join(dir, 'scratch.db');
  const agents = path.join(dir, 'agents.db');
  buildAgnoDb(scratch, makeDemoSessions());
  buildAgnoDb(agents, makeDemoSessions());
  const t = await startTestServer({
    databases: [
      { id: 'scratch', path: scratch, read_only: false },
      { id: 'agents', path: agents, read_only: true },
    ],
  });
  const token = await t.token();
  const writeLock = await holdForeignLock(scratch, 'immediate');
  const readLock = await holdForeignLock(agents, 'exclusive');

  const statuses: Record<string, number> = {};
  const healthMs: number[] = [];
  const until = Date.now() + DURATION_S * 1000;
  const count = (kind: string, status: number) => {
    const key = `${kind} ${status}`;
    statuses[key] = (statuses[key] ?? 0) + 1;
  };
  let n = 0;
  const ingester = async () => {
    while (Date.now() < until) {
      const res = await fetch(`${t.baseUrl}/sessions/bench/runs?db_id=scratch&type=agent`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ run_id: `r${n++}`, agent_id: 'a', status: 'COMPLETED', created_at: 1_771_086_857 }),
      });
      await res.arrayBuffer();
      count('ingest scratch', res.status);
    }
  };
  const reader = async () => {
    while (Date.now() < until) {
      const res = await fetch(`${t.baseUrl}/sessions?db_id=agents`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      count('list agents', res.status);
    }
  };
  const prober = async () => {
    while (Date.now() < until) {
      const start = performance.now();
      const res = await fetch(`${t.baseUrl}/health`);
      await res.arrayBuffer();
      healthMs.push(performance.now() - start);
      count('health', res.status);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  await Promise.all([
    ...Array.from({ length: CONNECTIONS }, ingester),
    ...Array.from({ length: CONNECTIONS }, reader),
    prober(),
  ]);
  loop.disable();
  await writeLock.release();
  await readLock.release();
  await t.stop();
  fs.rmSync(dir, { recursive: true, force: true });

  healthMs.sort((a, b) => a - b);
  const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
  const out = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    duration_s: DURATION_S,
    clients_per_kind: CONNECTIONS,
    busy_timeout_ms: BUSY_TIMEOUT_MS,
    event_loop_delay_ms: { max: ms(loop.max), p99: ms(loop.percentile(99)), mean: ms(loop.mean) },
    health_latency_ms: {
      max: Math.round(healthMs.at(-1) ?? 0),
      p99: Math.round(healthMs[Math.floor(healthMs.length * 0.99)] ?? 0),
      p50: Math.round(healthMs[Math.floor(healthMs.length * 0.5)] ?? 0),
    },
    statuses,
  };
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
  fs.writeFileSync(path.join(import.meta.dirname, 'results', 'foreign-lock.json'), `${JSON.stringify(out, null, 2)}\n`);
}

await main();
