/**
 * A real rundesk server per test: `node dist/server/cli/main.js serve --data-dir <fresh temp dir>
 * --port 0`, its UI login URL read from stdout, stopped and its data dir removed afterwards
 * (`readOnlyServer` shares one between the tests of a file that only read).
 * Plus small HTTP helpers for the workbench (`/desk`, with the desk token) and the platform API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ARTIFACTS = path.join(root, 'e2e', 'artifacts');
const CLI = path.join(root, 'dist', 'server', 'cli', 'main.js');
const LOGIN_URL = /https?:\/\/\S+\/ui\/\?token=\S+/;

export interface RundeskServer {
  baseUrl: string;
  loginUrl: string;
  deskToken: string;
  dataDir: string;
  /** Calls the workbench API with the desk token. Throws on a non-2xx answer. */
  desk<T = unknown>(method: string, urlPath: string, body?: unknown): Promise<T>;
  /** Mints a token through `POST /desk/tokens`. */
  mint(claims: { sub: string; scopes: string[]; ttl?: number }): Promise<string>;
  /** Calls the platform API with a bearer token; returns status and parsed body. */
  api(method: string, urlPath: string, token: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  /** Switches scope checking on (`auth.authorization: true`) through `PUT /desk/settings`. */
  enableAuthorization(): Promise<void>;
}

/**
 * Starts a server on a fresh data dir; `args(dataDir)` returns more arguments for `serve` (e.g.
 * `['--config', file]`, having written `file` into the data dir).
 */
export async function startServer(options: { args?: (dataDir: string) => string[] } = {}): Promise<{ server: RundeskServer; stop: () => Promise<void> }> {
  if (!fs.existsSync(CLI)) throw new Error(`${CLI} is missing — run \`npm run build\` first`);
  if (!fs.existsSync(path.join(root, 'dist', 'renderer', 'index.html'))) throw new Error('dist/renderer is missing — run `npm run build:ui`');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [CLI, 'serve', '--data-dir', dataDir, '--port', '0', ...(options.args?.(dataDir) ?? [])], {
    cwd: root,
    env: { ...process.env, RUNDESK_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
    if (stderr.length > 20_000) stderr = stderr.slice(-20_000);
  });

  const loginUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`rundesk serve printed no login URL within 30 s.\nstdout: ${out}\nstderr: ${stderr}`)), 30_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = LOGIN_URL.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[0]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`rundesk serve exited with ${code}.\nstdout: ${out}\nstderr: ${stderr}`));
    });
  });

  const url = new URL(loginUrl);
  const baseUrl = url.origin;
  const deskToken = url.searchParams.get('token') ?? '';

  const desk = async <T,>(method: string, urlPath: string, body?: unknown): Promise<T> => {
    const res = await fetch(baseUrl + urlPath, {
      method,
      headers: { 'X-Desk-Token': deskToken, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${urlPath} → ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };

  const server: RundeskServer = {
    baseUrl,
    loginUrl,
    deskToken,
    dataDir,
    desk,
    async mint(claims) {
      const res = await desk<{ token: string }>('POST', '/desk/tokens', { ttl: 3600, ...claims });
      return res.token;
    },
    async api(method, urlPath, token, body) {
      const res = await fetch(baseUrl + urlPath, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
    },
    async enableAuthorization() {
      const current = await desk<{ file_settings: { auth?: Record<string, unknown> } & Record<string, unknown> }>('GET', '/desk/settings');
      const next = { ...current.file_settings, auth: { ...(current.file_settings.auth ?? {}), authorization: true } };
      await desk('PUT', '/desk/settings', next);
    },
  };

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 10_000));
      if ((await Promise.race([exited, timeout])) === 'timeout') child.kill('SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { server, stop };
}

export const test = base.extend<{ server: RundeskServer }>({
  // A fresh server and data dir per test: tests change settings and data, so none share state.
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, use) => {
    const { server, stop } = await startServer();
    try {
      await use(server);
    } finally {
      await stop();
    }
  },
});

export { expect };

/**
 * One server for all the tests of the calling file (or `describe`), started before the first
 * with `seed` run once on it, stopped after the last: `const server = readOnlyServer(seed)`, then
 * `server()` in each test. Only for tests that read what `seed` wrote — none may change settings
 * or data — so the order they run in cannot matter. Each test still has its own page (a fresh
 * browser context: no cookie, storage or cache from the one before). Starting a server and
 * seeding it took a second or two of each such test, most of it CPU.
 */
export function readOnlyServer(seed?: (server: RundeskServer) => Promise<void>): () => RundeskServer {
  let started: Awaited<ReturnType<typeof startServer>> | undefined;
  test.beforeAll(async () => {
    started = await startServer();
    await seed?.(started.server);
  });
  test.afterAll(async () => {
    await started?.stop();
    started = undefined;
  });
  return () => {
    if (!started) throw new Error('readOnlyServer: the server is only there inside a test');
    return started.server;
  };
}

/** Saves a screenshot of `page` to e2e/artifacts/screenshots/<name>.png, pointer parked off the content. */
export async function screenshot(page: import('@playwright/test').Page, name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.screenshot({ path: artifactPath('screenshots', `${name}.png`) });
}

/**
 * Where a screenshot shown in docs/ is written: e2e/artifacts/docs-screenshots/<name> on a test
 * run, so `npm test` leaves the checkout as it found it; docs/screenshots/<name> itself when
 * RUNDESK_DOC_SCREENSHOTS=1 (to refresh the manual's pictures after a UI change).
 */
export function docsScreenshotPath(name: string): string {
  if (process.env.RUNDESK_DOC_SCREENSHOTS === '1') return path.join(root, 'docs', 'screenshots', name);
  return artifactPath('docs-screenshots', name);
}

/** Where screenshots and measurements are written (created on demand). */
export function artifactPath(...parts: string[]): string {
  const p = path.join(ARTIFACTS, ...parts);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  return p;
}
