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
