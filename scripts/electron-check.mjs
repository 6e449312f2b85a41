#!/usr/bin/env node
/**
 * `npm run electron:check`: says whether the desktop app can start, in one line, with its exit
 * code. `npx electron --version` exits 1 with no message when npm dropped the optional Electron
 * package (its download failed: a proxy, CI, no network); this names the cause and the fix.
 * `npm start` and `npm run dist` ask the same question (findElectron).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { findElectron } from './start.mjs';

export const ELECTRON_CHECK_MISSING =
  'rundesk: Electron is not installed: npm could not download its binary during npm ci and dropped the optional package, so `npx electron` fails without a word. ' +
  'rundesk still runs headless (npm start says so). For the desktop app, allow access to Electron\'s download host or set ELECTRON_MIRROR, then run npm ci again.';

/**
 * The check's outcome: exit code and line. `version` runs the binary with `--version`.
 *
 * @example
 * electronCheck({ env: {}, loadElectron: () => { throw new Error('x'); }, exists: () => false, version: () => null })
 * // { code: 1, line: ELECTRON_CHECK_MISSING }
 */
export function electronCheck({ env, loadElectron, exists, version }) {
  const found = findElectron({ env: { ...env, RUNDESK_NO_ELECTRON: undefined }, loadElectron, exists });
  if (found.kind !== 'present') return { code: 1, line: ELECTRON_CHECK_MISSING };
  const v = version(found.binary);
  if (!v) return { code: 1, line: `rundesk: the Electron binary at ${found.binary} does not start (it answered nothing to --version); run npm ci again.` };
  return { code: 0, line: `Electron ${v} at ${found.binary}` };
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const result = electronCheck({
    env: process.env,
    loadElectron: () => createRequire(path.join(root, 'package.json'))('electron'),
    exists: (file) => fs.existsSync(file),
    version: (binary) => {
      const r = spawnSync(binary, ['--version'], { encoding: 'utf8', env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } });
      return r.status === 0 ? r.stdout.trim() : null;
    },
  });
  (result.code === 0 ? console.log : console.error)(result.line);
  process.exitCode = result.code;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main();
}
