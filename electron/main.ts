/**
 * The Electron main process: one instance, the server in-process, one locked-down window.
 * Everything with logic lives in the small pure modules next to this file; this is the wiring.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../server/server.js';
import type { RunningServer } from '../server/server-types.js';
import { resolveDataDir, resolveNativeBinding, testDataDir, windowTitle } from './app-paths.js';
import { removeServerMarker, writeServerMarker } from '../server/cli/server-marker.js';
import { IPC_CHANNELS, type ChooseFileOptions } from './bridge-types.js';
import { createDeskClient } from './desk-client.js';
import { deskCookie } from './desk-cookie.js';
import type { BrowserWindow, ElectronMain } from './electron-api.js';
import { handleChooseFile } from './ipc-handlers.js';
import { chosenPath } from './ipc-validate.js';
import { buildMenuTemplate } from './menu.js';
import { createMenuActions } from './menu-actions.js';
import { installNavigationGuard } from './navigation.js';
import { isPermissionAllowed, withCsp } from './security.js';
import { createShutdown } from './shutdown.js';
import { browserWindowOptions } from './window-options.js';
import { clampToDisplays, loadWindowState, saveWindowState, WINDOW_STATE_FILE } from './window-state.js';

// `electron` is resolved by the Electron runtime itself; its typings may be absent (see electron-api.ts).
const { app, BrowserWindow, Menu, dialog, ipcMain, screen, session, shell } = createRequire(import.meta.url)('electron') as ElectronMain;
const here = path.dirname(fileURLToPath(import.meta.url));

const dataDir = resolveDataDir({ isPackaged: app.isPackaged, env: process.env });
// A test data dir also gets its own Chromium profile and single-instance lock.
if (testDataDir({ isPackaged: app.isPackaged, env: process.env }) !== null) app.setPath('userData', dataDir);

let mainWindow: BrowserWindow | null = null;
let server: RunningServer | null = null;
let starting: Promise<RunningServer | null> = Promise.resolve(null);

const shutdown = createShutdown({
  stop: async () => {
    const running = server ?? (await starting.catch(() => null));
    removeServerMarker(dataDir);
    await running?.stop();
  },
  quit: () => app.quit(),
  log: (message) => console.error(message),
});

/** Startup failure: say why, close whatever started, exit non-zero. */
async function fail(title: string, message: string): Promise<void> {
  console.error(`rundesk: ${title}: ${message}`);
  dialog.showErrorBox(title, message);
  await server?.stop().catch(() => undefined);
  app.exit(1);
}

