import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { startServer, type RunningServer, type StartServerOptions } from '../server.js';
import type { SettingsInput } from '../settings/schema.js';

/**
 * A real server on an ephemeral port with a temp data dir, trusting a freshly generated RS256
 * key, for HTTP integration tests. `token()` signs real JWTs with that key.
 */
/** `Response` whose `json()` is loosely typed: tests assert on the shape they read. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TestResponse = Omit<Response, 'json'> & { json(): Promise<any> };

export interface TestServer {
  server: RunningServer;
  baseUrl: string;
  dir: string;
  settingsPath: string;
  token(claims?: { sub?: string | null; scopes?: string[]; aud?: string; exp?: number } & Record<string, unknown>): Promise<string>;
  get(pathAndQuery: string, token?: string | null, headers?: Record<string, string>): Promise<TestResponse>;
  post(pathAndQuery: string, body: unknown, token?: string | null): Promise<TestResponse>;
  stop(): Promise<void>;
}

export async function startTestServer(
  settings: SettingsInput = {},
  opts: { useConfigFile?: boolean; env?: NodeJS.ProcessEnv; onQuickPath?: StartServerOptions['onQuickPath'] } = {},
): Promise<TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-http-'));
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const full: SettingsInput = {
    ...settings,
    auth: { verification_keys: [await exportSPKI(publicKey)], algorithm: 'RS256', ...settings.auth },
  };
  const dataDir = path.join(dir, 'data');
  const settingsPath = opts.useConfigFile ? path.join(dir, 'config.json') : path.join(dataDir, 'settings.json');
  fs.mkdirSync(path.dirname(settingsPath), { recursive: true });
  fs.writeFileSync(settingsPath, JSON.stringify(full, null, 2));
  const server = await startServer({
    dataDir,
    configPath: opts.useConfigFile ? settingsPath : undefined,
    port: 0,
    log: false,
    env: opts.env ?? {},
    onQuickPath: opts.onQuickPath,
  });
  return {
    server,
    baseUrl: server.baseUrl,
    dir,
    settingsPath,
    token: (claims = {}) => signTestToken(privateKey, claims),
    get: (p, token, headers = {}) =>
      fetch(`${server.baseUrl}${p}`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } }),
    post: (p, body, token) =>
      fetch(`${server.baseUrl}${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    async stop() {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function signTestToken(
  key: CryptoKey,
  claims: { sub?: string | null; scopes?: string[]; exp?: number } & Record<string, unknown> = {},
): Promise<string> {
  const { sub = 'tester', scopes = ['platform:admin'], exp, ...rest } = claims;
  const jwt = new SignJWT({ scopes, ...rest }).setProtectedHeader({ alg: 'RS256', typ: 'at+jwt' }).setIssuedAt();
  if (sub !== null) jwt.setSubject(sub);
  jwt.setExpirationTime(exp ?? Math.floor(Date.now() / 1000) + 3600);
  return jwt.sign(key);
}
