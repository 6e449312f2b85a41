import { expect, screenshot, test } from './fixtures.js';
import { AppShell } from './pages/app.js';
import { SessionsPage } from './pages/sessions.js';

test('a 403 is explained: acting as a token without sessions:read shows the missing scope', async ({ page, server }) => {
  await server.enableAuthorization();
  const limited = await server.mint({ sub: 'alice', scopes: ['agents:read'] });

  const app = new AppShell(page);
  const sessions = new SessionsPage(page);
  await app.login(server.loginUrl);
  await app.actAs(limited, 'alice (agents only)');

  await expect(sessions.authExplain).toBeVisible();
  await expect(sessions.authExplain).toHaveAttribute('data-status', '403');
  await expect(sessions.missingScopes).toContainText('sessions:read');
  await screenshot(page, 'auth-explain-light');

  // Switching back to the admin token shows the data again.
  await app.actingAs.click();
  await page.getByTestId('acting-as-option').filter({ hasText: 'Admin (auto)' }).getByRole('button').first().click();
  await expect(sessions.authExplain).toBeHidden();
});
