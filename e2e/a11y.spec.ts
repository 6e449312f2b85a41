import fs from 'node:fs';
import path from 'node:path';
import { expect, startServer, test } from './fixtures.js';
import { AppShell } from './pages/app.js';
import { seriousViolations } from './support/axe.js';
import { MAIN_PAGES, seedMainPages } from './support/main-pages.js';

/**
 * axe over the whole document (header included, nothing left out) finds no serious or critical
 * violation on any main page, in either theme, with the acting-as popover open, and with the
 * header folded at 800 px and its menu open.
 */
test('axe: every main page, both themes, no serious or critical violation', async ({ page, server }) => {
  test.setTimeout(600_000); // twenty pages, each checked by axe twice, beside another test on two cores
  const app = new AppShell(page);
  await app.login(server.loginUrl);
  const problems: string[] = [];
  // An empty data folder first: the first-run page.
  await expect(page.getByTestId('first-run')).toBeVisible();
  problems.push(...(await seriousViolations(page, 'body')).map((s) => `first run: ${s}`));

  await seedMainPages(server);
  for (const p of MAIN_PAGES) {
    await page.goto(server.baseUrl + p.path);
    await p.ready(page);
    problems.push(...(await seriousViolations(page, 'body')).map((s) => `${p.name}: ${s}`));
  }
  await app.actingAs.click();
  await expect(page.getByRole('dialog', { name: 'Acting as' })).toBeVisible();
  problems.push(...(await seriousViolations(page, 'body')).map((s) => `acting-as popover: ${s}`));
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 800, height: 600 });
  await app.menu.click();
  await expect(app.nav).toBeVisible();
  problems.push(...(await seriousViolations(page, 'body')).map((s) => `menu at 800 px: ${s}`));
  expect(problems).toEqual([]);
});

/**
 * Settings started with `--config FILE` (read-only): every control is disabled, so a table frame
 * that scrolls must itself take focus and a name (axe's scrollable-region-focusable), or not scroll.
 */
test('axe: read-only Settings (serve --config FILE), both themes, no serious or critical violation', async ({ page }) => {
  test.setTimeout(120_000);
  const { server, stop } = await startServer({
    args: (dataDir) => {
      const file = path.join(dataDir, 'team-settings.json');
      fs.writeFileSync(file, JSON.stringify({ auth: { algorithm: 'HS256', verification_keys: ['a shared secret of more than thirty-two bytes'], authorization: true, scope_mappings: { 'GET /reports/*': ['reports:read'], 'GET /sessions/*': ['sessions:read'] } } }));
      return ['--config', file];
    },
  });
  try {
    await new AppShell(page).login(server.loginUrl);
    for (const size of [{ width: 1440, height: 900 }, { width: 800, height: 600 }]) {
      await page.setViewportSize(size);
      await page.goto(`${server.baseUrl}/ui/settings`);
      await expect(page.getByTestId('settings-page')).toBeVisible();
      await expect(page.getByTestId('save-settings')).toBeDisabled();
      await expect(page.getByTestId('default-mappings')).toBeVisible();
      expect((await seriousViolations(page, 'body')).map((s) => `${size.width} px: ${s}`)).toEqual([]);
    }
  } finally {
    await stop();
  }
});
