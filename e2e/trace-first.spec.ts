import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { docsScreenshotPath, expect, readOnlyServer, test } from './fixtures.js';
import { AppShell } from './pages/app.js';
import { TraceView } from './pages/trace.js';
import { expectAccessible } from './support/axe.js';
import { layoutProblems } from './support/layout.js';
import { attachObservability, OBS } from './support/observability.js';

const teamRun = `/ui/sessions/${OBS.teamSession}/runs/${OBS.teamRun}`;

/**
 * Issue 33 over Agno's observability database, with a second database attached first (the sample
 * data, which then answers requests without `db_id`): the trace is the run page's first screen.
 */
test.describe('the trace first, costs, export, knowledge, memory search, links without db', () => {
  // axe runs twice per check (light and dark theme): slow on a shared machine.
  test.describe.configure({ timeout: 120_000 });
  // Every test here only reads: one server for them all.
  const server = readOnlyServer(async (s) => {
    await s.desk('POST', '/desk/sample-data');
    await attachObservability(s);
  });
  test.beforeEach(async ({ page }) => {
    await new AppShell(page).login(server().loginUrl);
  });

  test('at 1440×900 the team run shows ≥ 3 model calls of its waterfall without scrolling, every name whole; cost in dollars; export', async ({ page }) => {
    const trace = new TraceView(page);
    await page.goto(`${server().baseUrl}${teamRun}?type=team&db=obs`);
    await expect(trace.rows).toHaveCount(11);
    const viewport = page.viewportSize()!;
    const modelRows = trace.rows.and(page.locator('[data-kind="model"]'));
    const onScreen = await modelRows.evaluateAll(
      (rows, height) => rows.filter((r) => { const b = r.getBoundingClientRect(); return b.top >= 0 && b.bottom <= height; }).length,
      viewport.height,
    );
    expect(onScreen).toBeGreaterThanOrEqual(3);
    expect(await page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY)).toBe(0);
    // No name, model or token count cut: every name and caption is as wide as its text.
    const cut = await page.locator('[data-testid="span-name"], [data-testid="span-caption"]').evaluateAll((els) =>
      els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
    );
    expect(cut).toEqual([]);
    await expect(page.getByTestId('trace-cost')).toHaveText(/^\$0\.0\d+$/);
    await expect(page.getByTestId('run-cost')).toHaveText(/^\$0\.0\d+$/);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-otlp').click()]);
    expect(download.suggestedFilename()).toBe('trace-b917174598b6d5d11fad9cadb541dd27.otlp.json');
    const doc = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as { resourceSpans: { scopeSpans: { spans: { traceId: string; attributes: { key: string }[] }[] }[] }[] };
    const spans = doc.resourceSpans[0]!.scopeSpans[0]!.spans;
    expect(spans).toHaveLength(11);
    expect(spans.every((s) => s.traceId === 'b917174598b6d5d11fad9cadb541dd27')).toBe(true);
    expect(spans.some((s) => s.attributes.some((a) => a.key === 'llm.model_name'))).toBe(true);
    await expectAccessible(page);
  });

  test('at 800 px the waterfall is usable: model calls on the first screen, names whole, nothing sideways', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    const trace = new TraceView(page);
    await page.goto(`${server().baseUrl}${teamRun}?type=team&db=obs`);
    await expect(trace.rows).toHaveCount(11);
    const firstModel = await trace.rows.and(page.locator('[data-kind="model"]')).first().boundingBox();
    expect(firstModel!.y + firstModel!.height).toBeLessThanOrEqual(900);
    const cut = await page.locator('[data-testid="span-name"], [data-testid="span-caption"]').evaluateAll((els) =>
      els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
    );
    expect(cut).toEqual([]);
    expect((await layoutProblems(page)).filter((p) => p.includes('sideways'))).toEqual([]);
    await expectAccessible(page);
  });

  test('a run’s time to first token and output speed', async ({ page }) => {
    await page.goto(`${server().baseUrl}/ui/sessions/bc0d28b7-4605-4a6a-bbf2-3a99f4bab97a/runs/2e86ded3-6e7b-4680-95f0-df09c1fb7cb9?type=agent&db=obs`);
    await expect(page.getByTestId('run-ttft')).toHaveText('918 ms');
    await expect(page.getByTestId('run-tokens-per-second')).toHaveText('19.7 tokens/s');
  });

  test('the Knowledge page lists both files, with their knowledge base', async ({ page }) => {
    await page.goto(`${server().baseUrl}/ui/knowledge?db=obs`);
    const table = page.getByTestId('knowledge-table');
    await expect(table).toContainText('api-key-rotation.md');
    await expect(table).toContainText('pricing-plans-2026.pdf');
    // The base's name as Agno stored it (`linked_to`), not "—".
    await expect(table.getByTestId('knowledge-row').filter({ hasText: 'api-key-rotation.md' })).toContainText('Acme Docs');
    await expectAccessible(page);
  });

  test('a memory search for Montréal finds Olivia’s memory as it is typed', async ({ page }) => {
    await page.goto(`${server().baseUrl}/ui/memories?db=obs`);
    await page.getByTestId('memory-search').fill('Montréal');
    await expect(page.getByTestId('memory')).toHaveCount(1);
    await expect(page.getByTestId('memory')).toContainText('Olivia is planning a weekend trip to Montréal');
    await page.getByTestId('memory-search').fill('montreal');
    await expect(page.getByTestId('memory')).toContainText('Montréal');
    await expectAccessible(page);
  });

  test('two traces compared side by side, and the agent graph', async ({ page }) => {
    await page.goto(`${server().baseUrl}/ui/traces?db=obs`);
    await page.getByTestId('compare-pick').nth(0).check();
    await page.getByTestId('compare-pick').nth(1).check();
    await expectAccessible(page);
    await page.getByTestId('compare-link').click();
    await expect(page.getByTestId('compare-row')).toHaveCount(8);
    await expect(page.getByTestId('waterfall')).toHaveCount(2);
    await expect(page.getByTestId('compare-row').last()).toContainText('$');
    // Half-width panels: no span name, model, token count or cost cut.
    expect(await cutSpanTexts(page)).toEqual([]);
    await expectAccessible(page);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: docsScreenshotPath('trace-compare-light-1440.png') });

    await page.goto(`${server().baseUrl}${teamRun}?type=team&db=obs`);
    await page.getByRole('radio', { name: 'Agent graph' }).check();
    await expect(page.getByTestId('graph-node')).toHaveCount(4);
    await expectAccessible(page);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: docsScreenshotPath('trace-graph-light-1440.png') });
  });

  test('at 800 px the compare view cuts no span name or caption', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto(`${server().baseUrl}/ui/traces?db=obs`);
    await page.getByTestId('compare-pick').nth(0).check();
    await page.getByTestId('compare-pick').nth(1).check();
    await page.getByTestId('compare-link').click();
    await expect(page.getByTestId('waterfall')).toHaveCount(2);
    await expect(page.getByTestId('compare-row').last()).toContainText('$');
    expect(await cutSpanTexts(page)).toEqual([]);
    expect(await layoutProblems(page)).toEqual([]);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: docsScreenshotPath('trace-compare-light-800.png'), fullPage: true });
  });

  for (const from of ['run', 'trace'] as const) {
    test(`"Compare with…" on the ${from} page opens the compare view with this trace as A`, async ({ page }) => {
      const runTrace = 'b917174598b6d5d11fad9cadb541dd27';
      await page.goto(from === 'run' ? `${server().baseUrl}${teamRun}?type=team&db=obs` : `${server().baseUrl}/ui/traces/${runTrace}?db=obs`);
      await page.getByTestId('compare-with').click();
      await expect(page).toHaveURL(new RegExp(`/ui/traces\\?.*compare=${runTrace}`));
      await expect(page).toHaveURL(/db=obs/);
      // This trace is ticked already: one more tick and Compare.
      await expect(page.locator(`[data-testid="trace-row"][data-trace-id="${runTrace}"] [data-testid="compare-pick"]`)).toBeChecked();
      await expect(page.getByTestId('compare-hint')).toContainText('one more');
      await page.locator(`[data-testid="trace-row"]:not([data-trace-id="${runTrace}"]) [data-testid="compare-pick"]`).first().check();
      await page.getByTestId('compare-link').click();
      await expect(page).toHaveURL(new RegExp(`/ui/traces/compare\\?.*a=${runTrace}`));
      await expect(page.getByTestId('compare-side').first()).toHaveAttribute('data-trace-id', runTrace);
      await expect(page.getByTestId('waterfall')).toHaveCount(2);
    });
  }

  test('a run link without db opens the run', async ({ page }) => {
    await page.goto(`${server().baseUrl}${teamRun}?type=team`);
    await expect(page.getByTestId('run-page')).toHaveAttribute('data-run-id', OBS.teamRun);
    await expect(page).toHaveURL(/db=obs/);
  });

  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1440, 800]) {
      test(`screenshot: the run page’s trace, ${theme}, ${width} wide`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: theme });
        await page.goto(`${server().baseUrl}${teamRun}?type=team&db=obs&span=${OBS.slowestModelSpan}`);
        await expect(new TraceView(page).rows).toHaveCount(11);
        await expect(page.getByTestId('trace-cost')).toHaveText(/\$/);
        await page.mouse.move(0, 0);
        await page.screenshot({ path: docsScreenshotPath(`run-trace-${theme}-${width}.png`) });
      });
    }
  }
});

/** Span names and captions narrower than their text (cut with an ellipsis), by their text. */
async function cutSpanTexts(page: Page): Promise<(string | null)[]> {
  return page
    .locator('[data-testid="span-name"], [data-testid="span-caption"]')
    .evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));
}
