#!/usr/bin/env node
/**
 * `node scripts/parallel.mjs a b …`: runs the npm scripts a, b, … side by side; exits with the
 * first failure's code (after all have ended), 0 when all pass.
 *
 * The build's halves (tsc for the server, Vite for the UI) and the typecheck's (tsc over the
 * server and tests, tsc over the UI) are single-threaded and need nothing of each other: side by
 * side they take the longest one's time instead of the sum, on CI's two cores as on more. Each
 * script's output is held and printed whole when it ends, so the logs stay readable.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { npmCommand } from './start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Runs each npm script in `cwd`; resolves to the exit code `npm test` should see.
 * @param {string[]} scripts
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, write?: (text: string) => void }} [options]
 * @returns {Promise<number>}
 */
export async function runParallel(scripts, options = {}) {
  const cwd = options.cwd ?? root;
  const env = options.env ?? process.env;
  const write = options.write ?? ((text) => process.stdout.write(text));
  if (scripts.length === 0) {
    write('usage: node scripts/parallel.mjs <npm script> [<npm script> …]\n');
    return 2;
  }
  const npm = npmCommand(env);
  /** @param {string} script @returns {Promise<number>} */
  const runOne = (script) =>
    new Promise((resolve) => {
      const child = spawn(npm.command, [...npm.args, 'run', script], { cwd, env, shell: npm.shell, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      child.on('error', (error) => {
        output += `${error.message}\n`;
      });
      child.on('close', (code, signal) => {
        const status = code ?? (signal ? 1 : 0);
        write(`${output}${status === 0 ? '' : `npm run ${script} failed (exit ${code ?? signal})\n`}`);
        resolve(status);
      });
    });
  const codes = await Promise.all(scripts.map(runOne));
  return codes.find((code) => code !== 0) ?? 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await runParallel(process.argv.slice(2));
}
