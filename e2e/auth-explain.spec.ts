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

  // Switching back to the desk view shows the data again.
  await app.backToDeskView();
  await expect(sessions.authExplain).toBeHidden();
});

test('a 401 is explained and one click goes back to the desk view', async ({ page, server }) => {
  const app = new AppShell(page);
  const sessions = new SessionsPage(page);
  await app.login(server.loginUrl);
  await sessions.loadSampleData.click();
  await expect(sessions.table).toBeVisible();

  // Well-formed, but signed by no key this server trusts.
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const forged = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64({ sub: 'mallory', scopes: ['platform:admin'], exp: Math.floor(Date.now() / 1000) + 3600 })}.${b64('not a signature')}`;
  await app.actAs(forged, 'forged');

  await expect(sessions.authExplain).toBeVisible();
  await expect(sessions.authExplain).toHaveAttribute('data-status', '401');
  await expect(sessions.authExplain).toContainText('What the auth layer decided');
  await screenshot(page, 'auth-explain-401-light');

  await expect(sessions.authExplain.getByTestId('lens-note')).toContainText('forged');
  await sessions.authExplain.getByRole('button', { name: 'Back to the desk view' }).click();
  await expect(app.actingAsCurrent).toHaveText(app.deskViewLabel);
  await expect(sessions.table).toBeVisible();
});
