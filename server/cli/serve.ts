import path from 'node:path';
import { parseArgs } from 'node:util';
import { exitCodeOf } from '../error-table.js';
import { AppError, ConfigError } from '../errors.js';
import { startServer } from '../server.js';
import { defaultDataDir } from '../api/desk/data-dir.js';
import type { CliIo } from './io.js';
import { SERVER_MARKER_FILE, removeServerMarker, writeServerMarker } from './server-marker.js';

export const SERVE_USAGE = `Usage: rundesk serve [--config FILE] [--data-dir DIR] [--host H] [--port P] [--upstream URL]

  --config FILE    read settings from FILE (never written; the UI shows them read-only)
  --data-dir DIR   data folder (settings.json, rundesk.db, keys/); default ${'$'}RUNDESK_DATA_DIR
                   or the platform's per-user data folder
  --host H         address to bind (default from settings: 127.0.0.1)
  --port P         port (default from settings: 7777; 0 picks a free port)
  --upstream URL   the developer's AgentOS, e.g. http://127.0.0.1:7778: runs and the other routes
                   rundesk does not perform are forwarded there (sets ${'$'}RUNDESK_UPSTREAM, used when
                   the settings file has no upstream.url)`;

function parsePort(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new ConfigError(`--port must be an integer from 0 to 65535, got "${value}"`);
  return port;
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
    port = parsePort(values.port);
  } catch (err) {
    io.stderr.write(`rundesk serve: ${(err as Error).message}\n`);
    return 2;
  }
  const dataDir = path.resolve(values['data-dir'] ?? defaultDataDir(io.env));
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
  io.stdout.write(`rundesk serving on ${running.baseUrl}\n`);
  io.stdout.write(`Open the UI: ${running.loginUrl}\n`);
  io.stdout.write(`API docs: ${running.baseUrl}/docs\n`);
  try {
    writeServerMarker(dataDir, { url: running.baseUrl, pid: process.pid });
  } catch (err) {
    // Only the CLI's curl lines lose their port; the server itself is fine.
    io.stderr.write(`rundesk: warning: could not write ${SERVER_MARKER_FILE}: ${(err as Error).message}\n`);
  }

  return new Promise<number>((resolve) => {
    const shutdown = (signal: NodeJS.Signals) => {
      io.stderr.write(`rundesk: ${signal} received, closing the databases\n`);
      removeServerMarker(dataDir);
      void running.stop().then(() => resolve(0));
    };
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
  });
}
