import { expect, screenshot, test } from './fixtures.js';
import { AppShell } from './pages/app.js';
import { TracesList } from './pages/trace.js';
import { attachObservability, OBS } from './support/observability.js';

/**
 * The workbench's rough edges of issue 33, walked in Chromium at 1440 and 800 px: a mapping typo
 * flagged while typed, a pasted key checked as it is pasted, the runs view counting runs and
 * agreeing with Traces → Errors, a session's wall-clock run time.
 */
for (const size of [{ width: 1440, height: 900 }, { width: 800, height: 900 }]) {
  test(`workbench polish at ${size.width} px`, async ({ page, server }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(size);
    await attachObservability(server);
    await new AppShell(page).login(server.loginUrl);

    // A typo in a new mapping's scope, flagged before anything is saved.
    await page.goto(`${server.baseUrl}/ui/settings`);
    await page.getByTestId('add-mapping').click();
    await page.getByLabel('Path pattern of mapping 1').fill('/reports/*');
    await page.getByLabel('Scopes of mapping 1').fill('sesions:read');
    await expect(page.getByTestId('mapping-typo')).toContainText('did you mean "sessions:read"?');
    await expect(page.getByRole('note', { name: 'How patterns match' })).toBeVisible();
    await screenshot(page, `polish-${size.width}-mapping-typo`);

    // A pasted token, coloured by part, checked against a pasted JWKS with no click.
    const token = await server.mint({ sub: 'quentin', scopes: ['sessions:read'] });
    const jwks = await server.desk('GET', '/desk/keys/jwks.json');
    await page.goto(`${server.baseUrl}/ui/tokens?tab=inspect`);
    await page.getByTestId('inspect-token').fill(token);
    await expect(page.getByTestId('token-input-mirror').locator('[data-part="1"]')).toHaveText(token.split('.')[1]!);
    await page.getByTestId('verify-with-key').locator('button[aria-expanded]').click();
    await page.getByTestId('verify-key').fill(JSON.stringify(jwks));
    await expect(page.getByTestId('verify-verdict')).toHaveText('Signature verified');
    await screenshot(page, `polish-${size.width}-inspect-verify`);

    // The runs view: runs counted per type, failed or cancelled = Traces → Errors.
    await page.goto(`${server.baseUrl}/ui/sessions?view=runs&db=obs`);
    await expect(page.locator('[data-type="all"]')).toContainText('24');
    await expect(page.locator('[data-type="team"]')).toHaveText(/^Team[1-9]\d*$/);
    await expect(page.getByTestId('pagination')).toContainText('of 24 runs');
    // The box follows the URL's state, which settles after the click: wait for it, not for check().
    const failedOnly = page.getByRole('checkbox', { name: 'Failed or cancelled' });
    await failedOnly.click();
    await expect(failedOnly).toBeChecked();
    await expect(page.getByTestId('run-result')).toHaveCount(3);
    await screenshot(page, `polish-${size.width}-runs-failed`);
    await page.goto(`${server.baseUrl}/ui/traces?db=obs`);
    await new TracesList(page).status('Errors').click();
    await expect(page.getByTestId('trace-row')).toHaveCount(3);

    // The research team's session: wall clock, not the sum of overlapping runs.
    await page.goto(`${server.baseUrl}/ui/sessions/${OBS.teamSession}?type=team&db=obs`);
    await expect(page.getByTitle(/^Wall clock/)).toHaveText('24.8 s');
    await screenshot(page, `polish-${size.width}-session-run-time`);
  });
}
