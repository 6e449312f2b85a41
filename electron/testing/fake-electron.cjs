/**
 * A stand-in for the `electron` module so electron/main.ts can run under plain Node (where the
 * Electron binary cannot be installed). It records what main does and, once the window loads,
 * drives a scenario through the real server: cookie, CSP, IPC, File menu, navigation, quit.
 * Each finding is printed as one `FAKE_ELECTRON <json>` line; main.smoke.test.ts reads them.
 *
 * Env: FAKE_APP_PATH (app.getAppPath()), FAKE_USER_DATA, FAKE_DIALOG_FILE (what dialogs return).
 */
'use strict';
const { EventEmitter } = require('node:events');

const report = (kind, data) => process.stdout.write(`FAKE_ELECTRON ${JSON.stringify({ kind, data })}\n`);
const appEvents = new EventEmitter();
let userData = process.env.FAKE_USER_DATA;
let finished = false;

function finish(code) {
  if (finished) return;
  finished = true;
  report('exit', { code });
  setImmediate(() => process.exit(code));
}

const app = {
  isPackaged: false,
  getPath: () => userData,
  setPath: (_name, value) => {
    userData = value;
  },
  getAppPath: () => process.env.FAKE_APP_PATH,
  getVersion: () => '0.0.0-test',
  requestSingleInstanceLock: () => true,
  whenReady: () => Promise.resolve(),
  on: (event, listener) => appEvents.on(event, listener),
  quit: () => {
    const event = { prevented: false, preventDefault() { this.prevented = true; } };
    appEvents.emit('before-quit', event);
    report('before-quit', { prevented: event.prevented });
    if (!event.prevented) finish(0);
  },
  exit: (code) => finish(code ?? 0),
};

const sent = [];
const opened = [];
const dialogCalls = [];
const messageBoxes = [];
const ipcHandlers = new Map();
let menuTemplate = null;
let headersListener = null;
let permissionRequest = null;
const cookies = [];

const session = {
  defaultSession: {
    cookies: { set: async (details) => void cookies.push(details) },
    webRequest: { onHeadersReceived: (listener) => void (headersListener = listener) },
    setPermissionRequestHandler: (handler) => void (permissionRequest = handler),
    setPermissionCheckHandler: () => undefined,
  },
};

class WebContents extends EventEmitter {
  constructor() {
    super();
    this.windowOpenHandler = null;
    this.session = session.defaultSession;
  }
  send(channel, ...args) {
    sent.push({ channel, args });
  }
  setWindowOpenHandler(handler) {
    this.windowOpenHandler = handler;
  }
}

class BrowserWindow extends EventEmitter {
  static windows = [];
  static getAllWindows() {
    return BrowserWindow.windows;
  }
  constructor(options) {
    super();
    this.options = options;
    this.webContents = new WebContents();
    BrowserWindow.windows.push(this);
    report('window', { options });
  }
  loadURL(url) {
    report('loadURL', { url });
    if (!this.scenarioStarted) {
      this.scenarioStarted = true;
      setImmediate(() => scenario(this, url).catch((err) => {
        report('scenario-error', { message: String(err && err.stack || err) });
        finish(1);
      }));
    }
    return Promise.resolve();
  }
  show() {}
  focus() {}
  restore() {}
  maximize() {}
  isMinimized() { return false; }
  isMaximized() { return false; }
  isDestroyed() { return false; }
  getNormalBounds() { return { x: 10, y: 20, width: 1111, height: 777 }; }
  setTitle() {}
  once(event, listener) { return super.once(event, listener); }
}

const dialog = {
  showOpenDialog: async (_win, options) => {
    dialogCalls.push(options);
    return { canceled: false, filePaths: [process.env.FAKE_DIALOG_FILE] };
  },
  showErrorBox: (title, content) => report('error-box', { title, content }),
  showMessageBox: async (_win, options) => {
    messageBoxes.push(options);
    return { response: 0 };
  },
};

const Menu = {
  buildFromTemplate: (template) => {
    menuTemplate = template;
    return { template };
  },
  setApplicationMenu: () => undefined,
};

const ipcMain = { handle: (channel, listener) => void ipcHandlers.set(channel, listener) };
const screen = {
  getPrimaryDisplay: () => ({ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }),
  getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
};
const shell = {
  openExternal: async (url) => void opened.push(url),
  openPath: async () => '',
};

function findItem(items, id) {
  for (const item of items || []) {
    if (item.id === id) return item;
    const inner = findItem(item.submenu, id);
    if (inner) return inner;
  }
  return null;
}

async function waitFor(predicate, what, timeoutMs = 5000) {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function scenario(win, url) {
  const origin = new URL(url).origin;
  report('title', { title: win.options.title });

  // The desk cookie main set is one the server accepts.
  const cookie = cookies[0];
  report('cookie', cookie);
  const withCookie = await fetch(`${origin}/ui/`, { redirect: 'manual', headers: { cookie: `${cookie.name}=${cookie.value}` } });
  const withoutCookie = await fetch(`${origin}/ui/`, { redirect: 'manual' });
  report('desk-auth', { withCookie: withCookie.status, withoutCookie: withoutCookie.status });

  // CSP added to responses.
  await new Promise((resolve) =>
    headersListener({ url, responseHeaders: { 'Content-Type': ['text/html'] } }, (response) => {
      report('csp', response.responseHeaders);
      resolve();
    }),
  );
  await new Promise((resolve) =>
    permissionRequest({}, 'media', (granted) => {
      report('permission', { media: granted });
      resolve();
    }, { requestingUrl: url }),
  );

  // IPC with hostile and valid input.
  const handler = ipcHandlers.get('dialog:choose-file');
  const fromEvil = await handler({ senderFrame: { url: 'https://evil.example/' } }, {});
  const hostile = await handler({ senderFrame: { url } }, { properties: ['openDirectory'] });
  const valid = await handler({ senderFrame: { url } }, { title: 'Pick', filters: [{ name: 'SQLite', extensions: ['db'] }] });
  report('ipc', { fromEvil, hostile, valid, dialogCalls: dialogCalls.length });

  // Navigation away is denied and sent to the browser.
  const nav = { url: 'https://example.com/x', prevented: false, preventDefault() { this.prevented = true; } };
  win.webContents.emit('will-navigate', nav, nav.url);
  report('navigate', { prevented: nav.prevented, opened: [...opened] });

  // File › Attach database… goes through the desk API and pushes to the window.
  findItem(menuTemplate, 'file.attach-database').click();
  await waitFor(() => sent.length > 0 || messageBoxes.length > 0, 'the attach outcome');
  const databases = await fetch(`${origin}/desk/databases`, { headers: { 'x-desk-token': cookie.value } }).then((r) => r.json()).catch(() => null);
  report('attach', { sent, messageBoxes, databases });

  // Help › API docs.
  findItem(menuTemplate, 'help.api-docs').click();
  await waitFor(() => opened.length > 1, 'openExternal for the docs');
  report('docs', { opened: [...opened] });

  // Quit: the window saves its state, before-quit stops the server, then the app quits.
  win.emit('close');
  report('quitting', { origin });
  app.quit();
}

module.exports = { app, BrowserWindow, Menu, dialog, ipcMain, screen, session, shell };
