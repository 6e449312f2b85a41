import type { Page } from '@playwright/test';
import { artifactPath, expect, test } from './fixtures.js';
import { AppShell } from './pages/app.js';
import { RunPage } from './pages/run.js';
import { SessionPage } from './pages/session.js';
import { SessionsPage } from './pages/sessions.js';
import { DatabasesPageModel, SettingsPageModel, TokensPageModel } from './pages/workbench.js';

/**
 * Every main page renders in both themes, and leaves a screenshot of each in
 * e2e/artifacts/screens/<SCREENS_LABEL or "current">/ — take a set before and after a styling
 * change and compare them side by side.
 */
const label = process.env.SCREENS_LABEL ?? 'current';

async function shoot(page: Page, app: AppShell, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await app.setTheme(theme);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: artifactPath('screens', label, `${name}-${theme}.png`), fullPage: true, animations: 'disabled' });
  }
}

test('the main pages render in the light and the dark theme', async ({ page, server }) => {
  test.setTimeout(180_000); // fourteen full-page screenshots on a shared machine
  const app = new AppShell(page);
  const sessions = new SessionsPage(page);
  const session = new SessionPage(page);
  const run = new RunPage(page);
  const sample = await server.desk<{ example_path: string }>('POST', '/desk/sample-data');
  const [, , sessionId, , runId] = sample.example_path.split('/');

  await app.login(server.loginUrl);
  await expect(sessions.rows.first()).toBeVisible();
  await shoot(page, app, 'sessions');

  await sessions.openSession(sessionId!);
  await expect(session.runs.first()).toBeVisible();
  await shoot(page, app, 'session');

  await session.openRun(runId!);
  await expect(run.messages.first()).toBeVisible();
  await shoot(page, app, 'run');

  const tokens = new TokensPageModel(page);
  await tokens.open('mint');
  await shoot(page, app, 'tokens-mint');
  await tokens.open('inspect');
  await shoot(page, app, 'tokens-inspect');

  const settings = new SettingsPageModel(page);
  await settings.open();
  await shoot(page, app, 'settings');

  const databases = new DatabasesPageModel(page);
  await databases.open();
  await shoot(page, app, 'databases');
});
