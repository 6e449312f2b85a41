/**
 * URL and header policy for the window. Pure functions: every URL is hostile until parsed.
 * No Electron import, so the adversarial tables in security.test.ts run under plain Node.
 */

/** Parses `value` as an absolute URL, or `null` (non-strings, relative or malformed URLs). */
function parseUrl(value: unknown): URL | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 8192) return null;
  // Control characters and whitespace are silently stripped by the URL parser; refuse them.
  if (/[\u0000-\u0020\u007f]/.test(value)) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * Whether `value` is a page of the rundesk UI itself: the exact origin the server listens on
 * (`http://127.0.0.1:<port>`), with no userinfo. Everything else — other ports, look-alike hosts
 * such as `http://127.0.0.1.evil.com`, `file:`, `javascript:`, `data:`, `about:blank` — is not.
 *
 * @example
 * isInternalUrl('http://127.0.0.1:7777/ui/runs', 'http://127.0.0.1:7777') // true
 * isInternalUrl('http://127.0.0.1:7777@evil.com/', 'http://127.0.0.1:7777') // false
 */
export function isInternalUrl(value: unknown, uiOrigin: string): boolean {
  const url = parseUrl(value);
  const origin = parseUrl(uiOrigin);
  if (!url || !origin || origin.protocol !== 'http:') return false;
  if (url.username !== '' || url.password !== '') return false;
  return url.protocol === origin.protocol && url.host === origin.host;
}

/**
 * Opens `value` in the system browser when it is a plain http(s) URL without userinfo;
 * returns whether it did. `open` is `shell.openExternal` (injected).
 */
export function openExternalUrl(value: unknown, open: (url: string) => unknown): boolean {
  const url = parseUrl(value);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return false;
  if (url.username !== '' || url.password !== '' || url.hostname === '') return false;
  const pending = open(url.href);
  // shell.openExternal rejects when no handler exists; nothing useful to do about it here.
  if (pending instanceof Promise) pending.catch(() => undefined);
  return true;
}

/**
 * The window's Content-Security-Policy. Scripts, styles, fonts and XHR come from the UI origin
 * only; no plugins, no framing, no `<base>` tricks. Inline styles are allowed (React `style`
 * props and Vite's CSS); inline scripts and `eval` are not.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-src 'none'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export type ResponseHeaders = Record<string, string[] | string>;

/**
 * Adds our CSP to a response's headers, keeping any the server sent: browsers enforce every
 * CSP header, so the result is at least as strict as each one.
 */
export function withCsp(headers: ResponseHeaders | undefined, policy = CONTENT_SECURITY_POLICY): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const existing: string[] = [];
  for (const [name, value] of Object.entries(headers ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    if (name.toLowerCase() === 'content-security-policy') existing.push(...values);
    else out[name] = values;
  }
  out['Content-Security-Policy'] = [...existing, policy];
  return out;
}

/**
 * Permissions the UI may use: writing to the clipboard (copying a minted token) from the UI
 * origin. Camera, notifications, geolocation, etc. are all refused.
 */
export function isPermissionAllowed(permission: string, requestingUrl: unknown, uiOrigin: string): boolean {
  return permission === 'clipboard-sanitized-write' && isInternalUrl(requestingUrl, uiOrigin);
}
