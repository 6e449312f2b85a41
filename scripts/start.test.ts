import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BUILD_OUTPUTS,
  CLI_ENTRY,
  ELECTRON_DISABLED_LINE,
  ELECTRON_MISSING_LINE,
  buildStatus,
  electronEnv,
  findElectron,
  headlessCommand,
  npmCommand,
  npmTookOptions,
} from './start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const temps: string[] = [];
function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('findElectron', () => {
  it('When require("electron") gives an existing binary, Then Electron is used', () => {
    expect(findElectron({ env: {}, loadElectron: () => '/e/electron', exists: () => true })).toEqual({ kind: 'present', binary: '/e/electron' });
  });

  it.each([
    ['the package is absent (npm dropped it)', () => { throw new Error("Cannot find module 'electron'"); }, true],
    ['the download failed (path.txt missing)', () => { throw new Error('Electron failed to install correctly'); }, true],
    ['the binary was deleted', () => '/e/electron', false],
  ])('When %s, Then it says so in one line', (_what, loadElectron, exists) => {
    const result = findElectron({ env: {}, loadElectron, exists: () => exists });
    expect(result).toEqual({ kind: 'missing', line: ELECTRON_MISSING_LINE });
    expect(ELECTRON_MISSING_LINE).toBe('Electron is not installed (its download failed or was skipped); running rundesk headless instead.');
  });

  it('When RUNDESK_NO_ELECTRON=1, Then it runs headless without looking', () => {
    expect(findElectron({ env: { RUNDESK_NO_ELECTRON: '1' }, loadElectron: () => '/e/electron', exists: () => true })).toEqual({ kind: 'disabled', line: ELECTRON_DISABLED_LINE });
  });
});

describe('npmTookOptions', () => {
  it('When npm kept --port and --data-dir for itself (npm start --port 0 without --), Then the line shows the form that works', () => {
    const line = npmTookOptions({ npm_config_port: 'true', npm_config_data_dir: 'true' });
    expect(line).toBe('rundesk: npm took --data-dir, --port for itself; put rundesk\'s options after "--": npm start -- --data-dir DIR --port 0');
  });

  it('When npm took nothing of ours, Then there is nothing to say', () => {
    expect(npmTookOptions({ npm_config_cache: '/x', npm_config_port: undefined })).toBeNull();
  });
});

describe('buildStatus', () => {
  function project(): string {
    const dir = tempDir('rundesk-start-');
    for (const file of ['server/server.ts', 'electron/main.ts', 'renderer/src/main.tsx', 'tsconfig.json', ...BUILD_OUTPUTS]) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), '');
    }
    const old = new Date(Date.now() - 60_000);
    for (const file of ['server/server.ts', 'electron/main.ts', 'renderer/src/main.tsx', 'tsconfig.json']) fs.utimesSync(path.join(dir, file), old, old);
    return dir;
  }
  const touch = (file: string) => {
    const future = new Date(Date.now() + 60_000);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '');
    fs.utimesSync(file, future, future);
  };

  it('When every output is newer than every source, Then nothing is built', () => {
    expect(buildStatus(project())).toEqual({ stale: false, reason: 'up to date' });
  });

  it('When an output is missing, Then it builds', () => {
    const dir = project();
    fs.rmSync(path.join(dir, 'dist/renderer/index.html'));
    expect(buildStatus(dir)).toEqual({ stale: true, reason: 'dist/renderer/index.html is missing' });
  });

  it.each(['server/compose/app.ts', 'electron/preload.cts', 'renderer/src/app/App.tsx', 'tsconfig.json'])('When %s changed after the build, Then it builds', (file) => {
    const dir = project();
    touch(path.join(dir, file));
    expect(buildStatus(dir)).toEqual({ stale: true, reason: `${file.split('/').join(path.sep)} changed since the last build` });
  });

  it.each(['server/http/app.test.ts', 'electron/menu.test.ts', 'server/testing/fixtures.ts', 'renderer/node_modules/x/index.js'])(
    'When only %s changed, Then no build is needed',
    (file) => {
      const dir = project();
      touch(path.join(dir, file));
      expect(buildStatus(dir).stale).toBe(false);
    },
  );
});

