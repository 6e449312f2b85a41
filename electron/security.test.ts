import { describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY, isInternalUrl, isPermissionAllowed, openExternalUrl, withCsp } from './security.js';

const ORIGIN = 'http://127.0.0.1:7777';

describe('isInternalUrl', () => {
  it.each([
    ['http://127.0.0.1:7777/ui/', true],
    ['http://127.0.0.1:7777/ui/sessions/abc?type=team#x', true],
    ['http://127.0.0.1:7777', true],
    ['HTTP://127.0.0.1:7777/ui/', true],
    ['http://127.0.0.1:7777/docs', true],
    // WHATWG URL (and Chromium) normalise these to 127.0.0.1: the very same origin.
    ['http://0x7f.0.0.1:7777/ui/', true],
    ['http://2130706433:7777/ui/', true],
  ])('When the URL is %s on the UI origin, Then it is internal', (url, expected) => {
    expect(isInternalUrl(url, ORIGIN)).toBe(expected);
  });

  it.each([
    ['javascript:alert(1)'],
    ['javascript://127.0.0.1:7777/%0aalert(1)'],
    ['file:///etc/passwd'],
    ['data:text/html,<script>alert(1)</script>'],
    ['about:blank'],
    ['blob:http://127.0.0.1:7777/uuid'],
    ['http://127.0.0.1:7778/ui/'],
    ['http://127.0.0.1/ui/'],
    ['http://127.0.0.1:80/ui/'],
    ['https://127.0.0.1:7777/ui/'],
    ['ws://127.0.0.1:7777/'],
    ['http://localhost:7777/ui/'],
    ['http://[::1]:7777/ui/'],
    ['http://127.0.0.1.evil.com:7777/'],
    ['http://127.0.0.1:7777.evil.com/'],
    ['http://evil.com/#http://127.0.0.1:7777/'],
    ['http://127.0.0.1:7777@evil.com/'],
    ['http://user:pass@127.0.0.1:7777/ui/'],
    ['http://evil@127.0.0.1:7777/ui/'],
    ['//127.0.0.1:7777/ui/'],
    ['/ui/'],
    [' http://127.0.0.1:7777/ui/'],
    ['http://127.0.0.1:7777/ui/\n'],
    ['http://127.0.0.1:7777/u\ti/'],
    [''],
    ['not a url'],
  ])('When the URL is %j, Then it is not internal', (url) => {
    expect(isInternalUrl(url, ORIGIN)).toBe(false);
  });

  it.each([[undefined], [null], [42], [{ href: `${ORIGIN}/ui/` }], [[`${ORIGIN}/ui/`]], [new URL(`${ORIGIN}/ui/`)]])(
    'When the value is not a string (%j), Then it is not internal',
    (value) => {
      expect(isInternalUrl(value, ORIGIN)).toBe(false);
    },
  );

  it('When the UI origin itself is malformed or not http, Then nothing is internal', () => {
    expect(isInternalUrl(`${ORIGIN}/ui/`, 'garbage')).toBe(false);
    expect(isInternalUrl('file:///x', 'file:///')).toBe(false);
  });
});

describe('openExternalUrl', () => {
  it.each([['https://example.com/docs'], ['http://127.0.0.1:7777/docs'], ['https://auth0.com/docs?x=1#y']])(
    'When given %s, Then it opens it in the system browser',
    (url) => {
      const open = vi.fn();
      expect(openExternalUrl(url, open)).toBe(true);
      expect(open).toHaveBeenCalledExactlyOnceWith(new URL(url).href);
    },
  );

  it.each([
    ['javascript:alert(1)'],
    ['file:///etc/passwd'],
    ['data:text/html,hi'],
    ['about:blank'],
    ['smb://server/share'],
    ['ms-settings:'],
    ['vscode://file/etc/passwd'],
    ['mailto:a@b.c'],
    ['https://user:pw@example.com/'],
    ['https://example.com/\nfoo'],
    ['/relative'],
    [''],
    [undefined],
    [null],
    [{ toString: (): string => 'https://example.com' }],
  ])('When given %j, Then it opens nothing', (value) => {
    const open = vi.fn();
    expect(openExternalUrl(value, open)).toBe(false);
    expect(open).not.toHaveBeenCalled();
  });

  it('When the opener rejects, Then the rejection is swallowed', async () => {
    const open = vi.fn(() => Promise.reject(new Error('no handler')));
    expect(openExternalUrl('https://example.com', open)).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
  });
});

describe('withCsp', () => {
  it('When the response has no CSP, Then ours is added and other headers are kept', () => {
    const out = withCsp({ 'Content-Type': ['text/html'], 'X-One': 'a' });
    expect(out).toEqual({
      'Content-Type': ['text/html'],
      'X-One': ['a'],
      'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
    });
  });

  it('When the server sent a CSP, Then it is kept alongside ours (browsers enforce both)', () => {
    const out = withCsp({ 'content-security-policy': ["default-src 'none'"] });
    expect(out['Content-Security-Policy']).toEqual(["default-src 'none'", CONTENT_SECURITY_POLICY]);
    expect(out['content-security-policy']).toBeUndefined();
  });

  it('When headers are missing, Then only the CSP is set', () => {
    expect(withCsp(undefined)).toEqual({ 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] });
  });

  it('The policy forbids inline scripts, eval, plugins and framing', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'self'");
  });
});

describe('isPermissionAllowed', () => {
  it('When the UI asks to write the clipboard, Then it is allowed', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', `${ORIGIN}/ui/`, ORIGIN)).toBe(true);
  });

  it.each([
    ['clipboard-sanitized-write', 'https://evil.com/'],
    ['clipboard-read', `${ORIGIN}/ui/`],
    ['media', `${ORIGIN}/ui/`],
    ['notifications', `${ORIGIN}/ui/`],
    ['geolocation', `${ORIGIN}/ui/`],
    ['openExternal', `${ORIGIN}/ui/`],
  ])('When %s is asked by %s, Then it is refused', (permission, url) => {
    expect(isPermissionAllowed(permission, url, ORIGIN)).toBe(false);
  });
});
