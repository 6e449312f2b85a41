import type { Page } from '@playwright/test';
import { artifactPath, expect, test } from './fixtures.js';
import { AppShell } from './pages/app.js';
import { SettingsPageModel, TokensPageModel } from './pages/workbench.js';
import { expectFocusVisible, retype, tabTo } from './support/keyboard.js';

/**
 * #24's loop, as a developer does it: apply the Keycloak preset, mint "alice" with
 * `sessions:read` as Keycloak would issue her token, see `/metrics` refused, jump from the verdict
 * to the rule that decided it, fix the rule, and re-check the same token and path — allowed — with
 * nothing typed twice and no trip through Settings → Keys.
 */
async function shot(page: Page, dir: string, name: string): Promise<void> {
  await page.screenshot({ path: artifactPath('token-loop', dir, `${name}.png`), animations: 'disabled' });
}

test.describe('the token loop', () => {
  for (const size of [
    { width: 1440, height: 900 },
    { width: 800, height: 600 },
  ]) {
    test(`with the pointer at ${size.width}×${size.height}: Keycloak preset → mint alice → 403 on /metrics → fix the rule → 200`, async ({ page, server }) => {
      const dir = `pointer-${size.width}`;
      await page.setViewportSize(size);
      const app = new AppShell(page);
      const settings = new SettingsPageModel(page);
      const tokens = new TokensPageModel(page);
      await app.login(server.loginUrl);

      // The Keycloak preset with its fixture JWKS (it turns scope checking on).
      await app.goTo('Settings');
      await page.getByTestId('fixture-preset-keycloak').click();
      await page.getByTestId('fixture-use').click();
      await expect(settings.field('scopes_claim')).toHaveValue('realm_access.roles');
      await expect(settings.root.getByRole('radiogroup').filter({ has: page.getByRole('radio', { name: 'Auto' }) }).getByRole('radio', { name: 'On' })).toBeChecked();
      await settings.save.click();
      await expect(settings.saved).toBeVisible();
      await shot(page, dir, '1-preset');

      // alice with sessions:read, signed as Keycloak would sign her token.
      await app.goTo('Tokens');
      await page.getByTestId('tab-mint').click();
      await page.getByTestId('mint-sub').fill('alice');
      const scopes = page.getByTestId('mint-scopes');
      for (const remove of await scopes.getByRole('button', { name: /^Remove / }).all()) await remove.click();
      await scopes.locator('input').fill('sessions:read');
      await scopes.locator('input').press('Enter');
      await page.getByTestId('mint-submit').click();
      await expect(page.getByTestId('mint-signer')).toContainText('Keycloak');
      await expect(page.getByTestId('mint-preview')).toContainText('200');
      await shot(page, dir, '2-minted');

      // Refused on /metrics.
      await page.getByTestId('inspect-minted').click();
      await tokens.inspectPath.fill('/metrics');
      await expect(tokens.status).toHaveAttribute('data-status', '403');
      await expect(tokens.required).toContainText('metrics:read');
      await shot(page, dir, '3-refused');

      // From the verdict to the rule, overridden to let sessions:read in.
      await page.getByTestId('verdict-edit-mapping').click();
      await expect(settings.root).toBeVisible();
      const rule = page.locator('[data-focused-mapping="true"]');
      await expect(rule).toContainText('/metrics');
      await rule.getByRole('button', { name: 'Override GET /metrics' }).click();
      const custom = page.getByTestId('scope-mapping-editor').locator('tbody tr', { has: page.locator('input[value="/metrics"]') });
      // The override starts as a copy of the default (metrics:read); a mapping's scopes are all
      // needed, as on the platform, so the fix replaces it rather than adding beside it.
      await custom.getByLabel(/^Scopes of mapping/).press('Backspace');
      await custom.getByLabel(/^Scopes of mapping/).fill('sessions:read');
      await custom.getByLabel(/^Scopes of mapping/).press('Enter');
      await settings.save.click();
      await expect(settings.saved).toBeVisible();
      await shot(page, dir, '4-fixed');

      // Back to the same request: allowed.
      await page.getByTestId('recheck').click();
      await expect(tokens.status).toHaveAttribute('data-status', '200');
      await expect(tokens.inspectPath).toHaveValue('/metrics');
      await shot(page, dir, '5-allowed');
    });
  }

  for (const size of [
    { width: 1440, height: 900 },
    { width: 800, height: 600 },
  ]) {
    test(`keyboard only at ${size.width}×${size.height}: the same loop with Tab, Enter, Space and typing`, async ({ page, server }) => {
      test.setTimeout(120_000);
      const dir = `keyboard-${size.width}`;
      await page.setViewportSize(size);
      const app = new AppShell(page);
      const settings = new SettingsPageModel(page);
      const tokens = new TokensPageModel(page);
      await app.login(server.loginUrl);
      const narrow = size.width < 1320;

      // Opens a page from the header's links (through the menu button in a narrow window).
      const goTo = async (name: string) => {
        if (narrow) {
          await tabTo(page, app.menu, { back: true });
          await page.keyboard.press('Enter');
          await expect(app.nav).toBeVisible();
        }
        const link = app.nav.getByRole('link', { name, exact: true });
        await tabTo(page, link, { back: !narrow });
        await page.keyboard.press('Enter');
      };

      await goTo('Settings');
      await expect(settings.root).toBeVisible();
      await tabTo(page, page.getByTestId('fixture-preset-keycloak'));
      await page.keyboard.press('Enter');
      await tabTo(page, page.getByTestId('fixture-use'));
      await page.keyboard.press('Space');
      await expect(settings.field('scopes_claim')).toHaveValue('realm_access.roles');
      await page.keyboard.press('ControlOrMeta+S');
      await expect(settings.saved).toBeVisible();
      await shot(page, dir, '1-preset');

      await goTo('Tokens');
      await expect(tokens.root).toBeVisible();
      await tabTo(page, page.getByTestId('tab-mint'));
      await page.keyboard.press('Enter');
      await tabTo(page, page.getByTestId('mint-sub'));
      await retype(page, 'alice');
      await tabTo(page, page.getByTestId('mint-scopes').locator('input'));
      for (let i = 0; i < 6; i++) await page.keyboard.press('Backspace');
      await page.keyboard.type('sessions:read');
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('mint-scopes')).toContainText('sessions:read');
      await tabTo(page, page.getByTestId('mint-submit'));
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('mint-signer')).toContainText('Keycloak');
      await shot(page, dir, '2-minted');

      await tabTo(page, page.getByTestId('inspect-minted'));
      await page.keyboard.press('Enter');
      await tabTo(page, tokens.inspectPath);
      await retype(page, '/metrics');
      await expect(tokens.status).toHaveAttribute('data-status', '403');
      await shot(page, dir, '3-refused');

      await tabTo(page, page.getByTestId('verdict-edit-mapping'));
      await page.keyboard.press('Enter');
      await expect(settings.root).toBeVisible();
      // The rule that decided opens focused: its Override button.
      const override = page.getByRole('button', { name: 'Override GET /metrics', exact: true });
      await expect(override).toBeFocused();
      await page.keyboard.press('Enter');
      // The new custom row takes focus in its scopes, the field to edit (before, focus fell to <body>).
      const scopes = page.getByTestId('scope-mapping-editor').locator('tbody tr', { has: page.locator('input[value="/metrics"]') }).getByLabel(/^Scopes of mapping/);
      await expect(scopes).toBeFocused();
      await expectFocusVisible(scopes);
      // Replace the default's metrics:read (a mapping's scopes are all needed, as on the platform).
      await page.keyboard.press('Backspace');
      await page.keyboard.type('sessions:read');
      await page.keyboard.press('Enter');
      await page.keyboard.press('ControlOrMeta+S');
      await expect(settings.saved).toBeVisible();
      await shot(page, dir, '4-fixed');

      await tabTo(page, page.getByTestId('recheck'), { back: true });
      await page.keyboard.press('Enter');
      await expect(tokens.status).toHaveAttribute('data-status', '200');
      await expect(tokens.inspectPath).toHaveValue('/metrics');
      await shot(page, dir, '5-allowed');
    });
  }
});
