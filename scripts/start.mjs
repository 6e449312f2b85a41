#!/usr/bin/env node
/**
 * `npm start`: rebuilds what is stale, then launches the desktop app — or, when the Electron
 * binary is not installed (npm could not download it), says so in one line and runs the same
 * server + UI headless (`rundesk serve`), forwarding extra arguments, signals and the exit code.
 *
 *   npm start                               # Electron window
 *   npm start -- --port 0 --data-dir /tmp/x # headless fallback: passed to `rundesk serve`
 *
 * Env: RUNDESK_NO_ELECTRON=1 forces headless; RUNDESK_START_NO_BUILD=1 skips the build check.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ELECTRON_MISSING_LINE =
  'Electron is not installed (its download failed or was skipped); running rundesk headless instead.';
export const ELECTRON_DISABLED_LINE = 'RUNDESK_NO_ELECTRON is set; running rundesk headless instead.';
export const NATIVE_FAILED_LINE =
  'better-sqlite3 could not be built for Electron (see above); running rundesk headless instead.';

/** Folders and files whose changes call for `npm run build`. */
export const SOURCE_DIRS = ['server', 'electron', 'renderer'];
export const SOURCE_FILES = ['tsconfig.json', 'tsconfig.build.json'];
/** One file per build step; each is rewritten by every build. */
export const BUILD_OUTPUTS = ['dist/server/cli/main.js', 'dist/electron/main.js', 'dist/electron/preload.cjs', 'dist/renderer/index.html'];
export const CLI_ENTRY = 'dist/server/cli/main.js';

const IGNORED_DIRS = new Set(['node_modules', 'dist', 'testing', '.git']);
const isTestFile = (name) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(name);

/**
 * Where the Electron binary is, or why there is none. `loadElectron` is `require('electron')`,
 * which returns the binary's path and throws when the package or its download is missing.
 */
export function findElectron({ env, loadElectron, exists }) {
  if (env.RUNDESK_NO_ELECTRON === '1') return { kind: 'disabled', line: ELECTRON_DISABLED_LINE };
  let binary;
  try {
    binary = loadElectron();
  } catch {
    return { kind: 'missing', line: ELECTRON_MISSING_LINE };
  }
  if (typeof binary !== 'string' || !exists(binary)) return { kind: 'missing', line: ELECTRON_MISSING_LINE };
  return { kind: 'present', binary };
}

/** The newest source file's mtime (ms) and path; tests and `testing/` helpers do not count. */
export function newestSource(root) {
  let newest = { mtimeMs: 0, file: null };
  const visit = (file) => {
    let stat;
    try {
      stat = fs.statSync(file);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(file)) {
        if (!IGNORED_DIRS.has(entry) && !entry.startsWith('.')) visit(path.join(file, entry));
      }
    } else if (!isTestFile(path.basename(file)) && stat.mtimeMs > newest.mtimeMs) {
      newest = { mtimeMs: stat.mtimeMs, file };
    }
  };
  for (const name of [...SOURCE_DIRS, ...SOURCE_FILES]) visit(path.join(root, name));
  return newest;
}

/** `{ stale, reason }`: stale when an output is missing or any source is newer than the oldest output. */
export function buildStatus(root) {
  let oldest = Infinity;
  for (const output of BUILD_OUTPUTS) {
    let stat;
    try {
      stat = fs.statSync(path.join(root, output));
    } catch {
      return { stale: true, reason: `${output} is missing` };
    }
    oldest = Math.min(oldest, stat.mtimeMs);
  }
  const newest = newestSource(root);
  if (newest.file && newest.mtimeMs > oldest) {
    return { stale: true, reason: `${path.relative(root, newest.file)} changed since the last build` };
  }
  return { stale: false, reason: 'up to date' };
}

/** The command that runs `npm run build`: the npm that started us when known. */
export function npmCommand(env, platform = process.platform) {
  const execPath = env.npm_execpath;
  if (execPath && /npm-cli\.[cm]?js$/.test(execPath)) return { command: process.execPath, args: [execPath], shell: false };
  return { command: platform === 'win32' ? 'npm.cmd' : 'npm', args: [], shell: platform === 'win32' };
}

