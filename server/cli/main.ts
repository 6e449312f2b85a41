#!/usr/bin/env node
import { runInspect, runKeys, runMint } from './desk-commands.js';
import type { CliIo } from './io.js';
import { runAttach } from './attach.js';
import { runServe } from './serve.js';
import { runWait } from './wait.js';
import { RUNDESK_VERSION } from '../version.js';

const USAGE = `rundesk ${RUNDESK_VERSION} — a desktop-local developer server for agent platforms

Usage:
  rundesk serve [--config FILE] [--data-dir DIR] [--host H] [--port P] [--attach FILE ...]
  rundesk attach FILE [--id ID] [--writable] [--data-dir DIR]
  rundesk wait [--timeout SECONDS] [--data-dir DIR]
  rundesk mint [--sub S] [--scope S ...] [--aud A] [--ttl SECONDS] [--alg ALG] [--key KID] [--json] ...
  rundesk inspect TOKEN [--method GET] [--path /sessions/ID/runs/ID] [--json]
  rundesk keys list|export|generate [--format jwks|pem] [--kid KID] [--alg ALG] [--json]
  rundesk --version

Run \`rundesk <command> --help\` for a command's options.`;

async function main(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      return runServe(rest, io);
    case 'attach':
      return runAttach(rest, io);
    case 'wait':
      return runWait(rest, io);
    case 'mint':
      return runMint(rest, io);
    case 'inspect':
      return runInspect(rest, io);
    case 'keys':
      return runKeys(rest, io);
    case '--version':
    case '-v':
      io.stdout.write(`${RUNDESK_VERSION}\n`);
      return 0;
    case undefined:
      // A bare `rundesk` is a mistake in a script: say how to use it, and fail so the script notices.
      io.stderr.write(`${USAGE}\n`);
      return 2;
    case 'help':
    case '--help':
    case '-h':
      io.stdout.write(`${USAGE}\n`);
      return 0;
    default:
      io.stderr.write(`rundesk: unknown command "${command}"\n\n${USAGE}\n`);
      return 2;
  }
}

main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env }).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`rundesk: unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 70;
  },
);
