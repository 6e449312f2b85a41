import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/server.js';

/** A first-run install: local keys, settings whose `auth.jwks_file` is `keys/trusted.jwks.json`. */
async function start(dataDir: string): Promise<RunningServer> {
  return startServer({ dataDir, port: 0, log: false, env: {} });
}

function deskCall(s: RunningServer, method: string, p: string, body?: unknown) {
  return fetch(`${s.baseUrl}${p}`, {
    method,
    headers: { 'x-desk-token': s.deskToken, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}

const sessions = (s: RunningServer, token: string) => fetch(`${s.baseUrl}/sessions`, { headers: { authorization: `Bearer ${token}` } });

describe('Given a first-run install whose only RS256 key is revoked in the desk', () => {
  let dir: string;
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function setUp() {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-revoke-'));
    server = await start(dir);
    const keys = (await (await deskCall(server, 'GET', '/desk/keys')).json()) as { keys: { kid: string; alg: string; trusted: boolean }[] };
    const rs = keys.keys.filter((k) => k.alg === 'RS256');
    expect(rs).toHaveLength(1);
    const minted = await deskCall(server, 'POST', '/desk/tokens', {});
    expect(minted.status).toBe(200);
    const token = ((await minted.json()) as { token: string }).token;
    expect((await sessions(server, token)).status).toBe(200);
    return { kid: (rs[0] as { kid: string }).kid, token, s: server };
  }

  it('When it is untrusted, then the desk warns first, and once confirmed every token it signed is refused, also after a restart', async () => {
    const { kid, token, s } = await setUp();
    const warned = await deskCall(s, 'PATCH', `/desk/keys/${kid}`, { trusted: false });
    expect(warned.status).toBe(409);
    const warning = (await warned.json()) as { error_code: string; detail: string };
    expect(warning.error_code).toBe('LAST_TRUSTED_KEY');
    expect(warning.detail).toContain(kid);
    expect((await sessions(s, token)).status).toBe(200);

    expect((await deskCall(s, 'PATCH', `/desk/keys/${kid}`, { trusted: false, confirm: true })).status).toBe(200);
    // The auth layer looks at the file at most once a second.
    await expect.poll(async () => (await sessions(s, token)).status, { timeout: 5_000, interval: 100 }).toBe(401);
    const status = (await (await deskCall(s, 'GET', '/desk/settings')).json()) as { auth_status: { jwks_file: { key_count: number; last_error: string | null } } };
    expect(status.auth_status.jwks_file).toMatchObject({ key_count: 0, last_error: null });

    await s.stop();
    server = await start(dir);
    expect((await sessions(server, token)).status).toBe(401);
  });

  it('When it is deleted, then the desk warns first, and once confirmed every token it signed is refused', async () => {
    const { kid, token, s } = await setUp();
    const warned = await deskCall(s, 'DELETE', `/desk/keys/${kid}`);
    expect(warned.status).toBe(409);
    expect(((await warned.json()) as { error_code: string }).error_code).toBe('LAST_TRUSTED_KEY');
    expect((await deskCall(s, 'DELETE', `/desk/keys/${kid}?confirm=true`)).status).toBe(200);
    await expect.poll(async () => (await sessions(s, token)).status, { timeout: 5_000, interval: 100 }).toBe(401);
  });

  it('When another RS256 key is trusted, then untrusting one needs no confirmation', async () => {
    const { kid, s } = await setUp();
    expect((await deskCall(s, 'POST', '/desk/keys', { alg: 'RS256' })).status).toBe(201);
    expect((await deskCall(s, 'PATCH', `/desk/keys/${kid}`, { trusted: false })).status).toBe(200);
  });
});
