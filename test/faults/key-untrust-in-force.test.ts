import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/server.js';

/**
 * The desk's answer means "in force": once `PATCH /desk/keys/{kid}` (or DELETE, or generating a
 * key) has answered, the very next request sees the change — on the run route's fast path and
 * on the Express routes alike, however warm the token and decision caches were.
 */
describe('Given a second trusted RS256 key and a token it signed, used until the caches are warm', () => {
  let dir: string;
  let s: RunningServer;
  let kid: string;
  let token: string;

  const desk = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(`${s.baseUrl}${p}`, {
      method,
      headers: { 'x-desk-token': s.deskToken, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const ROUTES = ['/sessions/demo-agent-weather/runs/demo-run-weather-1', '/sessions', '/agents'];
  const statuses = async () =>
    Promise.all(ROUTES.map(async (p) => (await fetch(`${s.baseUrl}${p}`, { headers: { authorization: `Bearer ${token}` } })).status));

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-untrust-'));
    s = await startServer({ dataDir: dir, port: 0, log: false, env: {} });
    expect((await desk('POST', '/desk/sample-data')).status).toBe(200);
    const generated = await desk('POST', '/desk/keys', { alg: 'RS256' });
    expect(generated.status).toBe(201);
    kid = generated.body.kid;
    token = (await desk('POST', '/desk/tokens', { key: kid, scopes: ['platform:admin'] })).body.token;
    // Generating the key answered 201 only once the key was trusted: no waiting here either.
    expect(await statuses()).toEqual([200, 200, 200]);
    for (let i = 0; i < 5; i++) expect(await statuses()).toEqual([200, 200, 200]);
  });
  afterAll(async () => {
    await s?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('When it is untrusted, Then the next request is refused; trusted again, the next is let through', async () => {
    expect((await desk('PATCH', `/desk/keys/${kid}`, { trusted: false })).status).toBe(200);
    expect(await statuses()).toEqual([401, 401, 401]);
    expect((await desk('PATCH', `/desk/keys/${kid}`, { trusted: true })).status).toBe(200);
    expect(await statuses()).toEqual([200, 200, 200]);
  });

  it('When it is deleted, Then the next request is refused', async () => {
    expect(await statuses()).toEqual([200, 200, 200]);
    expect((await desk('DELETE', `/desk/keys/${kid}`)).status).toBe(200);
    expect(await statuses()).toEqual([401, 401, 401]);
  });
});
