/**
 * The desktop app end to end, through Playwright's Electron driver: a fresh data dir per test
 * (honoured only in test mode), native dialogs and the system browser stubbed in the main
 * process, waits on app state rather than sleeps. Skipped where the Electron binary could not
 * be installed (npm drops the optional dependency when its download fails, e.g. on CI).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { buildAgnoDb } from '../server/testing/agno-builder.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `require('electron')` is the binary's path, and throws when the package or its download is missing. */
function electronBinary(): string | null {
  try {
    const binary = createRequire(path.join(root, 'package.json'))('electron') as unknown;
    return typeof binary === 'string' && fs.existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

const executablePath = electronBinary();
const nativeBuilt = fs.existsSync(path.join(root, '.electron-native', 'better_sqlite3.node'));
const built = fs.existsSync(path.join(root, 'dist', 'electron', 'main.js')) && fs.existsSync(path.join(root, 'dist', 'renderer', 'index.html'));

// Menu item ids (electron/menu.ts MENU_IDS), repeated so this spec stays self-contained.
const ATTACH_DATABASE = 'file.attach-database';
const API_DOCS = 'help.api-docs';

interface Launched {
  app: ElectronApplication;
  page: Page;
  dataDir: string;
  baseUrl: string;
}

async function launch(): Promise<Launched> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-e2e-electron-'));
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'ELECTRON_RUN_AS_NODE') env[k] = v;
  const app = await electron.launch({
    executablePath: executablePath!,
    args: [root],
    cwd: root,
    env: { ...env, RUNDESK_TEST_MODE: '1', RUNDESK_E2E_DATA_DIR: dataDir },
  });
  const page = await app.firstWindow();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/ui\//);
  return { app, page, dataDir, baseUrl: new URL(page.url()).origin };
}

// The list reporter shows skipped tests without their reason; say it once, plainly, in the log.
const skipReason = !executablePath
  ? 'Electron binary not installed (npm could not download it)'
  : !nativeBuilt
    ? 'better-sqlite3 has not been built for Electron'
    : !built
      ? 'the app is not built'
      : null;
if (skipReason && process.env.TEST_WORKER_INDEX === undefined) {
  process.stdout.write(`SKIPPED: the Electron end-to-end tests (e2e/electron.spec.ts): ${skipReason}.\n`);
}

