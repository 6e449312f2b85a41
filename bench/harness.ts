import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';

/** Pieces every benchmark shares: one autocannon case, and servers in their own processes. */

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

export const BENCH_SETTINGS = { duration_s: DURATION, connections: CONNECTIONS };

export interface CaseResult {
  name: string;
  requests_per_sec: number;
  latency_p50_ms: number;
  latency_p99_ms: number;
  requests: number;
  non_2xx: number;
  errors: number;
}

export async function measure(name: string, opts: autocannon.Options): Promise<CaseResult> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts });
  const out: CaseResult = {
    name,
    requests_per_sec: Math.round(result.requests.average),
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
    requests: result.requests.total,
    non_2xx: result.non2xx,
    errors: result.errors,
  };
  process.stdout.write(
    `${name.padEnd(44)} ${String(out.requests_per_sec).padStart(7)} req/s  p50 ${out.latency_p50_ms} ms  p99 ${out.latency_p99_ms} ms` +
      `${out.non_2xx ? `  non-2xx ${out.non_2xx}` : ''}${out.errors ? `  errors ${out.errors}` : ''}\n`,
  );
  return out;
}


export const ROOT = path.join(import.meta.dirname, '..');

/** Starts a child process and resolves with the first URL it prints on stdout. */
export function spawnServer(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no URL printed by ${args.join(' ')}: ${out}`)), 60_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /https?:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[0] });
      }
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}: ${out}`)));
  });
}

export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

