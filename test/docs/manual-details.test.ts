import { describe, expect, it } from 'vitest';
import { keyPair, layerFor, OS_ID, sign } from '../../server/testing/auth-tokens.js';
import { manualPage } from './manual.js';

/** The 403 details docs/auth.md quotes are the ones the server sends. */
const AUTH_PAGE = manualPage('auth.md');

describe('403 examples of docs/auth.md', () => {
  it.each([
    [{ 'GET /sessions/*': ['x:read'] }, 'sessions:read', '/sessions/s/runs/r'],
    [null, 'agents:read', '/sessions'],
    [null, 'agents:read', '/sessions/s1/runs/r1'],
    [null, 'sessions:read', '/agents/a1'],
  ])('with mappings %j, a token holding %s on GET %s gets a detail docs/auth.md quotes', async (mappings, scope, urlPath) => {
    const keys = await keyPair('RS256');
    const layer = await layerFor({ verification_keys: [keys.pem], authorization: true, scope_mappings: mappings });
    try {
      const token = await sign({ sub: 'u', scopes: [scope], aud: OS_ID }, { key: keys.privateKey });
      const decision = await layer.inspectToken({ token, method: 'GET', path: urlPath });
      expect(decision.status).toBe(403);
      const list = /requires one of (\[[^\]]*\])/.exec(decision.detail ?? '')?.[1];
      expect(list).toBeDefined();
      expect(AUTH_PAGE).toContain(list);
    } finally {
      layer.close();
    }
  });
});