/** rundesk's own options, as npm names them when it takes them for itself (`npm start --port 0`). */
export const SERVE_OPTIONS = ['config', 'data_dir', 'host', 'port'];

/**
 * `npm start --port 0` (without `--`) makes npm keep `--port` as its own config (`npm_config_port`
 * set to "true") and hand us only the bare "0". Returns the line that says how to pass it, or
 * null when nothing was taken.
 */
export function npmTookOptions(env) {
  const taken = SERVE_OPTIONS.filter((name) => env[`npm_config_${name}`] === 'true').map((name) => `--${name.replace(/_/g, '-')}`);
  if (taken.length === 0) return null;
  const example = taken.map((flag) => `${flag} ${flag === '--port' ? '0' : flag === '--host' ? '127.0.0.1' : flag === '--config' ? 'FILE' : 'DIR'}`).join(' ');
  return `rundesk: npm took ${taken.join(', ')} for itself; put rundesk's options after "--": npm start -- ${example}`;
}

/** The headless fallback: `node dist/server/cli/main.js serve <extra args>`. */
export function headlessCommand(root, extraArgs) {
  return { command: process.execPath, args: [path.join(root, CLI_ENTRY), 'serve', ...extraArgs] };
}

/** Electron's environment: never in "run as plain Node" mode. */
export function electronEnv(env) {
  const out = { ...env };
  delete out.ELECTRON_RUN_AS_NODE;
  return out;
}

/** Runs `command` as the foreground program: signals are forwarded, its exit code becomes ours. */
function runForeground(command, args, options) {
  // POSIX: its own process group, so a terminal's Ctrl+C reaches it once (forwarded by us),
  // not twice (a second SIGINT would cut its clean shutdown short).
  const child = spawn(command, args, { stdio: 'inherit', detached: process.platform !== 'win32', ...options });
  const forward = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of signals) process.on(signal, forward);
  child.on('error', (err) => {
    console.error(`rundesk: could not run ${command}: ${err.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    for (const s of signals) process.off(s, forward);
    process.exitCode = code ?? 128 + (signal ? (os.constants.signals[signal] ?? 0) : 1);
  });
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const args = process.argv.slice(2);
  const env = process.env;

  const taken = npmTookOptions(env);
  if (taken) {
    console.error(taken);
    process.exitCode = 2;
    return;
  }

  if (env.RUNDESK_START_NO_BUILD !== '1') {
    const status = buildStatus(root);
    if (status.stale) {
      console.log(`rundesk: building (${status.reason})…`);
      const npm = npmCommand(env);
      const result = spawnSync(npm.command, [...npm.args, 'run', 'build'], { cwd: root, stdio: 'inherit', shell: npm.shell });
      if (result.status !== 0) {
        console.error('rundesk: the build failed; fix the errors above and run npm start again.');
        process.exitCode = result.status ?? 1;
        return;
      }
    }
  }

  const electron = findElectron({
    env,
    loadElectron: () => createRequire(path.join(root, 'package.json'))('electron'),
    exists: (file) => fs.existsSync(file),
  });
  if (electron.kind === 'present') {
    const native = spawnSync(process.execPath, [path.join(root, 'scripts', 'electron-native.mjs'), '--strict'], { cwd: root, stdio: 'inherit' });
    if (native.status === 0) {
      runForeground(electron.binary, [root, ...args], { cwd: root, env: electronEnv(env) });
      return;
    }
    console.log(NATIVE_FAILED_LINE);
  } else {
    console.log(electron.line);
  }
  if (!fs.existsSync(path.join(root, CLI_ENTRY))) {
    console.error(`rundesk: ${CLI_ENTRY} is missing; run npm run build first.`);
    process.exitCode = 1;
    return;
  }
  const headless = headlessCommand(root, args);
  runForeground(headless.command, headless.args, { cwd: root });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main();
}
