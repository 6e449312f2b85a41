import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeAgentOs, type FakeAgentOs } from '../server/testing/fake-agentos.js';
import { artifactPath, expect, test } from './fixtures.js';
import { AppShell } from './pages/app.js';

/**
 * rundesk in front of a live AgentOS (#32), as a developer uses it: set the upstream in
 * Settings, send a message from the UI as a token with agents:run, watch the run live (events as
 * they arrive, tokens counting up), open the stored run once the agent has written it, and find
 * the request on the requests page.
 */
test.describe('the gateway', () => {
  let upstream: FakeAgentOs;
  let dir: string;
  test.beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-e2e-upstream-'));
    // Paced like a model, so the run is visibly live for a moment.
    upstream = await startFakeAgentOs({ dbFile: path.join(dir, 'live.db'), paceMs: 120 });
  });
  test.afterEach(async () => {
    await upstream.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('send a message from the UI, watch the live run, open the stored run', async ({ page, server }) => {
    const current = await server.desk<{ file_settings: Record<string, unknown> }>('GET', '/desk/settings');
    await server.desk('PUT', '/desk/settings', { ...current.file_settings, databases: [{ id: 'live', path: path.join(dir, 'live.db') }] });
    const token = await server.mint({ sub: 'alice', scopes: ['agents:run', 'agents:read', 'sessions:read'] });
    const app = new AppShell(page);
    await app.login(server.loginUrl);

    // The upstream, set and checked in Settings.
    await app.goTo('Settings');
    await page.getByTestId('upstream-url').fill(upstream.url);
    await page.getByTestId('upstream-check').click();
    await expect(page.getByTestId('upstream-check-result')).toContainText('AgentOS answered');
    await page.getByTestId('upstream-save').click();
    await expect(page.getByTestId('upstream-panel')).toContainText('in force');

    await app.actAs(token, 'alice runs');
    await page.goto(`${server.baseUrl}/ui/run?kind=agent&id=weather-agent`);
    await page.getByTestId('run-message').fill('What is the weather in Paris?');
    await page.getByTestId('run-send').click();

    // Live: the first events while it still runs, then the end, tokens counted.
    const live = page.getByTestId('live-run-page');
    await expect(live).toBeVisible();
    await expect(page.getByTestId('live-events').locator('li').first()).toHaveAttribute('data-event', 'RunStarted');
    await expect(page.getByTestId('live-events').locator('li[data-event="ToolCallStarted"]')).toContainText('get_weather({"city":"Paris"})');
    await expect(live).toHaveAttribute('data-status', 'completed');
    await expect(page.getByTestId('live-tokens')).toContainText('122 tokens');
    await page.screenshot({ path: artifactPath('gateway', 'live-run.png') });

    // The run the agent wrote, without a reload.
    await page.getByTestId('stored-run-link').click();
    await expect(page.getByText('b6a277db', { exact: false }).first()).toBeVisible();
    await expect(page.getByTestId('continue-session')).toBeVisible();

    // The request, its verdict and its run on the requests page.
    await app.goTo('Requests');
    const row = page.getByTestId('request-row').filter({ hasText: 'POST /agents/weather-agent/runs' }).first();
    await expect(row).toContainText('alice');
    await expect(row).toContainText('allow');
    await expect(row).toContainText('200');
    await expect(row.getByTestId('request-live-link')).toBeVisible();
    await page.screenshot({ path: artifactPath('gateway', 'requests.png') });
  });
});

/**
 * The requests page and the live run view follow the server's event stream
 * (`/desk/requests/stream`), not a timer: a new request and each event of a run appear without
 * the page asking again. The absence of polling takes time passing to show; the wait is for
 * that, never for the UI.
 */
