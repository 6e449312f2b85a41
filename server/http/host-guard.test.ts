import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAllowedHost } from './host-guard.js';

describe('isAllowedHost', () => {
  it.each([
    ['127.0.0.1:7777', true],
    ['localhost:7777', true],
    ['LOCALHOST:7777', true],
    ['[::1]:7777', true],
    ['127.0.0.1:7778', false],
    ['127.0.0.1', false],
    ['evil.example:7777', false],
    ['127.0.0.1.evil.example:7777', false],
    ['localhost:7777.evil.example', false],
    ['', false],
  ])('When Host is %j on port 7777, then allowed is %s', (host, allowed) => {
    expect(isAllowedHost(host, 7777, '127.0.0.1')).toBe(allowed);
  });

  it('When the header is missing, then it is refused', () => {
    expect(isAllowedHost(undefined, 7777, '127.0.0.1')).toBe(false);
  });

  it('When bound to a specific address, then that address is allowed too', () => {
    expect(isAllowedHost('192.168.1.5:7777', 7777, '192.168.1.5')).toBe(true);
    expect(isAllowedHost('0.0.0.0:7777', 7777, '0.0.0.0')).toBe(false);
  });

  it('Property: any host that is not a loopback name is refused', () => {
    fc.assert(
      fc.property(fc.domain(), fc.integer({ min: 1, max: 65535 }), (domain, port) => {
        fc.pre(domain !== 'localhost');
        expect(isAllowedHost(`${domain}:${port}`, port, '127.0.0.1')).toBe(false);
      }),
    );
  });
});
