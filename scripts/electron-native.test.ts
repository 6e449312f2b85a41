import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ELECTRON_HEADERS_URL, SKIP_LINE, buildAttempts, buildEnv, expectedStamp, installedElectronVersion, isUpToDate } from './electron-native.mjs';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'electron-native.mjs');
const temps: string[] = [];
function fakeProject(files: Record<string, string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-native-'));
  temps.push(dir);
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
  return dir;
}
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function runScript(args: string[]) {
  return spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });
}

describe('electron-native.mjs as postinstall', () => {
  it('When Electron is not installed, Then it prints one line and exits 0 (npm ci never fails because of it)', () => {
    const result = runScript(['--root', fakeProject()]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`${SKIP_LINE}\n`);
    expect(result.stderr).toBe('');
    expect(SKIP_LINE).toBe('rundesk: Electron is not installed; skipping the native rebuild for Electron (the headless server works)');
  });

  it('When the build cannot happen, Then it explains and still exits 0 — but 1 with --strict (npm start)', () => {
    const root = fakeProject({ 'node_modules/electron/package.json': JSON.stringify({ version: '40.8.5' }) });
    const lenient = runScript(['--root', root]);
    expect(lenient.status).toBe(0);
    expect(lenient.stderr).toContain('could not build better-sqlite3 for Electron 40.8.5');
    expect(lenient.stderr).toContain('node scripts/electron-native.mjs --force');
    expect(runScript(['--root', root, '--strict']).status).toBe(1);
  });

  it('When the binary for this Electron is already built, Then it does nothing, silently', () => {
    const stamp = expectedStamp({ electronVersion: '40.8.5', betterSqlite3Version: '12.9.0', platform: process.platform, arch: process.arch });
    const root = fakeProject({
      'node_modules/electron/package.json': JSON.stringify({ version: '40.8.5' }),
      'node_modules/better-sqlite3/package.json': JSON.stringify({ version: '12.9.0' }),
      '.electron-native/better_sqlite3.node': 'binary',
      '.electron-native/stamp.json': JSON.stringify(stamp),
    });
    const result = runScript(['--root', root]);
    expect(result.status).toBe(0);
    expect(result.stdout + result.stderr).toBe('');
  });
});

describe('electron-native.mjs logic', () => {
  it('reads the installed Electron version', () => {
    expect(installedElectronVersion(fakeProject({ 'node_modules/electron/package.json': '{"version":"40.8.5"}' }))).toBe('40.8.5');
    expect(installedElectronVersion(fakeProject())).toBeNull();
    expect(installedElectronVersion(fakeProject({ 'node_modules/electron/package.json': '{broken' }))).toBeNull();
  });

  it('rebuilds when Electron, better-sqlite3, the platform or the arch changed', () => {
    const expected = expectedStamp({ electronVersion: '40.8.5', betterSqlite3Version: '12.9.0', platform: 'linux', arch: 'x64' });
    expect(isUpToDate(expected, expected, true)).toBe(true);
    expect(isUpToDate(expected, expected, false)).toBe(false);
    expect(isUpToDate({ ...expected, electron: '40.8.4' }, expected, true)).toBe(false);
    expect(isUpToDate({ ...expected, betterSqlite3: '12.8.0' }, expected, true)).toBe(false);
    expect(isUpToDate({ ...expected, arch: 'arm64' }, expected, true)).toBe(false);
    expect(isUpToDate(null, expected, true)).toBe(false);
  });

  it("tries a prebuilt binary first, then compiles against Electron's headers", () => {
    const attempts = buildAttempts({ electronVersion: '40.8.5', arch: 'x64', platform: 'linux', prebuildInstall: '/pi/bin.js', nodeGyp: '/ng/node-gyp.js', devDir: '/home/u/.electron-gyp' });
    expect(attempts.map((a) => a.name)).toEqual(['prebuilt binary (prebuild-install)', 'compile (node-gyp)']);
    expect(attempts[0]!.args).toEqual(['/pi/bin.js', '--runtime=electron', '--target=40.8.5', '--arch=x64', '--platform=linux']);
    expect(attempts[1]!.args).toEqual(
      expect.arrayContaining(['/ng/node-gyp.js', 'rebuild', '--release', '--runtime=electron', '--target=40.8.5', `--dist-url=${ELECTRON_HEADERS_URL}`, '--devdir=/home/u/.electron-gyp']),
    );
    expect(ELECTRON_HEADERS_URL).toBe('https://electronjs.org/headers');
  });

  it("keeps npm's nodedir/target settings away from the build (they would select Node's ABI)", () => {
    expect(buildEnv({ PATH: '/bin', npm_config_nodedir: '/usr', npm_config_target: '20.0.0', npm_config_runtime: 'node', npm_config_cache: '/c' })).toEqual({ PATH: '/bin', npm_config_cache: '/c' });
  });
});

