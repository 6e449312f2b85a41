import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/server-harness.js';
import { EMPTY_IMAGE, REDOC_CDN_LOGO } from './docs.js';

describe('Given the ReDoc page served offline', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({});
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('When its bundle is fetched, then the footer logo is an inline empty image, not the CDN the page may not reach', async () => {
    const res = await fetch(`${server.baseUrl}/redoc/assets/redoc.standalone.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const text = await res.text();
    expect(text).not.toContain(REDOC_CDN_LOGO);
    expect(text).toContain(`src:"${EMPTY_IMAGE}"`);
    // The rest of the bundle is Redoc's own, whole.
    expect(text.length).toBeGreaterThan(500_000);
    expect(text).toContain('Redoc');
  });

  it('When the page and its other assets are asked for, then they are served as before', async () => {
    const page = await fetch(`${server.baseUrl}/redoc`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("img-src 'self' data:");
    const lib = await fetch(`${server.baseUrl}/redoc/assets/redoc.standalone.js.LICENSE.txt`);
    expect(lib.status).toBe(200);
  });
});
