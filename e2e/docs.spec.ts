import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

/**
 * `/docs` (Swagger UI) and `/redoc` render the API from local files: every request that would
 * leave the server's origin is aborted and counted, and none may happen.
 */
test.describe('API docs pages', () => {
  for (const { path, operation } of [
    // Swagger UI 5.35 sometimes stops drawing the list after the Sessions tag's first six
    // operations (seen with and without other tests beside it): the check is that the page draws
    // operations from local assets at all, so it waits for one among those six.
    { path: '/docs', operation: (page: Page) => page.getByText('/sessions/{session_id}').first() },
    // The platform's operation; the desk view documents its own copy under the same summary.
    { path: '/redoc', operation: (page: Page) => page.getByRole('heading', { name: /operation\/get_session_run Get run by ID$/ }) },
  ]) {
    test(`When ${path} is opened with the network cut, then it renders the operations from local assets`, async ({ page, server }) => {
      const origin = new URL(server.baseUrl).origin;
      const foreign: string[] = [];
      await page.context().route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
        foreign.push(url);
        return route.abort('internetdisconnected');
      });
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));

      const res = await page.goto(`${server.baseUrl}${path}`);
      expect(res?.status()).toBe(200);
      await expect(operation(page)).toBeVisible({ timeout: 90_000 }); // Redoc renders the whole document first: slow on a shared machine
      expect(foreign).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  test('When /docs/oauth2-redirect is opened, then it is served locally', async ({ page, server }) => {
    const res = await page.goto(`${server.baseUrl}/docs/oauth2-redirect`);
    expect(res?.status()).toBe(200);
  });
});
