import { describe, expect, it } from 'vitest';
import { ApiError } from './client';

function failure(status: number, code: string | null): ApiError {
  return new ApiError({ status, code, detail: 'x', method: 'GET', path: '/sessions', url: '/sessions' });
}

describe('ApiError reads the kind of failure from error_code, never from the status', () => {
  it('is an auth refusal for UNAUTHENTICATED and FORBIDDEN only', () => {
    expect(failure(401, 'UNAUTHENTICATED').isAuthError).toBe(true);
    expect(failure(403, 'FORBIDDEN').isAuthError).toBe(true);
    expect(failure(401, 'NOT_FOUND').isAuthError).toBe(false);
    expect(failure(403, null).isAuthError).toBe(false);
  });
  it('is not found for NOT_FOUND only', () => {
    expect(failure(404, 'NOT_FOUND').isNotFound).toBe(true);
    expect(failure(404, 'SESSION_UNREADABLE').isNotFound).toBe(false);
  });
  it('is worth retrying when the server was unreachable, failed inside or its database was away', () => {
    for (const code of ['NETWORK_ERROR', 'BAD_RESPONSE', 'INTERNAL_SERVER_ERROR', 'DATABASE_UNAVAILABLE', 'DATABASE_BUSY', null]) {
      expect(failure(503, code).isTransient).toBe(true);
    }
    for (const code of ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'VALIDATION_ERROR', 'SESSION_UNREADABLE', 'CONFIG_ERROR']) {
      expect(failure(500, code).isTransient).toBe(false);
    }
  });
});
