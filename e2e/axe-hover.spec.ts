import { expect, test } from './fixtures.js';
import { AppShell } from './pages/app.js';
import { seriousViolations } from './support/axe.js';

/**
 * A hovered header control while axe switches the theme: its colour fades between the themes'
 * hover colours, and axe must measure the colour at rest, not mid-fade (CI once read 4.08:1 on
 * the acting-as prefix that way).
 */
test('axe measures a hovered header control at rest after a theme switch', async ({ page, server }) => {
  const app = new AppShell(page);
  await app.login(server.loginUrl);
  await page.setViewportSize({ width: 1440, height: 900 });
  // Slow every transition twentyfold (120 ms → 2.4 s) so that a measure taken mid-fade is
  // certain here rather than only on a loaded machine.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 0.05 });
  await app.actingAs.hover();
  expect(await seriousViolations(page, 'body')).toEqual([]);
});