test.describe('the gateway pages follow the event stream', () => {
  let upstream: FakeAgentOs;
  let dir: string;
  test.beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-e2e-stream-'));
    // Slow enough that the run is still streaming when its page has opened.
    upstream = await startFakeAgentOs({ dbFile: path.join(dir, 'live.db'), paceMs: 400 });
  });
  test.afterEach(async () => {
    await upstream.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Every GET the page makes to `pathname` (the event stream excluded), counted as it goes. */
  function countGets(page: import('@playwright/test').Page, matches: (pathname: string) => boolean): () => number {
    let n = 0;
    page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (r.method() === 'GET' && pathname !== '/desk/requests/stream' && matches(pathname)) n += 1;
    });
    return () => n;
  }

  test('a new request appears on the requests page without the page asking again', async ({ page, server }) => {
    const app = new AppShell(page);
    const gets = countGets(page, (p) => p === '/desk/requests');
    await app.login(server.loginUrl);
    await page.goto(`${server.baseUrl}/ui/requests`);
    await expect(page.getByTestId('requests-page')).toHaveAttribute('data-stream', 'open');
    const before = gets();

    const marker = `e2e-${Date.now()}`;
    expect((await fetch(`${server.baseUrl}/sessions?probe=${marker}`)).status).toBe(401);
    await expect(page.getByTestId('request-row').filter({ hasText: marker })).toContainText('401');
    // Longer than the page's former 1 s poll: still no new GET.
    await page.waitForTimeout(2500);
    expect(gets()).toBe(before);
  });

  test('when the event stream is refused, the requests page polls instead, and follows the stream once it opens again', async ({ page, server }) => {
    const app = new AppShell(page);
    await page.route('**/desk/requests/stream', (r) => r.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"away","error_code":"X"}' }));
    await app.login(server.loginUrl);
    await page.goto(`${server.baseUrl}/ui/requests`);
    await expect(page.getByTestId('requests-stream')).toHaveText('polling');
    const marker = `e2e-${Date.now()}`;
    expect((await fetch(`${server.baseUrl}/sessions?probe=${marker}`)).status).toBe(401);
    await expect(page.getByTestId('request-row').filter({ hasText: marker })).toContainText('401');

    // The stream is tried again (after 1 s, then 2, 4…) and taken up as soon as it answers.
    await page.unroute('**/desk/requests/stream');
    await expect(page.getByTestId('requests-stream')).toHaveText('live', { timeout: 30_000 });
    await expect(page.getByTestId('requests-page')).toHaveAttribute('data-stream', 'open');
  });

  test('a live run shows its events as they arrive without the page asking again', async ({ page, server }) => {
    const current = await server.desk<{ file_settings: Record<string, unknown> }>('GET', '/desk/settings');
    await server.desk('PUT', '/desk/settings', { ...current.file_settings, upstream: { url: upstream.url } });
    const token = await server.mint({ sub: 'alice', scopes: ['agents:run'] });
    const app = new AppShell(page);
    await app.login(server.loginUrl);

    const res = await fetch(`${server.baseUrl}/agents/weather-agent/runs`, {
      method: 'POST',
      body: new URLSearchParams({ message: 'What is the weather in Paris?', stream: 'true' }),
      headers: { authorization: `Bearer ${token}` },
    });
    const id = Number(res.headers.get('x-rundesk-request-id'));
    const drained = res.text();
    const gets = countGets(page, (p) => p === `/desk/live-runs/${id}`);
    await page.goto(`${server.baseUrl}/ui/live/${id}`);
    const live = page.getByTestId('live-run-page');
    await expect(live).toHaveAttribute('data-stream', 'open');
    const before = gets();
    const shownAtOpen = await page.getByTestId('live-events').locator('li').count();
    await expect(live).toHaveAttribute('data-status', 'completed');
    expect(await page.getByTestId('live-events').locator('li').count()).toBeGreaterThan(shownAtOpen);
    await expect(page.getByTestId('live-tokens')).toContainText('122 tokens');
    expect(gets()).toBe(before);
    await drained;
  });
});
