import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm run bench` (and every bench/ script run through `runBench`) must end with a non-zero exit
 * when the benchmark fails, even while servers it started are still up: a script or CI waiting on
 * it otherwise waits for ever. failing-bench.ts starts a server, then fails.
 */

const SCRIPT = path.join(import.meta.dirname, 'failing-bench.ts');
/** Only a bound on a hang (the run takes about a second): never reached by a passing run, however loaded the machine. */
const HANG_MS = 120_000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('Given a benchmark that fails after starting a server', () => {
  // Failed before: the process never exited (its server child kept it alive), exit code unset.
  it('When it runs, Then it reports the failure, stops the server and exits with status 1', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | string | null>((resolve) => {
      const guard = setTimeout(() => {
        child.kill('SIGKILL');
        resolve('still running after 120 s');
      }, HANG_MS);
      child.once('exit', (exitCode) => {
        clearTimeout(guard);
        resolve(exitCode);
      });
    });
    const serverPid = Number(/server pid (\d+)/.exec(stdout)?.[1]);
    if (Number.isInteger(serverPid) && code !== 1 && isAlive(serverPid)) process.kill(serverPid, 'SIGKILL');
    expect(code).toBe(1);
    expect(stderr).toContain('bench failed: Error: the benchmark failed on purpose');
    expect(Number.isInteger(serverPid)).toBe(true);
    expect(isAlive(serverPid)).toBe(false);
  });
});
