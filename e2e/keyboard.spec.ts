import { expect, test } from './fixtures.js';
import { AppShell } from './pages/app.js';
import { SessionsPage } from './pages/sessions.js';
import { expectFocusVisible, tabTo } from './support/keyboard.js';

/**
 * Keyboard only: the skip link comes first and lands on the page, the header's controls follow in
 * reading order with their focus ring shown, and Enter or Space works the focused control (a
 * popover or menu closes on Escape and gives the focus back).
 */
test.describe('keyboard only', () => {
  test('Tab: the skip link first, then the header in reading order; the skip link lands on the page', async ({ page, server }) => {
    await server.desk('POST', '/desk/sample-data');
    const app = new AppShell(page);
    const sessions = new SessionsPage(page);
    await app.login(server.loginUrl);
    await expect(sessions.rows.first()).toBeVisible();

    const skip = page.getByRole('link', { name: 'Skip to content' });
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await expectFocusVisible(skip);

    const order = [
      page.getByRole('link', { name: 'rundesk home' }),
      ...['Runs', 'Traces', 'Requests', 'Memories', 'Knowledge', 'Evals', 'Metrics', 'Tokens', 'Settings', 'Databases'].map((name) => app.nav.getByRole('link', { name, exact: true })),
      app.dbPicker,
      app.actingAs,
      app.themeToggle,
      page.getByRole('button', { name: 'Keyboard shortcuts' }),
    ];
    for (const control of order) {
      await page.keyboard.press('Tab');
      await expect(control).toBeFocused();
      await expectFocusVisible(control);
    }

    // Back to the skip link, Enter: the focus is on the page, and the next Tab is inside it.
    for (let i = 0; i < order.length; i++) await page.keyboard.press('Shift+Tab');
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { closest(s: string): unknown } } }).document.activeElement.closest('main') !== null)).toBe(true);
  });

  test('Enter and Space work the focused header control; Escape closes and gives the focus back', async ({ page, server }) => {
    const app = new AppShell(page);
    await app.login(server.loginUrl);

    // Space on the theme toggle switches the theme (system → light).
    await tabTo(page, app.themeToggle);
    const before = await app.themeToggle.getAttribute('data-theme-pref');
    await page.keyboard.press('Space');
    await expect(app.themeToggle).not.toHaveAttribute('data-theme-pref', before ?? '');

    // Enter on "Acting as" opens its popover; Escape closes it and focuses the button again.
    await tabTo(page, app.actingAs, { back: true });
    await page.keyboard.press('Enter');
    const popover = page.getByRole('dialog', { name: 'Acting as' });
    await expect(popover).toBeVisible();
    await tabTo(page, page.getByTestId('paste-token'));
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    await expect(app.actingAs).toBeFocused();

    // Enter on the shortcuts button lists them; Escape closes.
    await tabTo(page, page.getByRole('button', { name: 'Keyboard shortcuts' }));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('shortcuts')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('shortcuts')).toBeHidden();

    // In a narrow window: Enter on the menu button opens the links, Enter on one follows it.
    await page.setViewportSize({ width: 800, height: 600 });
    await tabTo(page, app.menu, { back: true });
    await page.keyboard.press('Enter');
    await expect(app.nav).toBeVisible();
    await tabTo(page, app.nav.getByRole('link', { name: 'Databases' }));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('databases-page')).toBeVisible();
    await expect(app.nav).toBeHidden();
  });
});