test.describe('desktop app (Electron)', () => {
  test.skip(!executablePath, 'Electron binary not installed (npm could not download it) — skipping the Electron end-to-end test');
  test.skip(!nativeBuilt, 'better-sqlite3 has not been built for Electron — run `node scripts/electron-native.mjs`');
  test.skip(!built, 'the app is not built — run `npm run build`');

  let launched: Launched | undefined;
  test.afterEach(async () => {
    if (!launched) return;
    await launched.app.close().catch(() => undefined);
    fs.rmSync(launched.dataDir, { recursive: true, force: true });
    launched = undefined;
  });

  test('When the app starts, Then the window shows the runs page, signed in without a token in the URL, locked down', async () => {
    launched = await launch();
    const { app, page, dataDir, baseUrl } = launched;

    await expect(page.locator('body')).toHaveAttribute('data-app-state', 'loaded');
    await expect(page).toHaveURL(/\/ui\/sessions/);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Runs' })).toBeVisible();
    expect(page.url()).not.toContain('token=');

    // The server's data lives in the test's data dir, and the title names the actual URL.
    expect(fs.existsSync(path.join(dataDir, 'rundesk.db'))).toBe(true);
    const title = await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.getTitle());
    expect(title).toBe(`rundesk — ${baseUrl}`);

    // Renderer: no Node, the typed bridge only.
    expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    expect(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');
    expect(await page.evaluate(() => Object.keys((globalThis as { rundesk?: object }).rundesk ?? {}).sort())).toEqual([
      'chooseFile',
      'isDesktop',
      'onDatabasesChanged',
      'onKeysChanged',
    ]);
    // getLastWebPreferences is missing from some Electron releases' typings (40.x), though the
    // method exists at run time there; read it untyped and require it, so a release without it fails here.
    const prefs = await app.evaluate(({ BrowserWindow }) => {
      const contents = BrowserWindow.getAllWindows()[0]?.webContents as unknown as { getLastWebPreferences?: () => unknown } | undefined;
      return contents?.getLastWebPreferences?.() ?? 'getLastWebPreferences is not available';
    });
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webviewTag: false });
  });

  test('When a database is attached from the File menu, Then the server has it and the Databases page updates', async () => {
    launched = await launch();
    const { app, page, dataDir } = launched;
    const dbFile = path.join(dataDir, 'agents-e2e.db');
    buildAgnoDb(dbFile, [{ session_id: 'e2e-session', session_type: 'agent', agent_id: 'e2e-agent', runs: null, created_at: 1_700_000_000 }]);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Databases' }).click();
    await expect(page.getByTestId('databases-page')).toBeVisible();

    await app.evaluate(({ dialog }, file) => {
      dialog.showOpenDialog = (async () => ({ canceled: false, filePaths: [file] })) as unknown as typeof dialog.showOpenDialog;
    }, dbFile);
    await app.evaluate(({ Menu }, id) => Menu.getApplicationMenu()?.getMenuItemById(id)?.click(), ATTACH_DATABASE);

    // The page was told (main:databases-changed) and re-read the list.
    await expect(page.getByTestId('databases-table')).toContainText('agents-e2e');
    // Same-origin fetch carries the desk cookie main set.
    const listed = (await page.evaluate(async () => (await fetch('/desk/databases')).json())) as { databases: { path: string }[] };
    expect(listed.databases.some((db) => db.path.endsWith('agents-e2e.db'))).toBe(true);
  });

  test("When Browse… is used on the Databases page, Then the native dialog's path fills the form", async () => {
    launched = await launch();
    const { app, page, dataDir } = launched;
    const dbFile = path.join(dataDir, 'picked.db');
    await app.evaluate(({ dialog }, file) => {
      dialog.showOpenDialog = (async () => ({ canceled: false, filePaths: [file] })) as unknown as typeof dialog.showOpenDialog;
    }, dbFile);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Databases' }).click();
    await page.getByTestId('attach-browse').click();
    await expect(page.getByTestId('attach-path')).toHaveValue(dbFile);
  });

  test('When Help › API docs is chosen, Then the docs open in the system browser, not in the window', async () => {
    launched = await launch();
    const { app, page, baseUrl } = launched;
    await app.evaluate(({ shell }) => {
      const opened: string[] = [];
      (globalThis as unknown as { opened: string[] }).opened = opened;
      shell.openExternal = (async (url: string) => {
        opened.push(url);
      }) as unknown as typeof shell.openExternal;
    });
    await app.evaluate(({ Menu }, id) => Menu.getApplicationMenu()?.getMenuItemById(id)?.click(), API_DOCS);
    await expect.poll(() => app.evaluate(() => (globalThis as unknown as { opened: string[] }).opened)).toEqual([`${baseUrl}/docs`]);

    // A link to another site is denied in the window and handed to the browser too.
    await page.evaluate(() => {
      (globalThis as unknown as { location: { href: string } }).location.href = 'https://example.com/elsewhere';
    });
    await expect.poll(() => app.evaluate(() => (globalThis as unknown as { opened: string[] }).opened)).toContain('https://example.com/elsewhere');
    expect(new URL(page.url()).origin).toBe(baseUrl);
  });

  test('When the app quits, Then the server stops and the window size is remembered', async () => {
    launched = await launch();
    const { app, dataDir, baseUrl } = launched;
    await app.close();
    await expect(fetch(`${baseUrl}/health`)).rejects.toThrow();
    const state = JSON.parse(fs.readFileSync(path.join(dataDir, 'window-state.json'), 'utf8')) as Record<string, unknown>;
    expect(state).toMatchObject({ width: expect.any(Number), height: expect.any(Number), maximized: expect.any(Boolean) });
  });
});