describe('electron-native.mjs build (hermetic: stand-in prebuild-install)', () => {
  /** A project whose better-sqlite3 is a symlink (as with workspaces) and whose "prebuild-install" records where it ran. */
  function projectWithFakeTools() {
    const pkgDir = fakeProject({
      'package.json': JSON.stringify({ name: 'better-sqlite3', version: '12.9.0' }),
      'binding.gyp': '{}',
      'build/Release/better_sqlite3.node': 'NODE-ABI BUILD',
    });
    const record = path.join(pkgDir, '..', `${path.basename(pkgDir)}-record.json`);
    temps.push(record);
    const root = fakeProject({
      'node_modules/electron/package.json': JSON.stringify({ version: '40.8.5' }),
      'node_modules/prebuild-install/bin.js': [
        "const fs = require('node:fs');",
        "fs.writeFileSync(process.env.FAKE_RECORD, JSON.stringify({ cwd: process.cwd(), argv: process.argv.slice(2), hadBuild: fs.existsSync('build') }));",
        "fs.mkdirSync('build/Release', { recursive: true });",
        "fs.writeFileSync('build/Release/better_sqlite3.node', 'ELECTRON-ABI BUILD');",
      ].join('\n'),
      'node_modules/prebuild-install/package.json': JSON.stringify({ name: 'prebuild-install', type: 'commonjs' }),
    });
    fs.symlinkSync(pkgDir, path.join(root, 'node_modules', 'better-sqlite3'), 'dir');
    return { root, pkgDir, record };
  }

  it('builds in a separate copy, never in node_modules, and caches the result', () => {
    const { root, pkgDir, record } = projectWithFakeTools();
    const result = spawnSync(process.execPath, [script, '--root', root], { encoding: 'utf8', env: { ...process.env, FAKE_RECORD: record } });
    expect(result.status, result.stderr).toBe(0);

    const ran = JSON.parse(fs.readFileSync(record, 'utf8')) as { cwd: string; argv: string[]; hadBuild: boolean };
    expect(ran.cwd.startsWith(fs.realpathSync(pkgDir))).toBe(false);
    expect(ran.cwd).toContain('rundesk-electron-native-');
    expect(ran.hadBuild).toBe(false);
    expect(ran.argv).toEqual(expect.arrayContaining(['--runtime=electron', '--target=40.8.5']));
    // node_modules keeps its Node build; the Electron build lands in .electron-native/.
    expect(fs.readFileSync(path.join(pkgDir, 'build/Release/better_sqlite3.node'), 'utf8')).toBe('NODE-ABI BUILD');
    expect(fs.readFileSync(path.join(root, '.electron-native/better_sqlite3.node'), 'utf8')).toBe('ELECTRON-ABI BUILD');
    expect(JSON.parse(fs.readFileSync(path.join(root, '.electron-native/stamp.json'), 'utf8'))).toMatchObject({ electron: '40.8.5', betterSqlite3: '12.9.0' });
    expect(fs.existsSync(ran.cwd)).toBe(false);

    // Second run: up to date, silent, no rebuild.
    fs.rmSync(record);
    const again = spawnSync(process.execPath, [script, '--root', root], { encoding: 'utf8', env: { ...process.env, FAKE_RECORD: record } });
    expect(again.stdout + again.stderr).toBe('');
    expect(fs.existsSync(record)).toBe(false);
  });
});
