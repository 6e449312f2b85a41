/**
 * electron/main.ts for real, under plain Node: a stand-in `electron` module (testing/
 * fake-electron.cjs, found through NODE_PATH) records what main does and drives the File
 * menu, IPC, navigation and quit against the real in-process server. This covers the wiring
 * that the unit tests of the pure modules cannot, on machines without the Electron binary.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const nodeBinding = path.join(root, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');

interface Finding {
  kind: string;
  data: any;
}

let work: string;
let findings: Finding[] = [];
let stderr = '';
let exitCode: number | null = null;
const find = (kind: string) => findings.find((f) => f.kind === kind)?.data;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-main-smoke-'));
  // `electron` resolves to the fake through NODE_PATH.
  const modules = path.join(work, 'modules', 'electron');
  fs.mkdirSync(modules, { recursive: true });
  fs.copyFileSync(path.join(here, 'testing', 'fake-electron.cjs'), path.join(modules, 'index.cjs'));
  fs.writeFileSync(path.join(modules, 'package.json'), JSON.stringify({ name: 'electron', main: 'index.cjs' }));
  // The "Electron" copy of better-sqlite3 is Node's here (the fake runs on Node).
  const appPath = path.join(work, 'app');
  fs.mkdirSync(path.join(appPath, '.electron-native'), { recursive: true });
  fs.copyFileSync(nodeBinding, path.join(appPath, '.electron-native', 'better_sqlite3.node'));
  const dataDir = path.join(work, 'data');
  const dbFile = path.join(work, 'agents.db');
  const { buildAgnoDb } = await import('../server/testing/agno-builder.js');
  buildAgnoDb(dbFile, [{ session_id: 's1', session_type: 'agent', agent_id: 'a1', runs: null, created_at: 1_700_000_000 }]);

  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_PATH: path.join(work, 'modules'),
      FAKE_APP_PATH: appPath,
      FAKE_USER_DATA: path.join(work, 'user-data'),
      FAKE_DIALOG_FILE: dbFile,
      RUNDESK_TEST_MODE: '1',
      RUNDESK_E2E_DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  exitCode = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
  findings = stdout
    .split('\n')
    .filter((l) => l.startsWith('FAKE_ELECTRON '))
    .map((l) => JSON.parse(l.slice('FAKE_ELECTRON '.length)) as Finding);
}, 30_000);

afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
});

describe('electron/main.ts under a stand-in electron module', () => {
  it('runs the whole scenario and exits 0', () => {
    expect(find('scenario-error'), stderr).toBeUndefined();
    expect(exitCode, stderr).toBe(0);
  });

  it('uses the test data dir and opens one locked-down window on the UI', () => {
    expect(fs.existsSync(path.join(work, 'data', 'rundesk.db'))).toBe(true);
    const window = find('window').options;
    expect(window.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webviewTag: false });
    expect(window.webPreferences.preload).toMatch(/preload\.cjs$/);
    expect(find('loadURL').url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/ui\/$/);
    expect(find('title').title).toBe(`rundesk — ${new URL(find('loadURL').url).origin}`);
  });

  it('sets a desk cookie the server accepts, without a token in the URL', () => {
    expect(find('cookie')).toMatchObject({ name: 'rundesk_desk', httpOnly: true, sameSite: 'strict', secure: false, path: '/' });
    expect(find('loadURL').url).not.toContain('token');
    expect(find('desk-auth').withoutCookie).toBe(401);
    expect(find('desk-auth').withCookie).not.toBe(401);
  });

  it('adds the CSP and refuses permissions', () => {
    expect(find('csp')['Content-Security-Policy'][0]).toContain("script-src 'self'");
    expect(find('permission')).toEqual({ media: false });
  });

  it('validates IPC: untrusted senders and hostile options never reach the dialog', () => {
    const ipc = find('ipc');
    expect(ipc.fromEvil).toMatchObject({ ok: false, error: { code: 'ERR_IPC_UNTRUSTED_SENDER' } });
    expect(ipc.hostile).toMatchObject({ ok: false, error: { code: 'ERR_IPC_INVALID_ARGUMENT' } });
    expect(ipc.valid).toEqual({ ok: true, value: path.join(work, 'agents.db') });
    expect(ipc.dialogCalls).toBe(1);
  });

  it('denies navigation away and opens it in the system browser', () => {
    expect(find('navigate')).toEqual({ prevented: true, opened: ['https://example.com/x'] });
  });

  it('File › Attach database… attaches through the desk API, then tells the window', () => {
    const attach = find('attach');
    expect(attach.messageBoxes).toEqual([]);
    expect(attach.sent).toEqual([{ channel: 'main:databases-changed', args: [] }]);
    expect(attach.databases.databases.some((db: { path: string }) => db.path.endsWith('agents.db'))).toBe(true);
  });

  it('Help › API docs opens <baseUrl>/docs externally', () => {
    expect(find('docs').opened).toContain(`${new URL(find('loadURL').url).origin}/docs`);
  });

  it('quits cleanly: the first before-quit waits for the server, the second goes through', async () => {
    const quits = findings.filter((f) => f.kind === 'before-quit').map((f) => f.data.prevented);
    expect(quits).toEqual([true, false]);
    await expect(fetch(`${find('quitting').origin}/health`)).rejects.toThrow();
    expect(JSON.parse(fs.readFileSync(path.join(work, 'data', 'window-state.json'), 'utf8'))).toEqual({ x: 10, y: 20, width: 1111, height: 777, maximized: false });
  });
});
