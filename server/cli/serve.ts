import { parseArgs } from 'node:util';
import { exitCodeOf } from '../error-table.js';
import { AppError, ConfigError } from '../errors.js';
import { startServer } from '../server.js';
import { attachThroughDesk } from './attach.js';
import { resolveDataDirArg } from './data-dir-arg.js';
import { deskCaller } from './desk-call.js';
import type { CliIo } from './io.js';
import { SERVER_MARKER_FILE, removeServerMarker, writeServerMarker } from './server-marker.js';

export const SERVE_USAGE = `Usage: rundesk serve [--config FILE] [--data-dir DIR] [--host H] [--port P] [--upstream URL] [--attach FILE ...]

  --config FILE    read settings from FILE (never written; the UI shows them read-only)
  --data-dir DIR   data folder (settings.json, rundesk.db, keys/); default ${'$'}RUNDESK_DATA_DIR
                   or the platform's per-user data folder. Only its last level is created.
  --host H         address to bind (default from settings: 127.0.0.1)
  --port P         port (default ${'$'}RUNDESK_PORT, else ${'$'}PORT, else from settings: 7777;
                   0 picks a free port)
  --attach FILE    attach an Agno SQLite file (read-only) before the URL is printed, as
                   \`rundesk attach FILE\` does; repeat for more
  --upstream URL   the developer's AgentOS, e.g. http://127.0.0.1:7778: runs and the other routes
                   rundesk does not perform are forwarded there (sets ${'$'}RUNDESK_UPSTREAM, used when
                   the settings file has no upstream.url)`;

function parsePort(value: string | undefined, name = '--port'): number | undefined {
  if (value === undefined) return undefined;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new ConfigError(`${name} must be an integer from 0 to 65535, got "${value}"`);
  return port;
}

/**
 * The port asked for: `--port`, else `RUNDESK_PORT`, else `PORT` (the variable hosts and process
 * managers set), else undefined (the settings decide). An empty variable is unset.
 */
export function portOf(flag: string | undefined, env: NodeJS.ProcessEnv): number | undefined {
  if (flag !== undefined) return parsePort(flag);
  if (env.RUNDESK_PORT) return parsePort(env.RUNDESK_PORT, 'RUNDESK_PORT');
  if (env.PORT) return parsePort(env.PORT, 'PORT');
  return undefined;
}

/**
 * `rundesk serve`: starts the headless server, prints the base URL and the UI login URL on
 * stdout, and stops cleanly (databases closed) on SIGINT/SIGTERM. Resolves with the exit code
 * once the server has stopped.
 */
export async function runServe(argv: string[], io: CliIo): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        config: { type: 'string' },
        'data-dir': { type: 'string' },
        host: { type: 'string' },
        port: { type: 'string' },
        attach: { type: 'string', multiple: true },
        upstream: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    io.stderr.write(`rundesk serve: ${(err as Error).message}\n${SERVE_USAGE}\n`);
    return 2;
  }
  if (values.help) {
    io.stdout.write(`${SERVE_USAGE}\n`);
    return 0;
  }
  let port: number | undefined;
  try {
    port = portOf(values.port, io.env);
  } catch (err) {
    io.stderr.write(`rundesk serve: ${(err as Error).message}\n`);
    return 2;
  }
  const dir = resolveDataDirArg(values['data-dir'], io.env);
  if ('refused' in dir) {
    io.stderr.write(`rundesk serve: ${dir.refused}\n`);
    return 2;
  }
  const dataDir = dir.dataDir;
  let running;
  try {
    running = await startServer({
      dataDir,
      configPath: values.config,
      host: values.host,
      port,
      env: values.upstream === undefined ? io.env : { ...io.env, RUNDESK_UPSTREAM: values.upstream },
    });
  } catch (err) {
    if (err instanceof AppError) {
      io.stderr.write(`rundesk: ${err.message.replace(/\s*\n\s*/g, ' ')}\n`);
      return exitCodeOf(err);
    }
    throw err;
  }
  for (const warning of running.warnings) io.stderr.write(`rundesk: warning: ${warning}\n`);
  // Attached before anything is printed, so whatever reads the URL finds the files there.
  for (const file of values.attach ?? []) {
    const result = await attachThroughDesk(deskCaller(running.baseUrl, running.deskToken), { file, readOnly: true });
    for (const line of result.out) io.stderr.write(`rundesk: ${line}\n`);
    if (result.code !== 0) {
      for (const line of result.err) io.stderr.write(`rundesk serve: --attach ${file}: ${line}\n`);
      await running.stop();
      return result.code;
    }
  }
  // The desk token is on disk since start; the marker is written before the URL is printed, so a
  // script that waits for the URL (or for `rundesk wait`) finds both.
  try {
    writeServerMarker(dataDir, { url: running.baseUrl, pid: process.pid });
  } catch (err) {
    // Only the CLI's curl lines lose their port; the server itself is fine.
    io.stderr.write(`rundesk: warning: could not write ${SERVER_MARKER_FILE}: ${(err as Error).message}\n`);
  }
  io.stdout.write(`rundesk serving on ${running.baseUrl}\n`);
  io.stdout.write(`Open the UI: ${running.loginUrl}\n`);
  io.stdout.write(`API docs: ${running.baseUrl}/docs\n`);

  return new Promise<number>((resolve) => {
    let stopping = false;
    // Kept installed while stopping: a second signal (Ctrl-C twice, a shell's exit trap right
    // after `kill`) must not fall through to Node's default and kill the process mid-close.
    const shutdown = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      io.stderr.write(`rundesk: ${signal} received, closing the databases\n`);
      removeServerMarker(dataDir);
      void running.stop().then(() => {
        process.off('SIGINT', shutdown);
        process.off('SIGTERM', shutdown);
        resolve(0);
      });
    };
    process.on('SIGINT', shutdown);
    process.on('SIGTERM', shutdown);
  });
}
