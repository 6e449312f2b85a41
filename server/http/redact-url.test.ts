import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.js';

const SECRET = 'kq3VZl0d7mM3cH6w0Xp2yqgQ2sXW1t9fJ3rP0aB4cDe';

/** `token` with each character kept, upper-cased or percent-encoded (once or twice). */
const tokenSpelling = fc
  .tuple(...[...'token'].map((ch) => fc.constantFrom(ch, ch.toUpperCase(), `%${ch.charCodeAt(0).toString(16)}`, `%25${ch.charCodeAt(0).toString(16)}`, `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)))
  .map((parts) => parts.join(''));

describe('redactUrl', () => {
  it('redacts the token parameter however its name is spelled, and keeps the rest', () => {
    fc.assert(
      fc.property(tokenSpelling, fc.constantFrom('', 'a=1&', 'x=%20y&'), fc.constantFrom('', '&b=2', '#frag'), (name, before, after) => {
        const out = redactUrl(`/ui/?${before}${name}=${SECRET}${after}`);
        expect(out).not.toContain(SECRET);
        expect(out).toBe(`/ui/?${before}${name}=[redacted]${after}`);
      }),
    );
  });

  it('redacts the desk token wherever else it appears, and leaves other URLs alone', () => {
    expect(redactUrl(`/ui/${SECRET}/x?q=${SECRET}`, [SECRET])).toBe('/ui/[redacted]/x?q=[redacted]');
    expect(redactUrl('/sessions?tokens=1&stoken=2&type=agent')).toBe('/sessions?tokens=1&stoken=2&type=agent');
    expect(redactUrl('/ui/?token')).toBe('/ui/?token=[redacted]');
    expect(redactUrl('/ui/?%E0%A4%A=1')).toBe('/ui/?%E0%A4%A=[redacted]');
  });
});
