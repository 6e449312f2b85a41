import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from './fixtures.js';
import { AppShell } from './pages/app.js';
import { CorsPanelModel, SettingsPageModel } from './pages/workbench.js';

/**
 * A web app on another origin — the developer's own frontend on http://localhost:3000, the
 * platform chat UI's dev server — calls rundesk from the browser with a bearer token. Chromium
 * enforces CORS for real here: the preflight, the credentials, reading a 401's body.
 */

/** A blank page served on `host:port` (port 0: any free one). */
async function pageServer(host: string, port: number): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>a frontend</title><p>frontend</p>');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return { origin: `http://${host}:${actual}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test('a page on http://localhost:3000 reads a run with a bearer token and the body of a 401; an unlisted origin cannot', async ({ page, server }) => {
  const admin = await server.mint({ sub: 'dev', scopes: ['platform:admin'] });
  const run = { run_id: 'r1', agent_id: 'support', status: 'COMPLETED', created_at: 1_800_000_000, content: 'hello from rundesk' };
  expect((await server.api('POST', '/sessions/s1/runs', admin, run)).status).toBe(201);

  let frontend: { origin: string; close: () => Promise<void> };
  try {
    frontend = await pageServer('localhost', 3000);
  } catch {
    // Port 3000 is taken on this machine: list the origin we got instead, as a user would.
    frontend = await pageServer('localhost', 0);
    const current = await server.desk<{ file_settings: Record<string, unknown> }>('GET', '/desk/settings');
    await server.desk('PUT', '/desk/settings', { ...current.file_settings, cors_allowed_origins: [frontend.origin] });
    test.info().annotations.push({ type: 'note', description: `port 3000 was busy; used ${frontend.origin}, listed in cors_allowed_origins` });
  }
  const stranger = await pageServer('127.0.0.1', 0);
  try {
    await page.goto(`${frontend.origin}/`);
    const read = await page.evaluate(
      async ({ base, token }) => {
        const ok = await fetch(`${base}/sessions/s1/runs/r1`, { headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } });
        const denied = await fetch(`${base}/sessions/s1/runs/r1`, { headers: { Authorization: 'Bearer not-a-token' } });
        return {
          ok: { status: ok.status, body: (await ok.json()) as { content?: string } },
          denied: { status: denied.status, body: (await denied.json()) as { error_code?: string }, challenge: denied.headers.get('www-authenticate') },
        };
      },
      { base: server.baseUrl, token: admin },
    );
    expect(read.ok).toMatchObject({ status: 200, body: { content: 'hello from rundesk' } });
    expect(read.denied).toMatchObject({ status: 401, body: { error_code: 'UNAUTHENTICATED' } });
    expect(read.denied.challenge).toContain('Bearer');

    await page.goto(`${stranger.origin}/`);
    const blocked = await page.evaluate(async ({ base, token }) => {
      try {
        await fetch(`${base}/sessions/s1/runs/r1`, { headers: { Authorization: `Bearer ${token}` } });
        return 'read';
      } catch {
        return 'blocked';
      }
    }, { base: server.baseUrl, token: admin });
    expect(blocked).toBe('blocked');
  } finally {
    await frontend.close();
    await stranger.close();
  }
});

test('the settings page sets the allowed origins with the server\'s checks, and the new list is in force at once', async ({ page, server }) => {
  const settingsFile = path.join(server.dataDir, 'settings.json');
  const app = new AppShell(page);
  const settings = new SettingsPageModel(page);
  const cors = new CorsPanelModel(page);
  await app.login(server.loginUrl);
  await settings.open();
  await cors.root.scrollIntoViewIfNeeded();

  // "*" is the server's refusal, shown as typed.
  await cors.add('*');
  await expect(cors.issues).toContainText('"*" is not allowed');
  await cors.remove('*');
  await cors.add('http://localhost:5173/app');
  await expect(cors.issues).toContainText('is not an origin');
  await cors.remove('http://localhost:5173/app');

  await cors.add('http://localhost:5173');
  await expect(cors.issues).toBeHidden();
  await expect(cors.unsaved).toBeVisible();
  await cors.save.click();
  await expect(cors.unsaved).toBeHidden();
  const written = JSON.parse(fs.readFileSync(settingsFile, 'utf8')) as { cors_allowed_origins?: string[] };
  expect(written.cors_allowed_origins).toContain('http://localhost:5173');

  const res = await fetch(`${server.baseUrl}/health`, { headers: { origin: 'http://localhost:5173' } });
  expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
});
