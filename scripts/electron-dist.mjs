#!/usr/bin/env node
/**
 * `npm run dist` (after `npm run build`): packages the app with electron-builder into release/.
 * electron-builder's `npmRebuild` rebuilds better-sqlite3 for Electron *in place* in
 * node_modules, which would break the Node-side tests and CLI; afterwards this puts the Node
 * build back (`npm rebuild better-sqlite3`) when the module no longer loads in Node.
 *
 *   npm run dist                 # installers for this OS
 *   npm run dist -- --linux deb  # extra arguments go to electron-builder
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ELECTRON_CHECK_MISSING } from './electron-check.mjs';
import { findElectron } from './start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builderCli = path.join(root, 'node_modules', 'electron-builder', 'cli.js');

function loadsInNode() {
  const probe = "const D=require('better-sqlite3'); new D(':memory:').close()";
  return spawnSync(process.execPath, ['-e', probe], { cwd: root, stdio: 'ignore' }).status === 0;
}

function npm(args) {
  const execPath = process.env.npm_execpath;
  if (execPath && /npm-cli\.[cm]?js$/.test(execPath)) return spawnSync(process.execPath, [execPath, ...args], { cwd: root, stdio: 'inherit' });
  return spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
}

// Without the Electron package electron-builder fails deep in its run; say why up front.
const electron = findElectron({
  env: {},
  loadElectron: () => createRequire(path.join(root, 'package.json'))('electron'),
  exists: (file) => fs.existsSync(file),
});
if (electron.kind !== 'present') {
  console.error(ELECTRON_CHECK_MISSING);
  process.exit(1);
}

const result = spawnSync(process.execPath, [builderCli, '--config', 'build/electron-builder.json', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});

if (!loadsInNode()) {
  console.log('rundesk: restoring better-sqlite3 for Node (electron-builder rebuilt it for Electron)…');
  const restored = npm(['rebuild', 'better-sqlite3']);
  if (restored.status !== 0 || !loadsInNode()) {
    console.error('rundesk: better-sqlite3 no longer loads in Node; run "npm rebuild better-sqlite3" (or npm ci).');
    process.exitCode = 1;
  }
}
if (result.status !== 0) process.exitCode = result.status ?? 1;
else console.log(`rundesk: installers are in ${path.join(root, 'release')}`);
