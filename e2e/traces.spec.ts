import { docsScreenshotPath, expect, readOnlyServer, test } from './fixtures.js';
import { AppShell } from './pages/app.js';
import { TracesList, TraceView } from './pages/trace.js';
import { expectAccessible } from './support/axe.js';
import { attachObservability, OBS } from './support/observability.js';

test.describe('traces', () => {
  // axe runs twice per check (light and dark theme): slow on a shared machine.
  test.describe.configure({ timeout: 120_000 });
  // Every test here only reads: one server for them all.
  const server = readOnlyServer(async (s) => {
    await attachObservability(s);
  });
  test.beforeEach(async ({ page }) => {
    await new AppShell(page).login(server().loginUrl);
  });

  test('the team run as a waterfall: members nested, the slowest model call’s tokens, its message and back', async ({ page }) => {
    const trace = new TraceView(page);
    await page.goto(`${server().baseUrl}/ui/sessions/${OBS.teamSession}/runs/${OBS.teamRun}?type=team&db=obs`);
    await expect(page.getByTestId('run-input')).toContainText('Write a 150-word brief on coral reef restoration');
    await expect(trace.waterfall).toHaveAttribute('data-count', '11');
    await expect(trace.rows).toHaveCount(11);
    await expect(trace.row('Web_Researcher.arun')).toHaveAttribute('aria-level', '3');
    await expect(trace.row('Writer.arun')).toHaveAttribute('aria-level', '3');
    await expectAccessible(page, '[data-testid="trace-view"]');

    await trace.slowest.first().click();
    await expect(trace.panel).toHaveAttribute('data-span-id', OBS.slowestModelSpan);
    await expect(trace.panel.getByTestId('span-input-tokens')).toHaveText('1,093');
    await expect(trace.panel.getByTestId('span-output-tokens')).toHaveText('382');
    await expect(trace.panel.getByTestId('span-cost')).toHaveText(/^\$0\.00\d+$/);
    await expect(trace.row('Claude.ainvoke_stream')).toHaveAttribute('aria-selected', 'true');
    // The side panel's JSON viewer is checked too.
    await expect(trace.panel.locator('[data-json-view]').first()).toBeVisible();
    await expectAccessible(page, '[data-testid="trace-view"]');

    await trace.panel.getByTestId('jump-to-message').click();
    await expect(page).toHaveURL(new RegExp(`/runs/${OBS.writerRun}\\?.*tab=conversation`));
    await expect(page.locator('[data-jumped]')).toContainText('Coral reef restoration');
    await page.getByTestId('back-to-span').click();
    await expect(trace.panel).toHaveAttribute('data-span-id', OBS.slowestModelSpan);
  });

  test('keyboard: arrows through the tree, Enter selects', async ({ page }) => {
    const trace = new TraceView(page);
    await page.goto(`${server().baseUrl}/ui/sessions/${OBS.teamSession}/runs/${OBS.teamRun}?type=team&db=obs`);
    await expect(trace.rows).toHaveCount(11);
    await trace.tree.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowLeft');
    await expect(trace.rows).toHaveCount(7);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(trace.panel).toContainText('Web_Researcher.arun');
  });

  test('filter to ERROR and open one', async ({ page }) => {
    const list = new TracesList(page);
    await page.goto(`${server().baseUrl}/ui/traces?db=obs`);
    await expect(list.rows).toHaveCount(19);
    await expectAccessible(page);
    await list.status('Errors').click();
    await expect(list.rows).toHaveCount(3);
    for (const row of await list.rows.all()) await expect(row).toHaveAttribute('data-status', 'ERROR');
    await list.rows.first().getByTestId('trace-link').click();
    await expect(page.getByTestId('trace-page')).toBeVisible();
    await expect(page.getByTestId('span-error')).toBeVisible();
    await expect(page.getByTestId('trace-run-link')).toBeVisible();
    await expectAccessible(page);
  });

  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1440, 1024]) {
      test(`screenshot: the trace view, ${theme}, ${width} wide`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: theme });
        await page.goto(`${server().baseUrl}/ui/traces/b917174598b6d5d11fad9cadb541dd27?db=obs&span=${OBS.slowestModelSpan}`);
        await expect(new TraceView(page).rows).toHaveCount(11);
        await page.mouse.move(0, 0);
        await page.screenshot({ path: docsScreenshotPath(`trace-${theme}-${width}.png`) });
      });
    }
  }
});
