import fc from 'fast-check';
import { KeyObject, sign as cryptoSign } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { b64, bearer, keyPair, layerFor, NOW_S, sign } from '../testing/auth-tokens.js';

/**
 * Hostile tokens: each must be a 401 decision from `authorize`, never a throw, and must
 * not crash the workbench's inspector or route matrix either.
 */
async function corpus(): Promise<[string, string][]> {
  const rsa = await keyPair('RS256');
  const good = await sign({ sub: 'u1', scopes: ['agents:read'] }, { key: rsa.privateKey, kid: 'k1' });
  const [h, p, s] = good.split('.') as [string, string, string];
  const enc = new TextEncoder();
  // Signed with node:crypto directly: jose rightly refuses to produce some of these.
  const signRaw = async (header: Record<string, unknown>, payload: string) => {
    const input = `${b64(header)}.${b64(payload)}`;
    return `${input}.${cryptoSign('sha256', Buffer.from(input), KeyObject.from(rsa.privateKey)).toString('base64url')}`;
  };
  return [
    ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'admin', scopes: ['platform:admin'] })}.`],
    ['alg none with a signature', `${b64({ alg: 'none' })}.${p}.${s}`],
    ['alg NONE in capitals', `${b64({ alg: 'NONE' })}.${p}.`],
    ['HS256 signed with the RSA public key as secret', await new SignJWT({ sub: 'u1', scopes: ['platform:admin'] }).setProtectedHeader({ alg: 'HS256' }).sign(enc.encode(rsa.pem))],
    ['RS256 header over an HMAC signature', `${h}.${p}.${Buffer.from('0'.repeat(32)).toString('base64url')}`],
    ['tampered payload', `${h}.${b64({ sub: 'u1', scopes: ['platform:admin'], exp: NOW_S + 3600 })}.${s}`],
    ['signature of another token', `${h}.${p}.${(await sign({ sub: 'u2' }, { key: rsa.privateKey })).split('.')[2]}`],
    ['signed by an unknown key', await sign({}, { key: (await keyPair('RS256', 'stranger')).privateKey, kid: 'k1' })],
    ['two segments', `${h}.${p}`],
    ['four segments', `${good}.${s}`],
    ['empty segments', '..'],
    ['empty header', `.${p}.${s}`],
    ['not base64url', `${h}.%%%%.${s}`],
    ['signature not base64url', `${h}.${p}.+/=`],
    ['non-JSON header', `${b64('not json')}.${p}.${s}`],
    ['header is a JSON array', `${b64([1, 2])}.${p}.${s}`],
    ['header is JSON null', `${b64('null')}.${p}.${s}`],
    ['non-JSON payload', `${h}.${b64('{"sub":')}.${s}`],
    ['payload is a JSON string, signed', await signRaw({ alg: 'RS256' }, '"hello"')],
    ['payload is JSON null, signed', await signRaw({ alg: 'RS256' }, 'null')],
    ['exp as a string', await sign({ exp: String(NOW_S + 3600) }, { key: rsa.privateKey, exp: null })],
    ['nbf as a string', await sign({ nbf: 'soon' }, { key: rsa.privateKey })],
    ['exp as an object', await sign({ exp: { $gt: 0 } }, { key: rsa.privateKey, exp: null })],
    ['unknown critical header', await signRaw({ alg: 'RS256', crit: ['x-custom'], 'x-custom': 1 }, JSON.stringify({ sub: 'u1' }))],
    ['unencoded payload (b64: false)', `${b64({ alg: 'RS256', b64: false, crit: ['b64'] })}.${p}.${s}`],
    ['kid with path traversal', await sign({}, { key: (await keyPair('RS256', 'stranger')).privateKey, kid: '../../../etc/passwd' })],
    ['alg as an object', `${b64({ alg: { name: 'RS256' } })}.${p}.${s}`],
    ['100 KB token', `${h}.${'A'.repeat(100 * 1024)}.${s}`],
    ['NUL bytes and newlines', `${h}\u0000.${p}\n.${s}`],
    ['only dots', '.....'],
    ['unicode junk', 'ʇoʞǝu.☃.💥'],
  ];
}

describe('the adversarial token corpus', () => {
  it('answers every hostile token with a 401 decision and never throws', async () => {
    const rsa = await keyPair('RS256');
    const layer = await layerFor({ verification_keys: [rsa.pem], authorization: true });
    for (const [name, token] of await corpus()) {
      const decision = await layer.authorize({ method: 'GET', path: '/agents', headers: bearer(token) });
      expect(decision.outcome, name).toBe('deny');
      expect(decision.outcome === 'deny' && decision.error.code, name).toBe('UNAUTHENTICATED');
      // An oversized token says so (the size is no secret); every other one gets the one stable detail.
      const detail = token.length > 65536 ? `Token too large: ${token.length} bytes (limit 65536)` : 'Invalid token';
      expect(decision.outcome === 'deny' && decision.error.message, name).toBe(detail);
      const inspection = await layer.inspectToken({ token, method: 'GET', path: '/agents' });
      expect(inspection.status, name).toBe(401);
      expect((await layer.routeMatrix(token)).status, name).toBe(401);
    }
  });

  it('still accepts the untampered token it was built from', async () => {
    const rsa = await keyPair('RS256');
    const layer = await layerFor({ verification_keys: [rsa.pem] });
    const good = await sign({ sub: 'u1' }, { key: rsa.privateKey });
    expect((await layer.authorize({ method: 'GET', path: '/agents', headers: bearer(good) })).outcome).toBe('allow');
  });

  it('explains why a token signed with HS256 and the public key fails', async () => {
    const rsa = await keyPair('RS256');
    const layer = await layerFor({ verification_keys: [rsa.pem] });
    const forged = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(rsa.pem.trim()));
    const inspection = await layer.inspectToken({ token: forged, method: 'GET', path: '/agents' });
    expect(inspection.verification.failure).toBe('the token is signed with HS256; only RS256 is accepted');
  });

  it('answers any string at all with 401 and never throws (property)', async () => {
    const rsa = await keyPair('RS256');
    const layer = await layerFor({ verification_keys: [rsa.pem] });
    const segment = fc.oneof(fc.base64String(), fc.string(), fc.constant(''));
    const tokenish = fc.oneof(fc.string({ minLength: 1 }), fc.tuple(segment, segment, segment).map((parts) => parts.join('.')));
    await fc.assert(
      fc.asyncProperty(tokenish, async (token) => {
        const decision = await layer.authorize({ method: 'GET', path: '/agents', headers: { authorization: `Bearer ${token}` } });
        expect(decision.outcome).toBe('deny');
        expect(decision.outcome === 'deny' && decision.error.code).toBe('UNAUTHENTICATED');
      }),
      { numRuns: 200 },
    );
  });
});
