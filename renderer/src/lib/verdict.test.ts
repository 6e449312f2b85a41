import { describe, expect, it } from 'vitest';
import { readVerdict } from './verdict';

describe('readVerdict', () => {
  it('reads missing scopes when the verdict lists them', () => {
    const v = readVerdict({ status: 403, detail: 'Insufficient scopes', required_scopes: ['sessions:read'], missing_scopes: ['sessions:read'] });
    expect(v).toMatchObject({ status: 403, missingScopes: ['sessions:read'], requiredScopes: ['sessions:read'] });
  });

  it('derives missing scopes from required scopes and the token’s scopes', () => {
    const v = readVerdict({
      status: 403,
      requiredScopes: ['sessions:read', 'agents:read'],
      state: { scopes: ['agents:read'], user_id: 'alice' },
      claims: { sub: 'alice', exp: 123 },
    });
    expect(v.missingScopes).toEqual(['sessions:read']);
    expect(v.tokenScopes).toEqual(['agents:read']);
    expect(v.userId).toBe('alice');
    expect(v.expiresAt).toBe(123);
  });

  it('reads the verifying key, a verification failure and hints', () => {
    const v = readVerdict({
      status: 401,
      verification: { verified_by: null, failure: { reason: 'signature does not match any key' } },
      hints: ['mint a token here'],
    });
    expect(v.verificationFailure).toBe('signature does not match any key');
    expect(v.hints).toEqual(['mint a token here']);
    expect(readVerdict({ verification: { verified_by: { source: 'jwks_file', kid: 'k1' } } }).verifiedBy).toBe('jwks_file · k1');
  });

  it('reads nested decisions and tolerates nothing', () => {
    expect(readVerdict({ decision: { status: 401, detail: 'Token has expired' } })).toMatchObject({ status: 401, detail: 'Token has expired' });
    expect(readVerdict(null).missingScopes).toEqual([]);
  });
});
