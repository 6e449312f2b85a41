import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOwnOrigin, readDeskCookie, withoutTokenParam } from './desk-guard.js';
import { startDeskServer, type DeskTestServer } from '../testing/desk-server.js';

describe('isOwnOrigin', () => {
  const base = 'http://127.0.0.1:7777';
  it.each([
    ['http://127.0.0.1:7777', true],
    ['http://127.0.0.1:7777/', true],
    ['http://localhost:7777', true],
    ['http://[::1]:7777', true],
    ['http://localhost:7778', false],
    ['https://127.0.0.1:7777', false],
    ['http://evil.example:7777', false],
    ['http://127.0.0.1.evil.example:7777', false],
    ['null', false],
    ['', false],
    ['http://127.0.0.1:7777/path', false],
  ])('%s is own: %s', (origin, own) => {
    expect(isOwnOrigin(origin, base)).toBe(own);
  });
});

describe('guard helpers', () => {
  it('reads the desk cookie among others, decoding it', () => {
    expect(readDeskCookie('a=1; rundesk_desk=abc%2Dd; b=2')).toBe('abc-d');
    expect(readDeskCookie('rundesk_desk_x=1')).toBeUndefined();
    expect(readDeskCookie(undefined)).toBeUndefined();
  });

  it('removes only the token parameter from a login URL', () => {
    expect(withoutTokenParam('/ui/?token=abc')).toBe('/ui/');
    expect(withoutTokenParam('/ui/sessions?x=1&token=abc&y=2')).toBe('/ui/sessions?x=1&y=2');
  });
});

describe('the desk guard over HTTP', () => {
  let s: DeskTestServer;
  beforeAll(async () => {
    s = await startDeskServer();
  });
  afterAll(() => s.stop());

  it('When no desk token is sent, Then the desk answers 401 with the error body and WWW-Authenticate', async () => {
    const r = await s.desk('GET', '/desk/keys', undefined, { 'x-desk-token': '' });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ detail: expect.stringMatching(/Desk token missing/), error_code: 'UNAUTHENTICATED' });
    expect(r.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('When a wrong desk token is sent, Then the desk answers 401', async () => {
    const r = await s.desk('GET', '/desk/settings', undefined, { 'x-desk-token': 'x'.repeat(43) });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ detail: 'Desk token invalid', error_code: 'UNAUTHENTICATED' });
  });

  it('When a write comes from a foreign Origin, Then it is refused with 403 even with the right token', async () => {
    const before = (await s.desk('GET', '/desk/keys')).body.keys.length;
    const r = await s.desk('POST', '/desk/keys', { alg: 'ES256' }, { origin: 'http://evil.example' });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ error_code: 'FORBIDDEN', detail: expect.stringMatching(/Cross-origin/) });
    expect((await s.desk('GET', '/desk/keys')).body.keys).toHaveLength(before);
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      expect((await s.desk(method, '/desk/settings', {}, { origin: 'null' })).status).toBe(403);
    }
  });

  it('When a write comes from the server\'s own origin (either loopback name), Then it passes', async () => {
    const port = new URL(s.baseUrl).port;
    expect((await s.desk('POST', '/desk/sample-data', {}, { origin: s.baseUrl })).status).toBe(200);
    expect((await s.desk('POST', '/desk/sample-data', {}, { origin: `http://localhost:${port}` })).status).toBe(200);
  });

  it('Then no CORS headers are ever sent, not even to a preflight', async () => {
    const r = await s.desk('GET', '/desk/keys', undefined, { origin: 'http://evil.example' });
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await s.desk('OPTIONS', '/desk/keys', undefined, {
      'x-desk-token': '',
      origin: 'http://evil.example',
      'access-control-request-method': 'POST',
    });
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    expect(pre.status).toBe(401);
  });

  it('When the desk cookie is sent instead of the header, Then the desk answers', async () => {
    const r = await s.desk('GET', '/desk/settings', undefined, { 'x-desk-token': '', cookie: `rundesk_desk=${s.server.deskToken}` });
    expect(r.status).toBe(200);
  });

  it('When the UI login URL is opened, Then the cookie is set (HttpOnly, SameSite=Strict, Path=/) and the token leaves the URL', async () => {
    const r = await fetch(`${s.server.loginUrl}&tab=keys`, { redirect: 'manual' });
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/ui/?tab=keys');
    const cookie = r.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`rundesk_desk=${s.server.deskToken}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\//);
    const next = await fetch(`${s.baseUrl}/ui/`, { headers: { cookie: `rundesk_desk=${s.server.deskToken}` }, redirect: 'manual' });
    expect(next.status).not.toBe(401);
  });

  it('When the UI login URL carries a wrong token, Then it answers 401 and sets no cookie', async () => {
    const r = await fetch(`${s.baseUrl}/ui/?token=nope`, { redirect: 'manual' });
    expect(r.status).toBe(401);
    expect(r.headers.get('set-cookie')).toBeNull();
    const page = await fetch(`${s.baseUrl}/ui/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(401);
  });
});
