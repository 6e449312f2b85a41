/**
 * The desk credential as a cookie: main sets it on the window's session itself, so the token
 * never appears in a URL (no `?token=` login link, no history entry).
 */

/** The cookie the server accepts in place of the `X-Desk-Token` header. */
export const DESK_COOKIE_NAME = 'rundesk_desk';

/** Electron's `CookiesSetDetails` for the desk token on the UI origin (a session cookie: no expiry). */
export interface DeskCookieDetails {
  url: string;
  name: string;
  value: string;
  path: string;
  httpOnly: true;
  secure: boolean;
  sameSite: 'strict';
}

export function deskCookie(baseUrl: string, deskToken: string): DeskCookieDetails {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`not an http(s) base URL: ${baseUrl}`);
  if (!/^[A-Za-z0-9._~+/=-]+$/.test(deskToken)) throw new TypeError('desk token has characters a cookie cannot carry');
  return {
    url: `${url.origin}/`,
    name: DESK_COOKIE_NAME,
    value: deskToken,
    path: '/',
    httpOnly: true,
    // Plain-http loopback: a Secure cookie would never be sent.
    secure: url.protocol === 'https:',
    sameSite: 'strict',
  };
}
