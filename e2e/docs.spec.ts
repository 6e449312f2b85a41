import type { Page } from '@playwright/test';
import { expect, readOnlyServer, test } from './fixtures.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** `"<tag> <METHOD> <path>"` for each operation of the document, once per tag it is listed under. */
function documentOperations(document: { paths: Record<string, Record<string, { tags?: string[] }>> }): string[] {
  const out: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      for (const tag of operation.tags?.length ? operation.tags : ['default']) out.push(`${tag} ${method.toUpperCase()} ${path}`);
    }
  }
  return out.sort();
}

/** The same list read from the operations Swagger UI has put in the page. */
function drawnOperations(page: Page): Promise<string[]> {
  return page.locator('.opblock').evaluateAll((ops) =>
    ops
      .map((op) => {
        const tag = op.closest('.opblock-tag-section')?.querySelector('.opblock-tag')?.getAttribute('data-tag') ?? '(no tag section)';
        const method = op.querySelector('.opblock-summary-method')?.textContent ?? '?';
        return `${tag} ${method} ${op.querySelector('.opblock-summary [data-path]')?.getAttribute('data-path') ?? '?'}`;
      })
      .sort(),
  );
}

/**
 * `/docs` (Swagger UI) and `/redoc` render the API from local files: every request that would
 * leave the server's origin is aborted and counted, and none may happen.
 */
test.describe('API docs pages', () => {
  // Every test here only reads: one server for them all.
  const server = readOnlyServer();
  async function open(page: Page, baseUrl: string, path: string) {
    const origin = new URL(baseUrl).origin;
    const foreign: string[] = [];
    await page.context().route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
      foreign.push(url);
      return route.abort('internetdisconnected');
    });
    const errors: string[] = [];
    const consoleErrors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') consoleErrors.push(msg.text());
    });
    const res = await page.goto(`${baseUrl}${path}`);
    expect(res?.status()).toBe(200);
    return { foreign, errors, consoleErrors };
  }

  test('When /docs is opened with the network cut, then it draws every operation of /openapi.json from local assets', async ({ page }) => {
    const document = (await (await fetch(`${server().baseUrl}/openapi.json`)).json()) as Parameters<typeof documentOperations>[0];
    const expected = documentOperations(document);
    const { foreign, errors, consoleErrors } = await open(page, server().baseUrl, '/docs');

    // Every operation is in the page without scrolling: Swagger UI 5.35 would otherwise draw only
    // those near the viewport once the document is large, out of reach of find-in-page.
    await expect.poll(() => drawnOperations(page), { timeout: 90_000 }).toEqual(expected);
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    expect(consoleErrors).toEqual([]); // e.g. a 401 for /favicon.ico, a platform route
  });

  test('When /redoc is opened with the network cut, then it renders the operations from local assets', async ({ page }) => {
    const { foreign, errors, consoleErrors } = await open(page, server().baseUrl, '/redoc');
    // The platform's operation; the desk view documents its own copy under the same summary.
    // Redoc renders the whole document first: slow on a shared machine.
    await expect(page.getByRole('heading', { name: /operation\/get_session_run Get run by ID$/ })).toBeVisible({ timeout: 90_000 });
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    // e.g. Redoc's footer logo from its CDN, refused by the page's CSP (rundesk serves the bundle
    // with an empty image in its place).
    expect(consoleErrors).toEqual([]);
  });

  test('When /docs/oauth2-redirect is opened, then it is served locally', async ({ page }) => {
    const res = await page.goto(`${server().baseUrl}/docs/oauth2-redirect`);
    expect(res?.status()).toBe(200);
  });
});
