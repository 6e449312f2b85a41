import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JWK } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, keyPair, layerFor, sign } from '../testing/auth-tokens.js';

/** A JWKS endpoint on 127.0.0.1 whose key set the test can change, counting fetches. */
async function jwksServer(initial: JWK[]) {
  let keys = initial;
  let fetches = 0;
  const server = http.createServer((req, res) => {
    fetches++;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    setKeys(next: JWK[]) {
      keys = next;
    },
    get fetches() {
      return fetches;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const servers: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop().catch(() => {})));
});

const get = (token: string) => ({ method: 'GET', path: '/agents', headers: bearer(token) });

describe('jwks_url', () => {
  it('verifies with a key fetched from the endpoint and caches the set', async () => {
    const k1 = await keyPair('RS256', 'k1');
    const idp = await jwksServer([{ ...k1.jwk, kid: 'k1', alg: 'RS256', use: 'sig' }]);
    servers.push(idp);
    const layer = await layerFor({ jwks_url: idp.url });
    const inspection = await layer.inspectToken({ token: await sign({ sub: 'a' }, { key: k1.privateKey, kid: 'k1' }), method: 'GET', path: '/agents' });
    expect(inspection.status).toBe(200);
    expect(inspection.verification.verified_by).toEqual({ source: 'jwks_url', index: null, kid: 'k1' });
    await layer.authorize(get(await sign({ sub: 'b' }, { key: k1.privateKey, kid: 'k1' })));
    expect(idp.fetches).toBe(1);
  });

  it('re-fetches the set on an unknown kid once the cooldown has passed', async () => {
    const k1 = await keyPair('RS256', 'k1');
    const k2 = await keyPair('RS256', 'k2');
    const idp = await jwksServer([{ ...k1.jwk, kid: 'k1' }]);
    servers.push(idp);
    const layer = await layerFor({ jwks_url: idp.url }, { remoteJwks: { cooldownMs: 0 } });
    expect((await layer.authorize(get(await sign({}, { key: k1.privateKey, kid: 'k1' })))).outcome).toBe('allow');
    idp.setKeys([{ ...k1.jwk, kid: 'k1' }, { ...k2.jwk, kid: 'k2' }]);
    expect((await layer.authorize(get(await sign({}, { key: k2.privateKey, kid: 'k2' })))).outcome).toBe('allow');
    expect(idp.fetches).toBe(2);
  });

  it('does not re-fetch within the cooldown and explains the kid miss', async () => {
    const k1 = await keyPair('RS256', 'k1');
    const idp = await jwksServer([{ ...k1.jwk, kid: 'k1' }, { ...k1.jwk, kid: 'k1b' }]);
    servers.push(idp);
    const layer = await layerFor({ jwks_url: idp.url });
    await layer.authorize(get(await sign({}, { key: k1.privateKey, kid: 'k1' })));
    const inspection = await layer.inspectToken({ token: await sign({}, { key: k1.privateKey, kid: 'k7' }), method: 'GET', path: '/agents' });
    expect(inspection.status).toBe(401);
    expect(inspection.verification.attempts).toEqual([
      { source: 'jwks_url', index: null, kid: 'k7', outcome: 'skipped', reason: 'no key with kid k7; the endpoint has kids k1, k1b' },
    ]);
    expect(idp.fetches).toBe(1);
  });

  it('keeps serving the cached set when the endpoint goes offline', async () => {
    const k1 = await keyPair('RS256', 'k1');
    const idp = await jwksServer([{ ...k1.jwk, kid: 'k1' }]);
    const logs: string[] = [];
    // Max age 0: every use wants a fresh copy, so the outage is hit on the next request.
    const layer = await layerFor({ jwks_url: idp.url }, { remoteJwks: { cacheMaxAgeMs: 0 }, log: (m) => logs.push(m) });
    expect((await layer.authorize(get(await sign({ sub: '1' }, { key: k1.privateKey, kid: 'k1' })))).outcome).toBe('allow');
    await idp.stop();
    expect((await layer.authorize(get(await sign({ sub: '2' }, { key: k1.privateKey, kid: 'k1' })))).outcome).toBe('allow');
    expect(logs).toEqual([`auth.jwks_url ${idp.url} could not be fetched; serving the cached key set`]);
  });

  it('answers 401 with the reason when the endpoint was never reachable', async () => {
    const idp = await jwksServer([]);
    await idp.stop();
    const k1 = await keyPair('RS256', 'k1');
    const layer = await layerFor({ jwks_url: idp.url });
    const inspection = await layer.inspectToken({ token: await sign({}, { key: k1.privateKey, kid: 'k1' }), method: 'GET', path: '/agents' });
    expect(inspection).toMatchObject({ status: 401, detail: 'Invalid token' });
    expect(inspection.verification.attempts).toMatchObject([{ source: 'jwks_url', outcome: 'error', reason: 'the JWKS endpoint could not be fetched' }]);
  });

  it('fetches through an injected fetch', async () => {
    const k1 = await keyPair('RS256', 'k1');
    const urls: string[] = [];
    const fakeFetch = (async (url: string | URL | Request) => {
      urls.push(String(url));
      return new Response(JSON.stringify({ keys: [{ ...k1.jwk, kid: 'k1' }] }), { status: 200 });
    }) as typeof fetch;
    const layer = await layerFor({ jwks_url: 'https://idp.example/jwks' }, { fetch: fakeFetch });
    expect((await layer.authorize(get(await sign({}, { key: k1.privateKey, kid: 'k1' })))).outcome).toBe('allow');
    expect(urls).toEqual(['https://idp.example/jwks']);
  });
});
