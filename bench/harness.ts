import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';

/** Pieces every benchmark shares: autocannon passes, and servers in their own processes. */

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

export const BENCH_SETTINGS = { duration_s: DURATION, connections: CONNECTIONS };

export interface Sample {
  requests_per_sec: number;
  latency_p50_ms: number;
  latency_p99_ms: number;
  /** autocannon's p50 is whole milliseconds; the mean keeps fractions for sub-millisecond ratios. */
  latency_mean_ms: number;
  requests: number;
  non_2xx: number;
  errors: number;
}

export interface CaseResult extends Sample {
  name: string;
}

/** One autocannon pass; any non-2xx answer or socket error is reported, never hidden. */
export async function sample(opts: autocannon.Options): Promise<Sample> {
  const result = await autocannon(opts);
  return {
    requests_per_sec: Math.round(result.requests.average),
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
    latency_mean_ms: +result.latency.mean.toFixed(3),
    requests: result.requests.total,
    non_2xx: result.non2xx,
    errors: result.errors,
  };
}

/** One named case with the shared duration and connections, printed as it finishes. */
export async function measure(name: string, opts: autocannon.Options): Promise<CaseResult> {
  const out: CaseResult = { name, ...(await sample({ connections: CONNECTIONS, duration: DURATION, ...opts })) };
  process.stdout.write(
    `${name.padEnd(44)} ${String(out.requests_per_sec).padStart(7)} req/s  p50 ${out.latency_p50_ms} ms  p99 ${out.latency_p99_ms} ms` +
      `${out.non_2xx ? `  non-2xx ${out.non_2xx}` : ''}${out.errors ? `  errors ${out.errors}` : ''}\n`,
  );
  return out;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export const ROOT = path.join(import.meta.dirname, '..');

export interface SpawnOptions {
  /** Where the process's stderr (and so its access log) goes; default: this process's stderr. */
  logFile?: string;
  /** Node flags before the script (`--cpu-prof`). */
  nodeFlags?: string[];
}

/**
 * The servers `spawnServer` started that have not exited: a failing benchmark stops them before it
 * exits (`runBench`), since a live child keeps this process (its stdout pipe) running.
 */
const liveChildren = new Set<ChildProcess>();

/**
 * Starts a server as its own process (so it never shares the load generator's event loop)
 * and resolves with the first loopback URL it prints on stdout. One that prints none within
 * 60 s is stopped, and the promise rejects.
 */
export function spawnServer(args: string[], env: NodeJS.ProcessEnv = {}, opts: SpawnOptions = {}): Promise<{ child: ChildProcess; url: string }> {
  const stderr = opts.logFile ? fs.openSync(opts.logFile, 'w') : 'inherit';
  const child = spawn(process.execPath, [...(opts.nodeFlags ?? []), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', stderr],
  });
  if (typeof stderr === 'number') fs.closeSync(stderr);
  liveChildren.add(child);
  child.once('exit', () => liveChildren.delete(child));
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`no URL printed by ${args.join(' ')}: ${out}`));
    }, 60_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /https?:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[0] });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      const log = opts.logFile && fs.existsSync(opts.logFile) ? `\n${fs.readFileSync(opts.logFile, 'utf8').slice(-2000)}` : '';
      reject(new Error(`${args.join(' ')} exited with ${code}: ${out}${log}`));
    });
  });
}

/** SIGTERM, then waits for the exit (a CPU profile, when asked for, is written on exit). */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => {
      liveChildren.delete(child);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Lines in a file (a server's log: its access log lines, when that is on). */
export function countLines(file: string): number {
  if (!fs.existsSync(file)) return 0;
  const text = fs.readFileSync(file, 'utf8');
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n += 1;
  return n;
}

/**
 * The built server (`dist/`) in its own process, with `databases` attached and an RS256 key it
 * trusts, and an admin token signed by that key (the cold-read and search benchmarks).
 */
export async function spawnServerWithDatabases(
  dir: string,
  databases: Array<Record<string, unknown>>,
  env: NodeJS.ProcessEnv = {},
): Promise<{ child: ChildProcess; url: string; token: string }> {
  const cli = path.join(ROOT, 'dist', 'server', 'cli', 'main.js');
  if (!fs.existsSync(cli)) throw new Error('dist/server/cli/main.js is missing: run `npm run build:server` first');
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const settingsPath = path.join(dir, 'settings.json');
  fs.writeFileSync(settingsPath, JSON.stringify({ auth: { verification_keys: [await exportSPKI(publicKey)], algorithm: 'RS256' }, databases }));
  const server = await spawnServer([cli, 'serve', '--config', settingsPath, '--data-dir', path.join(dir, 'data'), '--port', '0'], { RUNDESK_LOG_LEVEL: 'warn', ...env });
  const token = await new SignJWT({ scopes: ['platform:admin'] }).setProtectedHeader({ alg: 'RS256' }).setSubject('bench').setAudience('rundesk-local').setExpirationTime('2h').sign(privateKey);
  return { ...server, token };
}

/** The 1, 5 and 15 minute load averages, rounded: figures from a shared machine are upper bounds. */
export function loadAverage(): number[] {
  return os.loadavg().map((v) => +v.toFixed(2));
}

/** Writes a result as indented JSON into `bench/results/` and returns its path. */
export function writeResult(fileName: string, out: unknown): string {
  const file = path.join(ROOT, 'bench', 'results', fileName);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
  return file;
}

/**
 * Runs a benchmark's main. A failure is reported on stderr, the servers still running are stopped,
 * and the process exits with status 1 — whatever else (a load generator's sockets, a timer) is
 * still open, so a script or CI waiting on it sees the failure instead of a hang.
 */
export function runBench(main: () => Promise<void>): void {
  main().catch(async (err: unknown) => {
    process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    await Promise.all([...liveChildren].map((child) => stopChild(child)));
    process.exit(1);
  });
}
