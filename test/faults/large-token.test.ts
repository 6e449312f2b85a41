import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing/server-harness.js';
import { errorBody } from './support.js';

/** A validly signed token of about `kb` KB: identity providers' tokens grow with groups and roles. */
async function tokenOfSize(t: TestServer, kb: number): Promise<string> {
  // base64url makes 4 characters of 3 bytes; the header and signature add under 1 KB.
  const groups = Array.from({ length: Math.floor((kb - 1) * 1024 * 0.75 / 16) }, (_, i) => `group-${String(i).padStart(6, '0')}`);
  return t.token({ groups });
}

describe('Given validly signed tokens around the 64 KB limit', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t?.stop());

  it('When a token is over 64 KB, Then the 401 names the limit and the size, on the run route and elsewhere', async () => {
    const big = await tokenOfSize(t, 88);
    expect(big.length).toBeGreaterThan(80 * 1024);
    for (const p of ['/sessions', '/sessions/s1/runs/r1', '/agents']) {
      const res = await t.get(p, big);
      expect(res.status, p).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
      expect(await errorBody(res)).toEqual({ detail: `Token too large: ${big.length} bytes (limit 65536)`, error_code: 'UNAUTHENTICATED' });
    }
  });

  it('When a token is just under the limit, Then it is accepted', async () => {
    const fits = await tokenOfSize(t, 60);
    expect(fits.length).toBeLessThanOrEqual(65536);
    expect((await t.get('/sessions', fits)).status).toBe(200);
  });
});
