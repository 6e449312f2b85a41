import fs from 'node:fs';
import path from 'node:path';
import { makeLargeAgentSession } from '../bench/data.js';
import { buildAgnoDb } from '../server/testing/agno-builder.js';
import { artifactPath, expect, screenshot, test } from './fixtures.js';
import { AppShell } from './pages/app.js';
import { RunPage } from './pages/run.js';
import { SessionPage } from './pages/session.js';
import type { PageGlobals } from './support/page-globals.js';

const RUNS = 10_000;

// Trace recording would dominate what is measured here.
test.use({ trace: 'off' });

test('a 10,000-run session page loads by pages: a small first screen, more runs as the timeline scrolls; a run page loads its run and the runs around it', async ({ page, server }) => {
  test.setTimeout(180_000);
  const file = path.join(server.dataDir, 'long.db');
  const made = makeLargeAgentSession(RUNS);
  buildAgnoDb(file, [made.session]);
  await server.desk('POST', '/desk/databases', { id: 'long', path: file, read_only: true });
  const sessionId = made.session.session_id;
  await new AppShell(page).login(server.loginUrl);
  const session = new SessionPage(page);

  await page.goto(`${server.baseUrl}/ui/sessions/${sessionId}?type=agent&db=long`);
  const firstScreenMs = await (
    await page.waitForFunction(
      () => {
        const g = globalThis as unknown as PageGlobals;
        return g.document.querySelector('[data-testid="timeline-run"]') ? g.performance.now() : 0;
      },
      undefined,
      { polling: 'raf', timeout: 60_000 },
    )
  ).jsonValue();
  const timeline = page.locator('[data-testid="run-timeline"] [data-count]');
  const firstCount = Number(await timeline.getAttribute('data-count'));

  // What the first screen asked of the server: its session requests, their bytes and server time.
  interface ResourceTiming {
    name: string;
    encodedBodySize: number;
    requestStart: number;
    responseStart: number;
  }
  const requests = () =>
    page.evaluate(() => {
      const g = globalThis as unknown as { performance: { getEntriesByType(type: string): ResourceTiming[] } };
      return g.performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/sessions/'))
        .map((e) => ({ url: e.name.replace(/^https?:\/\/[^/]+/, ''), bytes: e.encodedBodySize, serverMs: Math.round(e.responseStart - e.requestStart) }));
    });
  const first = await requests();

  // Scrolling to the end of the loaded runs fetches the next page.
  await page.evaluate(() => {
    const g = globalThis as unknown as PageGlobals;
    const el = g.document.querySelector('[data-testid="run-timeline"] [data-count]')!;
    el.scrollTop = el.scrollHeight;
  });
  await expect.poll(async () => Number(await timeline.getAttribute('data-count')), { timeout: 30_000 }).toBeGreaterThan(firstCount);

  // A second visit: the session's runs index is built now (the first visit paid one pass over its 49 MB value).
  await page.evaluate(() => (globalThis as unknown as { performance: { clearResourceTimings(): void } }).performance.clearResourceTimings());
  await page.reload();
  await expect(session.runs.first()).toBeVisible();
  const again = await requests();

  // A run page deep in the session (a deep link): its run and the summaries around it, never the list.
  const middle = RUNS / 2;
  const run = new RunPage(page);
  await page.goto(`${server.baseUrl}/ui/sessions/${sessionId}/runs/${made.runIds[middle]}?type=agent&db=long`);
  const runFirstScreenMs = await (
    await page.waitForFunction(
      () => {
        const g = globalThis as unknown as PageGlobals;
        return g.document.querySelector('[data-testid="run-nav"]') && g.document.querySelector('[data-testid="metrics"]') ? g.performance.now() : 0;
      },
      undefined,
      { polling: 'raf', timeout: 60_000 },
    )
  ).jsonValue();
  await expect(run.nav).toContainText(`${(middle + 1).toLocaleString('en-US')} / ${RUNS.toLocaleString('en-US')}`);
  const runRequests = await requests();
  await screenshot(page, 'run-page-long-session');
  // j walks to the next run from the window the page loaded.
  await page.keyboard.press('j');
  await expect(run.root).toHaveAttribute('data-run-id', made.runIds[middle + 1]!);
  await expect(run.nav).toContainText(`${(middle + 2).toLocaleString('en-US')} / ${RUNS.toLocaleString('en-US')}`);

  const perf = {
    runs: RUNS,
    runPage: {
      runId: made.runIds[middle],
      firstScreenMs: Math.round(runFirstScreenMs),
      bytes: runRequests.reduce((a, r) => a + r.bytes, 0),
      maxServerMs: Math.max(...runRequests.map((r) => r.serverMs)),
      requests: runRequests,
    },
    secondVisit: {
      bytes: again.reduce((a, r) => a + r.bytes, 0),
      maxServerMs: Math.max(...again.map((r) => r.serverMs)),
      requests: again,
    },
    firstScreenMs: Math.round(firstScreenMs),
    firstScreenRuns: firstCount,
    firstScreenBytes: first.reduce((a, r) => a + r.bytes, 0),
    firstScreenMaxServerMs: Math.max(...first.map((r) => r.serverMs)),
    requests: first,
    measuredAt: new Date().toISOString(),
  };
  fs.writeFileSync(artifactPath('perf-session-pages.json'), `${JSON.stringify(perf, null, 2)}\n`);
  console.log(`10,000-run session page: ${JSON.stringify(perf)}`);

  // Behaviour only (timings are in the artifact): one page of summaries, well under a megabyte, no full run list.
  expect(firstCount).toBeLessThan(RUNS);
  expect(perf.firstScreenBytes).toBeLessThan(1_000_000);
  expect(first.some((r) => /\/runs\?/.test(r.url) && !r.url.includes('summary=true'))).toBe(false);
  expect(perf.runPage.bytes).toBeLessThan(1_000_000);
  expect(runRequests.some((r) => /\/runs\?/.test(r.url) && !r.url.includes('around='))).toBe(false);
});
