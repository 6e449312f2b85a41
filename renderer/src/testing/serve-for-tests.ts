/// <reference types="node" />
/**
 * A rundesk server for component tests, in its own Node process: jsdom's globals (its
 * TextEncoder and Uint8Array) would otherwise leak into the server's token signing. Starts as a
 * new install does (fresh data dir, its own signing key, ephemeral loopback port), applies the
 * settings given as argv[2] (JSON, merged over the file's as the settings page saves them),
 * prints one JSON line `{ baseUrl, deskToken, dataDir }`, and stops when stdin closes.
 *
 * A line `down` on stdin stops the server (the page then finds nothing listening) and `up`
 * starts it again on the same port and data folder, as a restart by the user does; each
 * answers with one line (`down`, `up`) once done.
 */
import { createInterface } from 'node:readline';
import fs from 'node:fs';
import path from 'node:path';
import { startServer } from '../../../server/server';
import { makeTempDir } from '../../../server/testing/temp-dir';

const temp = makeTempDir('rundesk-ct-');
const dataDir = path.join(temp.dir, 'data');
fs.mkdirSync(dataDir);
let server = await startServer({ dataDir, port: 0, log: false, env: {} });
const port = Number(new URL(server.baseUrl).port);
const overrides = JSON.parse(process.argv[2] ?? '{}') as { auth?: Record<string, unknown> } & Record<string, unknown>;
if (Object.keys(overrides).length > 0) await applySettings(overrides);
process.stdout.write(`${JSON.stringify({ baseUrl: server.baseUrl, deskToken: server.deskToken, dataDir })}\n`);

let running = true;
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'down' && running) {
    running = false;
    void server.stop().then(() => process.stdout.write('down\n'));
  } else if (line === 'up' && !running) {
    void startServer({ dataDir, port, log: false, env: {} }).then((next) => {
      server = next;
      running = true;
      process.stdout.write('up\n');
    });
  }
});
process.stdin.on('end', () => {
  void (running ? server.stop() : Promise.resolve()).finally(() => {
    temp.remove();
    process.exit(0);
  });
});

async function applySettings(overrides: { auth?: Record<string, unknown> } & Record<string, unknown>): Promise<void> {
  const headers = { 'x-desk-token': server.deskToken, 'content-type': 'application/json' };
  const current = (await (await fetch(`${server.baseUrl}/desk/settings`, { headers })).json()) as {
    file_settings: { auth?: Record<string, unknown> } & Record<string, unknown>;
  };
  const body = { ...current.file_settings, ...overrides, auth: { ...current.file_settings.auth, ...overrides.auth } };
  const res = await fetch(`${server.baseUrl}/desk/settings`, { method: 'PUT', headers, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`the test settings were refused: ${res.status} ${await res.text()}`);
}
