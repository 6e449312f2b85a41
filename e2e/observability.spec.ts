import { expect, readOnlyServer, test } from './fixtures.js';
import { AppShell } from './pages/app.js';
import { expectAccessible } from './support/axe.js';
import { attachObservability } from './support/observability.js';

test.describe('memories, evals and metrics', () => {
  // axe runs twice per check (light and dark theme): slow on a shared machine.
  test.describe.configure({ timeout: 120_000 });
  // Every test here only reads: one server for them all.
  const server = readOnlyServer(async (s) => {
    await attachObservability(s);
  });
  test.beforeEach(async ({ page }) => {
    await new AppShell(page).login(server().loginUrl);
  });

  test('a user’s memories', async ({ page }) => {
    await page.goto(`${server().baseUrl}/ui/memories?db=obs`);
    await page.getByTestId('memory-user').filter({ hasText: 'olivia' }).click();
    await expect(page.getByTestId('memory')).toHaveCount(4);
    await expect(page.getByTestId('memory-list')).toContainText('Vieux-Port');
    await expectAccessible(page);
  });

  test('an eval', async ({ page }) => {
    await page.goto(`${server().baseUrl}/ui/evals?db=obs`);
    await expect(page.getByTestId('eval-row')).toHaveCount(5);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Currency conversion accuracy' }).click();
    await expect(page.getByTestId('eval-headline')).toContainText('/ 10 avg');
    await expect(page.getByTestId('eval-results')).toContainText('About 1320 EUR');
    await expectAccessible(page);
  });

  test('a day’s token total in the chart matches the table', async ({ page }) => {
    await page.goto(`${server().baseUrl}/ui/metrics?db=obs`);
    const panel = page.getByTestId('metrics-tokens');
    const labels = panel.locator('.recharts-label-list text');
    await expect(labels).toHaveCount(2);
    const table = page.getByTestId('tokens-table');
    const totals = await table.getByTestId('day-total-tokens').allTextContents();
    expect(await labels.allTextContents()).toEqual(totals);
    await expect(table.locator('tr[data-day="2026-04-04"]').getByTestId('day-total-tokens')).toHaveText('31,921');
    await expectAccessible(page);
  });
});