function focusWindow(): void {
  if (!mainWindow || mainWindow.isDestroyed()) {
    if (server) mainWindow = createWindow(server);
    return;
  }
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

/** The File menu's dialogs (our own options, so no validation round-trip). */
async function chooseFile(options: ChooseFileOptions): Promise<string | null> {
  if (!mainWindow) return null;
  const result = await dialog.showOpenDialog(mainWindow, { ...options, properties: ['openFile'] });
  return chosenPath(result, path.isAbsolute);
}

function workAreas(): { x: number; y: number; width: number; height: number }[] {
  const primary = screen.getPrimaryDisplay().workArea;
  const same = (a: typeof primary) => a.x === primary.x && a.y === primary.y && a.width === primary.width && a.height === primary.height;
  const others = screen.getAllDisplays().map((d) => d.workArea).filter((a) => !same(a));
  return [primary, ...others];
}

function createWindow(running: RunningServer): BrowserWindow {
  const origin = new URL(running.baseUrl).origin;
  const stateFile = path.join(app.getPath('userData'), WINDOW_STATE_FILE);
  const state = clampToDisplays(loadWindowState(stateFile, (f) => fs.readFileSync(f, 'utf8')), workAreas());
  const win = new BrowserWindow(
    browserWindowOptions({ state, preloadPath: path.join(here, 'preload.cjs'), title: windowTitle(running.baseUrl) }),
  );
  if (state.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());
  // Keep the title showing the server URL (the page would replace it with its own).
  win.on('page-title-updated', (event) => event.preventDefault());
  win.on('close', () => saveWindowState(stateFile, { ...win.getNormalBounds(), maximized: win.isMaximized() }, fs));
  win.on('closed', () => {
    if (mainWindow === win) mainWindow = null;
  });
  installNavigationGuard(win.webContents, {
    uiOrigin: origin,
    openExternal: (url) => shell.openExternal(url),
    loadInternal: (url) => void win.loadURL(url),
  });
  void win.loadURL(`${running.baseUrl}/ui/`);
  return win;
}

async function configureSession(running: RunningServer): Promise<void> {
  const origin = new URL(running.baseUrl).origin;
  const ses = session.defaultSession;
  ses.webRequest.onHeadersReceived((details, callback) => callback({ responseHeaders: withCsp(details.responseHeaders) }));
  ses.setPermissionRequestHandler((_wc, permission, callback, details) => callback(isPermissionAllowed(permission, details.requestingUrl, origin)));
  ses.setPermissionCheckHandler((_wc, permission, requestingOrigin) => isPermissionAllowed(permission, `${requestingOrigin}/`, origin));
  // The desk credential as an HttpOnly cookie, set by main: no token in any URL.
  await ses.cookies.set(deskCookie(running.baseUrl, running.deskToken));
}

function installMenu(running: RunningServer): void {
  const actions = createMenuActions({
    baseUrl: running.baseUrl,
    dataDir,
    desk: createDeskClient({ baseUrl: running.baseUrl, deskToken: running.deskToken, fetch: (url, init) => fetch(url, init) }),
    chooseFile,
    push: (channel) => mainWindow?.webContents.send(channel),
    showError: (title, detail) => {
      if (mainWindow) void dialog.showMessageBox(mainWindow, { type: 'error', title, message: title, detail });
      else dialog.showErrorBox(title, detail);
    },
    showAbout: () => {
      if (!mainWindow) return;
      void dialog.showMessageBox(mainWindow, {
        type: 'info',
        title: 'About rundesk',
        message: `rundesk ${app.getVersion()}`,
        detail: `Server: ${running.baseUrl}\nData folder: ${dataDir}\nElectron ${process.versions.electron ?? '?'} · Node ${process.versions.node}`,
      });
    },
    openPath: (dir) => shell.openPath(dir),
    openExternal: (url) => shell.openExternal(url),
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(buildMenuTemplate({ platform: process.platform, appName: 'rundesk', actions })));
}

function installIpc(running: RunningServer): void {
  const uiOrigin = new URL(running.baseUrl).origin;
  ipcMain.handle(IPC_CHANNELS.chooseFile, async (event, options) => {
    const win = mainWindow;
    return handleChooseFile({ frameUrl: event.senderFrame?.url, options, uiOrigin }, (opts) =>
      win ? dialog.showOpenDialog(win, opts) : Promise.resolve({ canceled: true, filePaths: [] }),
    );
  });
}

async function main(): Promise<void> {
  app.on('before-quit', (event) => shutdown.onBeforeQuit(event));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());
  app.on('second-instance', focusWindow);
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', focusWindow);

  await app.whenReady();
  const native = resolveNativeBinding({ isPackaged: app.isPackaged, appPath: app.getAppPath(), exists: fs.existsSync });
  if (native.kind === 'missing') return fail('rundesk cannot start', native.message);

  const pending = startServer({ dataDir, portFallback: true, nativeBinding: native.kind === 'dev' ? native.path : undefined });
  starting = pending;
  let running: RunningServer;
  try {
    running = await pending;
  } catch (err) {
    return fail('rundesk could not start its server', err instanceof Error ? err.message : String(err));
  }
  server = running;
  for (const warning of running.warnings) console.warn(`rundesk: ${warning}`);
  console.log(`rundesk: serving ${running.baseUrl} (data folder ${dataDir})`);
  // As `rundesk serve` does: the CLI (`attach`, `wait`, `mint`'s curl line) finds this server.
  try {
    writeServerMarker(dataDir, { url: running.baseUrl, pid: process.pid });
  } catch (err) {
    console.warn(`rundesk: could not write the server marker: ${err instanceof Error ? err.message : String(err)}`);
  }

  await configureSession(running);
  installIpc(running);
  installMenu(running);
  mainWindow = createWindow(running);
}

if (!app.requestSingleInstanceLock()) {
  // Another rundesk is running: it gets a `second-instance` event and focuses its window.
  app.quit();
} else {
  main().catch((err: unknown) => void fail('rundesk failed to start', err instanceof Error ? (err.stack ?? err.message) : String(err)));
}
