import { describe, expect, it } from 'vitest';
import type { InspectVerdict } from '../api-types/shapes';
import { readVerdict } from './verdict';

// A 403 as /desk/inspect sends it (DeskInspectResponse).
const denied: InspectVerdict = {
  method: 'GET',
  path: '/sessions',
  outcome: 'deny',
  status: 403,
  detail: 'Insufficient scopes',
  error_code: 'FORBIDDEN',
  reason: 'forbidden',
  excluded_by: null,
  header: { alg: 'RS256' },
  claims: { sub: 'alice', aud: ['a', 'b'], exp: 123 },
  decode_error: null,
  verification: { validate: true, verified: true, verified_by: { source: 'jwks_file', index: null, kid: 'k1' }, attempts: [], failure: null },
  audience: { checked: false, expected: [], actual: null, ok: null },
  state: {
    authenticated: true, user_id: 'alice', session_id: null, scopes: ['agents:read'], audience: null, token: 't',
    authorization_enabled: true, dependencies: {}, session_state: {}, accessible_resource_ids: [], is_admin: false, user_isolation: false,
  },
  authorization_enabled: true,
  matched: { pattern: '/sessions', scopes: ['sessions:read'], source: 'default', override_key: 'GET /sessions' },
  required_scopes: ['sessions:read'],
  missing_scopes: ['sessions:read'],
  allowed_resource_ids: null,
  platform_note: null,
  other_verdict: null,
  hints: ['mint a token here'],
  lint: [],
};

describe('readVerdict', () => {
  it('reads a refusal as the desk sends it', () => {
    expect(readVerdict(denied)).toEqual({
      status: 403, outcome: 'deny', detail: 'Insufficient scopes', errorCode: 'FORBIDDEN',
      requiredScopes: ['sessions:read'], missingScopes: ['sessions:read'], tokenScopes: ['agents:read'],
      matchedPattern: '/sessions', userId: 'alice', subject: 'alice', audience: 'a, b', expiresAt: 123,
      verifiedBy: 'jwks_file · k1', verificationFailure: null, hints: ['mint a token here'],
    });
  });

  it('reads a verification failure and an unverified token', () => {
    const v = readVerdict({
      ...denied, status: 401, state: null, claims: null,
      verification: { ...denied.verification, verified: false, verified_by: null, failure: 'signature does not match any key' },
    });
    expect(v).toMatchObject({ status: 401, verificationFailure: 'signature does not match any key', verifiedBy: null, tokenScopes: [], userId: null, subject: null });
  });

  it('reads nothing yet as empty', () => {
    expect(readVerdict(undefined)).toMatchObject({ status: null, missingScopes: [], hints: [] });
  });
});
