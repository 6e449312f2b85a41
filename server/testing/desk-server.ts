import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../server.js';
import type { SettingsInput } from '../settings/schema.js';

/**
 * Test helper for the desk: a real server (first-run settings, local keys, desk token) on an
 * ephemeral port. Not used by production code.
 */

export interface DeskAnswer<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface DeskTestServer {
  server: RunningServer;
  baseUrl: string;
  dataDir: string;
  root: string;
  /** A desk request with the desk token (override headers to test the guard). */
  desk<T = any>(method: string, p: string, body?: unknown, headers?: Record<string, string>): Promise<DeskAnswer<T>>;
  /** A platform request with a bearer token. */
  call(p: string, token: string | null, init?: { method?: string; body?: unknown }): Promise<DeskAnswer>;
  stop(): Promise<void>;
}

async function answer(res: Response): Promise<DeskAnswer> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (PEM, HTML)
  }
  return { status: res.status, body, text, headers: res.headers };
}

/**
 * Starts a real server on port 0 in a fresh data dir. With `config`, the settings come from
 * a `--config` file holding it (read-only settings); otherwise first-run settings are used.
 */
export async function startDeskServer(opts: { config?: SettingsInput } = {}): Promise<DeskTestServer> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-desk-http-'));
  const dataDir = path.join(root, 'data');
  let configPath: string | undefined;
  if (opts.config) {
    configPath = path.join(root, 'config.json');
    fs.writeFileSync(configPath, JSON.stringify(opts.config, null, 2));
  }
  const server = await startServer({ dataDir, configPath, port: 0, log: false, env: {} });
  const baseUrl = server.baseUrl;
  return {
    server,
    baseUrl,
    dataDir,
    root,
    async desk(method, p, body, headers = {}) {
      const res = await fetch(`${baseUrl}${p}`, {
        method,
        headers: {
          'x-desk-token': server.deskToken,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
        redirect: 'manual',
      });
      return answer(res);
    },
    async call(p, token, init = {}) {
      const res = await fetch(`${baseUrl}${p}`, {
        method: init.method ?? 'GET',
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      return answer(res);
    },
    async stop() {
      await server.stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
