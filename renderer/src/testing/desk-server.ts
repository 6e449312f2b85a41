/// <reference types="node" />
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll } from 'vitest';
import type { SettingsInput } from '../../../server/settings/schema';

/**
 * A real rundesk server for component tests (`serve-for-tests.ts`, in a child process), and the
 * browser's side of talking to it.
 *
 * In the app, the page is served by the server: relative URLs reach it and the desk cookie
 * (set by the login URL) rides along. jsdom has neither, so `fetch` is wrapped to resolve
 * relative URLs against the server and to present the desk credential as its header. Nothing
 * of the renderer is replaced: its client, queries and components run as they are.
 */
export interface DeskTestServer {
  baseUrl: string;
  /** The server's data folder (attach files from here; the settings file is in it). */
  dataDir: string;
  /** Calls a desk route as the UI would (JSON in and out); throws on a non-2xx answer. */
  desk<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** A token minted by the server's own key store (`POST /desk/tokens`). */
  mint(claims: { sub: string; scopes: string[] }): Promise<string>;
  /** Stops the server (nothing listens on its port) until `up()`. */
  down(): Promise<void>;
  /** Starts it again on the same port and data folder, as a restart does. */
  up(): Promise<void>;
  stop(): Promise<void>;
}

// Under jsdom, import.meta.url is not a file URL; Vitest runs from the repository root.
const SCRIPT = path.resolve('renderer/src/testing/serve-for-tests.ts');

export async function startDeskServer(settings: SettingsInput = {}): Promise<DeskTestServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, JSON.stringify(settings)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the test server exited (${code}) before it started`)));
  });
  const { baseUrl, deskToken, dataDir } = JSON.parse(first) as { baseUrl: string; deskToken: string; dataDir: string };
  const nodeFetch = globalThis.fetch;

  globalThis.fetch = (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? new URL(input, baseUrl) : input instanceof URL ? input : new URL(input.url, baseUrl);
    const headers = new Headers(init.headers);
    headers.set('x-desk-token', deskToken);
    return nodeFetch(url, { ...init, headers });
  };

  const desk = async <T,>(method: string, route: string, body?: unknown): Promise<T> => {
    const res = await nodeFetch(`${baseUrl}${route}`, {
      method,
      headers: { 'x-desk-token': deskToken, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${route} → ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };

  const command = (word: 'down' | 'up') =>
    new Promise<void>((resolve) => {
      const onLine = (line: string) => {
        if (line !== word) return;
        lines.off('line', onLine);
        resolve();
      };
      lines.on('line', onLine);
      child.stdin.write(`${word}\n`);
    });

  return {
    baseUrl,
    dataDir,
    desk,
    down: () => command('down'),
    up: () => command('up'),
    mint: async (claims) => (await desk<{ token: string }>('POST', '/desk/tokens', claims)).token,
    async stop() {
      globalThis.fetch = nodeFetch;
      child.stdin.end();
      await exited;
    },
  };
}

/**
 * One server for a test file: started before its tests (then `prepare` seeds it), stopped after.
 *
 * @example
 * const server = useDeskServer({ auth: { authorization: true } });
 * it('…', async () => { await server().desk('POST', '/desk/sample-data'); });
 */
export function useDeskServer(settings: SettingsInput = {}, prepare?: (server: DeskTestServer) => Promise<void>): () => DeskTestServer {
  let server: DeskTestServer | undefined;
  beforeAll(async () => {
    server = await startDeskServer(settings);
    await prepare?.(server);
  });
  afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error('the desk server is not started yet (use it inside a test)');
    return server;
  };
}
