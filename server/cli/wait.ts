import { parseArgs } from 'node:util';
import { resolveDataDirArg } from './data-dir-arg.js';
import type { CliIo } from './io.js';
import { readServerMarker } from './server-marker.js';

export const WAIT_USAGE = `Usage: rundesk wait [--timeout SECONDS] [--data-dir DIR]

Waits until the rundesk server of the data folder answers (after \`rundesk serve &\`), then prints
its URL. Exit 0 once it answers, 1 when none did within the timeout (default 60 s).`;

/** How often the marker and /health are looked at; each look is a file read and one local request. */
const LOOK_EVERY_MS = 100;

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/health`);
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

/** `rundesk wait`: the server of this data folder answering, or a one-line reason after the timeout. */
export async function runWait(argv: string[], io: CliIo): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { timeout: { type: 'string' }, 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    io.stderr.write(`rundesk wait: ${(err as Error).message.split('\n')[0]}\n${WAIT_USAGE}\n`);
    return 2;
  }
  if (values.help) {
    io.stdout.write(`${WAIT_USAGE}\n`);
    return 0;
  }
  const timeout = values.timeout === undefined ? 60 : Number(values.timeout);
  if (!Number.isFinite(timeout) || timeout <= 0) {
    io.stderr.write(`rundesk wait: --timeout must be a positive number of seconds, got "${values.timeout}"\n`);
    return 2;
  }
  const dir = resolveDataDirArg(values['data-dir'], io.env);
  if ('refused' in dir) {
    io.stderr.write(`rundesk wait: ${dir.refused}\n`);
    return 2;
  }
  const until = Date.now() + timeout * 1000;
  for (;;) {
    const marker = readServerMarker(dir.dataDir);
    if (marker && (await answers(marker.url))) {
      io.stdout.write(`${marker.url}\n`);
      return 0;
    }
    if (Date.now() >= until) {
      io.stderr.write(`rundesk wait: no rundesk server of ${dir.dataDir} answered within ${timeout} s (start one with: rundesk serve &)\n`);
      return 1;
    }
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
  }
}