describe('commands', () => {
  it('npm run build uses the npm that started us when known', () => {
    expect(npmCommand({ npm_execpath: '/usr/lib/node_modules/npm/bin/npm-cli.js' }, 'linux')).toEqual({ command: process.execPath, args: ['/usr/lib/node_modules/npm/bin/npm-cli.js'], shell: false });
    expect(npmCommand({}, 'linux')).toEqual({ command: 'npm', args: [], shell: false });
    expect(npmCommand({}, 'win32')).toEqual({ command: 'npm.cmd', args: [], shell: true });
  });

  it('the headless fallback is `rundesk serve` with the extra arguments', () => {
    expect(headlessCommand('/p', ['--port', '0'])).toEqual({ command: process.execPath, args: [path.join('/p', CLI_ENTRY), 'serve', '--port', '0'] });
  });

  it('Electron never inherits ELECTRON_RUN_AS_NODE', () => {
    expect(electronEnv({ ELECTRON_RUN_AS_NODE: '1', HOME: '/h' })).toEqual({ HOME: '/h' });
  });
});

function electronInstalled(): boolean {
  return findElectron({ env: {}, loadElectron: () => createRequire(path.join(root, 'package.json'))('electron'), exists: fs.existsSync }).kind === 'present';
}

/** Runs `node scripts/start.mjs <args>`; resolves when `until` matches stdout (or the process ends). */
function startScript(args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, RUNDESK_START_NO_BUILD: '1' };
  delete env.RUNDESK_NO_ELECTRON;
  // On a machine with Electron, force the headless path so no window opens during tests.
  const expectedLine = electronInstalled() ? ELECTRON_DISABLED_LINE : ELECTRON_MISSING_LINE;
  if (electronInstalled()) env.RUNDESK_NO_ELECTRON = '1';
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs'), ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const waitFor = (pattern: RegExp, timeoutMs = 15_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}; stdout:\n${stdout}\nstderr:\n${stderr}`)), timeoutMs);
      const check = () => {
        const match = stdout.match(pattern);
        if (match) {
          clearTimeout(timer);
          resolve(match);
        }
      };
      child.stdout.on('data', check);
      void exited.then(() => {
        check();
        clearTimeout(timer);
        reject(new Error(`start.mjs exited before printing ${pattern}; stdout:\n${stdout}\nstderr:\n${stderr}`));
      });
      check();
    });
  return { child, exited, waitFor, expectedLine, output: () => ({ stdout, stderr }) };
}

const cliBuilt = fs.existsSync(path.join(root, CLI_ENTRY));

describe.skipIf(!cliBuilt)('npm start without Electron (process; needs `npm run build`)', () => {
  it('When Electron is missing, Then it says so in one line, serves headless and prints the UI URL, and stops cleanly on SIGTERM', async () => {
    const dataDir = tempDir('rundesk-start-data-');
    const run = startScript(['--port', '0', '--data-dir', dataDir]);
    try {
      const [, uiUrl] = await run.waitFor(/(http:\/\/127\.0\.0\.1:\d+\/ui\/\S*)/);
      const lines = run.output().stdout.split('\n');
      expect(lines[0]).toBe(run.expectedLine);
      expect(lines.filter((l) => l.includes('Electron')).length).toBe(1);
      const baseUrl = new URL(uiUrl!).origin;
      const health = await fetch(`${baseUrl}/health`);
      expect(health.status).toBe(200);
      expect(fs.existsSync(path.join(dataDir, 'rundesk.db'))).toBe(true);

      run.child.kill('SIGTERM');
      const { code } = await run.exited;
      expect(code).toBe(0);
      // The forwarded signal stopped the server itself, not just the wrapper.
      await expect(fetch(`${baseUrl}/health`)).rejects.toThrow();
    } finally {
      run.child.kill('SIGKILL');
    }
  });

  it("When serve fails, Then npm start exits with serve's exit code", async () => {
    const run = startScript(['--port', 'not-a-port', '--data-dir', tempDir('rundesk-start-data-')]);
    const { code } = await run.exited;
    expect(code).toBe(2);
    expect(run.output().stderr).toContain('--port');
  });
});
