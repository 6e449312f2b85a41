import { describe, expect, it } from 'vitest';
import { DESK_COOKIE_NAME, deskCookie } from './desk-cookie.js';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCd';

describe('deskCookie', () => {
  it('When the server is plain-http loopback, Then the cookie is HttpOnly, SameSite=Strict, not Secure, for the whole origin', () => {
    expect(deskCookie('http://127.0.0.1:7777', TOKEN)).toEqual({
      url: 'http://127.0.0.1:7777/',
      name: 'rundesk_desk',
      value: TOKEN,
      path: '/',
      httpOnly: true,
      secure: false,
      sameSite: 'strict',
    });
  });

  it('has no expiry: a session cookie never written to disk by Chromium', () => {
    expect('expirationDate' in deskCookie('http://127.0.0.1:7777', TOKEN)).toBe(false);
  });

  it('uses the name the server reads', () => {
    expect(DESK_COOKIE_NAME).toBe('rundesk_desk');
  });

  it('When the base URL has a path, Then the cookie still targets the origin', () => {
    expect(deskCookie('http://127.0.0.1:7777/ui/', TOKEN).url).toBe('http://127.0.0.1:7777/');
  });

  it.each([['a;b'], ['a b'], [''], ['tok\r\nSet-Cookie: x=y']])('When the token is %j, Then it is refused', (token) => {
    expect(() => deskCookie('http://127.0.0.1:7777', token)).toThrow(TypeError);
  });

  it('When the base URL is not http(s), Then it is refused', () => {
    expect(() => deskCookie('file:///tmp', TOKEN)).toThrow(TypeError);
  });
});
