import { describe, expect, it } from 'vitest';
import { extractToken, missingTokenDetail, readCookie, stripBearer } from './token-source.js';

const header = { token_source: 'HEADER', token_header_key: 'Authorization', cookie_name: 'access_token' } as const;
const cookie = { ...header, token_source: 'COOKIE' } as const;
const both = { ...header, token_source: 'BOTH' } as const;

function req(headers: Record<string, string>) {
  return { method: 'GET', path: '/agents', headers };
}

describe('stripBearer', () => {
  it('accepts the Bearer scheme in any case', () => {
    expect(stripBearer('bearer abc').token).toBe('abc');
    expect(stripBearer('BEARER   abc ').token).toBe('abc');
  });

  it('takes a bare value as the token and refuses other schemes', () => {
    expect(stripBearer('abc').token).toBe('abc');
    expect(stripBearer('Basic dXNlcjpwYXNz')).toEqual({ token: null, scheme: 'Basic' });
    expect(stripBearer('Bearer ').token).toBeNull();
  });
});

describe('readCookie', () => {
  it('finds one cookie by exact name, unquoted and decoded', () => {
    expect(readCookie('a=1; access_token="x%2Ey"; b=2', 'access_token')).toBe('x.y');
    expect(readCookie('my_access_token=no', 'access_token')).toBeUndefined();
  });

  it('keeps a malformed escape rather than throwing', () => {
    expect(readCookie('access_token=%E0%A4%A', 'access_token')).toBe('%E0%A4%A');
  });
});

describe('extractToken', () => {
  it('reads the configured header case-insensitively', () => {
    expect(extractToken(req({ 'x-access-token': 'tok' }), { ...header, token_header_key: 'X-Access-Token' }).token).toBe('tok');
  });

  it('ignores the cookie when the source is HEADER', () => {
    expect(extractToken(req({ cookie: 'access_token=tok' }), header).token).toBeNull();
  });

  it('ignores the header when the source is COOKIE', () => {
    expect(extractToken(req({ authorization: 'Bearer h', cookie: 'access_token=c' }), cookie)).toMatchObject({ token: 'c', from: 'cookie' });
  });

  it('tries the header first and falls back to the cookie with BOTH', () => {
    expect(extractToken(req({ authorization: 'Bearer h', cookie: 'access_token=c' }), both).token).toBe('h');
    expect(extractToken(req({ authorization: 'Basic x', cookie: 'access_token=c' }), both).token).toBe('c');
    expect(extractToken(req({ cookie: 'access_token=c' }), both).token).toBe('c');
  });

  it('says why a present header gave no token', () => {
    expect(extractToken(req({ authorization: 'Basic x' }), header).note).toBe('the Authorization header uses the Basic scheme, not Bearer');
  });

  it('names the configured source in the missing-token detail', () => {
    expect(missingTokenDetail(header)).toBe('Missing bearer token in the Authorization header');
    expect(missingTokenDetail(cookie)).toBe('Missing token in the access_token cookie');
    expect(missingTokenDetail(both)).toBe('Missing bearer token in the Authorization header or the access_token cookie');
  });
});
