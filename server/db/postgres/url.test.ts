import fc from 'fast-check';
// pg parses connection strings with pg-connection-string: it is the oracle for what is contacted.
import { parse } from 'pg-connection-string';
import { describe, expect, it } from 'vitest';
import { displayPostgresUrl, hasMaskedPassword, maskPostgresUrl } from './url.js';

describe('PostgreSQL URLs as rundesk shows them', () => {
  it('shows the user, host, port and database pg contacts, never the password', () => {
    expect(displayPostgresUrl('postgresql://ada:secret@db.internal:5432/agents?sslmode=require')).toBe('postgresql://ada@db.internal:5432/agents');
    expect(displayPostgresUrl('postgresql://ada:pw@db.internal/agents')).toBe('postgresql://ada@db.internal:5432/agents');
    expect(displayPostgresUrl('postgresql://u:pw@127.0.0.1:1/agents?host=127.0.0.1&port=55481')).toBe('postgresql://u@127.0.0.1:55481/agents');
    expect(displayPostgresUrl('postgresql://u@h/agents?user=bob&password=pw')).toBe('postgresql://bob@h:5432/agents');
    expect(displayPostgresUrl('postgresql://u@[::1]:6543/agents')).toBe('postgresql://u@[::1]:6543/agents');
  });

  it('masks the password of the user info and of the password options, keeping the rest as written', () => {
    expect(maskPostgresUrl('postgresql://ada:secret@db.internal/agents?sslmode=require')).toBe('postgresql://ada:***@db.internal/agents?sslmode=require');
    expect(maskPostgresUrl('postgresql://ada@db/agents?password=secret')).toBe('postgresql://ada@db/agents?password=***');
    expect(maskPostgresUrl('postgresql://ada@db/agents')).toBe('postgresql://ada@db/agents');
    expect(maskPostgresUrl('not a url with secret')).toBe('***');
    expect(hasMaskedPassword('postgresql://ada:***@db/agents')).toBe(true);
    expect(hasMaskedPassword('postgresql://ada@db/agents?password=***')).toBe(true);
    expect(hasMaskedPassword('postgresql://ada:real@db/agents')).toBe(false);
  });

  it('names the host and port pg-connection-string resolves, for any mix of URL parts and options', () => {
    const host = fc.constantFrom('127.0.0.1', 'db.internal', 'a-b.example', '[::1]');
    const port = fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined });
    fc.assert(
      fc.property(host, port, fc.option(host, { nil: undefined }), port, fc.string({ minLength: 1, maxLength: 12 }), (h, p, optHost, optPort, pw) => {
        const options = new URLSearchParams();
        if (optHost !== undefined) options.set('host', optHost.replace(/^\[(.*)\]$/, '$1'));
        if (optPort !== undefined) options.set('port', String(optPort));
        const query = options.toString();
        const url = `postgresql://ada:${encodeURIComponent(pw)}@${h}${p === undefined ? '' : `:${p}`}/agents${query ? `?${query}` : ''}`;
        const shown = new URL(displayPostgresUrl(url));
        const resolved = parse(url);
        expect(shown.hostname.replace(/^\[(.*)\]$/, '$1')).toBe(resolved.host);
        expect(shown.port || '5432').toBe(resolved.port || '5432');
        expect(displayPostgresUrl(url)).not.toContain(`:${encodeURIComponent(pw)}@`);
        expect(maskPostgresUrl(url)).toContain('ada:***@');
      }),
      { numRuns: 500 },
    );
  });
});
