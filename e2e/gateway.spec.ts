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
