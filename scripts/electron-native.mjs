#!/usr/bin/env node
/**
 * Builds a second copy of better-sqlite3 for Electron's ABI into `.electron-native/`, leaving
 * node_modules (built for Node: tests, CLI) untouched. Runs from `postinstall` and before
 * `npm start` launches Electron. Never fails `npm ci`: without Electron it prints one line and
 * exits 0; a failed build prints why and exits 0 (1 with `--strict`).
 *
 *   node scripts/electron-native.mjs [--strict] [--force] [--root DIR]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const SKIP_LINE = 'rundesk: Electron is not installed; skipping the native rebuild for Electron (the headless server works)';
export const OUT_DIR = '.electron-native';
export const BINDING_FILE = 'better_sqlite3.node';
export const STAMP_FILE = 'stamp.json';
export const ELECTRON_HEADERS_URL = 'https://electronjs.org/headers';

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** The installed Electron's version, or null when npm dropped it (its download failed). */
export function installedElectronVersion(root) {
  const pkg = readJson(path.join(root, 'node_modules', 'electron', 'package.json'));
  return pkg && typeof pkg.version === 'string' ? pkg.version : null;
}

/** What the cached binary must have been built for. */
export function expectedStamp({ electronVersion, betterSqlite3Version, platform, arch }) {
  return { electron: electronVersion, betterSqlite3: betterSqlite3Version, platform, arch };
}

/** Whether `.electron-native/` already holds a binary for exactly this combination. */
export function isUpToDate(stamp, expected, bindingExists) {
  if (!bindingExists || !stamp || typeof stamp !== 'object') return false;
  return Object.keys(expected).every((key) => stamp[key] === expected[key]);
}

/**
 * The attempts, in order: a prebuilt binary for Electron (fast, needs network), then a compile
 * against Electron's headers (needs a C++ toolchain). Each runs in the temporary copy.
 */
export function buildAttempts({ electronVersion, arch, platform, prebuildInstall, nodeGyp, devDir }) {
  const attempts = [];
  if (prebuildInstall) {
    attempts.push({
      name: 'prebuilt binary (prebuild-install)',
      command: process.execPath,
      args: [prebuildInstall, '--runtime=electron', `--target=${electronVersion}`, `--arch=${arch}`, `--platform=${platform}`],
    });
  }
  if (nodeGyp) {
    attempts.push({
      name: 'compile (node-gyp)',
      command: process.execPath,
      args: [
        nodeGyp, 'rebuild', '--release', '--runtime=electron', `--target=${electronVersion}`, `--arch=${arch}`,
        `--dist-url=${ELECTRON_HEADERS_URL}`, `--devdir=${devDir}`,
      ],
    });
  }
  return attempts;
}

/**
 * The environment for the build tools, without npm config that would point them at Node's
 * headers or another target (`npm_config_nodedir` would make node-gyp build for Node's ABI).
 */
export function buildEnv(env) {
  const out = {};
  for (const [key, value] of Object.entries(env)) {
    if (/^npm_config_(nodedir|target|target_arch|runtime|disturl|dist_url|build_from_source)$/i.test(key)) continue;
    out[key] = value;
  }
  return out;
}

function resolveFrom(root, request) {
  const candidates = [path.join(root, 'node_modules', request)];
  return candidates.find((file) => fs.existsSync(file)) ?? null;
}

function parseArgs(argv) {
  const options = { strict: false, force: false, root: null };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--strict') options.strict = true;
    else if (argv[i] === '--force') options.force = true;
    else if (argv[i] === '--root') options.root = argv[++i] ?? null;
  }
  return options;
}

/** Returns the exit code. */
export function run(argv = process.argv.slice(2), env = process.env) {
  const options = parseArgs(argv);
  const root = path.resolve(options.root ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const electronVersion = installedElectronVersion(root);
  if (!electronVersion) {
    console.log(SKIP_LINE);
    return 0;
  }
  const failed = (why) => {
    console.error(`rundesk: could not build better-sqlite3 for Electron ${electronVersion}: ${why}`);
    console.error('rundesk: the headless server still works; to retry: node scripts/electron-native.mjs --force');
    return options.strict ? 1 : 0;
  };
  const sourceDir = path.join(root, 'node_modules', 'better-sqlite3');
  const sqlitePkg = readJson(path.join(sourceDir, 'package.json'));
  if (!sqlitePkg) return failed('node_modules/better-sqlite3 is missing (run npm ci)');

  const outDir = path.join(root, OUT_DIR);
  const binding = path.join(outDir, BINDING_FILE);
  const stampPath = path.join(outDir, STAMP_FILE);
  const expected = expectedStamp({
    electronVersion,
    betterSqlite3Version: sqlitePkg.version,
    platform: env.npm_config_platform || process.platform,
    arch: env.npm_config_arch || process.arch,
  });
  if (!options.force && isUpToDate(readJson(stampPath), expected, fs.existsSync(binding))) return 0;

  console.log(`rundesk: building better-sqlite3 ${sqlitePkg.version} for Electron ${electronVersion} (${expected.platform}-${expected.arch}) into ${OUT_DIR}/`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-electron-native-'));
  try {
    const copy = path.join(work, 'better-sqlite3');
    // A real copy of the package without its Node build: node_modules/better-sqlite3 itself is
    // never touched. Resolve symlinks (workspaces, pnpm) first, or the copy would be a link to it.
    const realSource = fs.realpathSync(sourceDir);
    fs.cpSync(realSource, copy, {
      recursive: true,
      dereference: true,
      filter: (src) => {
        const rel = path.relative(realSource, src).split(path.sep)[0];
        return rel !== 'build' && rel !== 'node_modules';
      },
    });
    if (fs.lstatSync(copy).isSymbolicLink() || fs.realpathSync(copy) === realSource) {
      return failed('could not make a separate copy of better-sqlite3');
    }
    const attempts = buildAttempts({
      electronVersion,
      arch: expected.arch,
      platform: expected.platform,
      prebuildInstall: resolveFrom(root, path.join('prebuild-install', 'bin.js')),
      nodeGyp: resolveFrom(root, path.join('node-gyp', 'bin', 'node-gyp.js')) ?? env.npm_config_node_gyp ?? null,
      devDir: path.join(os.homedir(), '.electron-gyp'),
    });
    const built = path.join(copy, 'build', 'Release', BINDING_FILE);
    const errors = [];
    for (const attempt of attempts) {
      const result = spawnSync(attempt.command, attempt.args, { cwd: copy, encoding: 'utf8', env: buildEnv(env) });
      if (result.status === 0 && fs.existsSync(built)) {
        fs.mkdirSync(outDir, { recursive: true });
        fs.copyFileSync(built, `${binding}.tmp`);
        fs.renameSync(`${binding}.tmp`, binding);
        fs.writeFileSync(stampPath, `${JSON.stringify(expected, null, 2)}\n`);
        console.log(`rundesk: better-sqlite3 for Electron ready (${attempt.name})`);
        return 0;
      }
      const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`.trim();
      errors.push(`${attempt.name} failed:\n${output.split('\n').slice(-15).join('\n')}`);
    }
    if (attempts.length === 0) return failed('neither prebuild-install nor node-gyp is available');
    console.error(errors.join('\n\n'));
    return failed('see the output above');
  } catch (err) {
    return failed(err instanceof Error ? err.message : String(err));
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = run();
}
