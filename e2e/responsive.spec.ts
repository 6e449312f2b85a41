import { artifactPath, expect, test } from './fixtures.js';
import { AppShell } from './pages/app.js';
import { layoutProblems } from './support/layout.js';
import { MAIN_PAGES, seedMainPages } from './support/main-pages.js';

/**
 * Every main page at 1024×768 and 800×600: the header fits (its links fold into a menu where they
 * do not), the document never scrolls sideways, and tables scroll inside themselves instead of
 * squeezing their columns. Screenshots of each page in both themes go to
 * e2e/artifacts/responsive/<width>/.
 */
for (const size of [
  { width: 1024, height: 768 },
  { width: 800, height: 600 },
]) {
  test(`every main page fits a ${size.width}×${size.height} window`, async ({ page, server }) => {
    test.setTimeout(240_000);
    await seedMainPages(server);
    await page.setViewportSize(size);
    const app = new AppShell(page);
    await app.login(server.loginUrl);

    const problems: string[] = [];
    for (const p of MAIN_PAGES) {
      await page.goto(server.baseUrl + p.path);
      await p.ready(page);
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await page.screenshot({ path: artifactPath('responsive', String(size.width), `${p.name}-${theme}.png`), animations: 'disabled' });
      }
      problems.push(...(await layoutProblems(page)).map((s) => `${p.name}: ${s}`));
    }
    expect(problems).toEqual([]);
  });
}

test('at 800 px the page links are behind the menu button, which opens, navigates and closes', async ({ page, server }) => {
  await page.setViewportSize({ width: 800, height: 600 });
  const app = new AppShell(page);
  await app.login(server.loginUrl);
  await expect(app.nav).toBeHidden();
  await expect(app.menu).toHaveText('Runs');

  await app.menu.click();
  await expect(app.nav).toBeVisible();
  expect(await layoutProblems(page)).toEqual([]);
  const links = app.nav.getByRole('link');
  await expect(links).toHaveText(['Runs', 'Traces', 'Requests', 'Memories', 'Knowledge', 'Evals', 'Metrics', 'Tokens', 'Settings', 'Databases']);
  for (const link of await links.all()) {
    const box = (await link.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(800);
    expect(box.y + box.height).toBeLessThanOrEqual(600);
  }
  await page.screenshot({ path: artifactPath('responsive', '800', 'menu-open.png'), animations: 'disabled' });

  await app.nav.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByTestId('settings-page')).toBeVisible();
  await expect(app.nav).toBeHidden();
  await expect(app.menu).toHaveText('Settings');

  // Escape closes it and gives the focus back to the button.
  await app.menu.click();
  await expect(app.nav).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(app.nav).toBeHidden();
  await expect(app.menu).toBeFocused();
});
