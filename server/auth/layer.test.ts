import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportPKCS8, importPKCS8 } from 'jose';
import { describe, expect, it } from 'vitest';
import { httpAnswerOf } from '../error-table.js';
import { ConfigError, ForbiddenError, UnauthenticatedError } from '../errors.js';
import type { AuthDecision } from './types.js';
import { ownAuthCaches } from './token-cache.js';
import { bearer, HMAC_SECRET, hmacKey, keyPair, layerFor, NOW_MS, NOW_S, OS_ID, sign } from '../testing/auth-tokens.js';

function denied(decision: AuthDecision): { status: number; detail: string; reason?: string; headers: Record<string, string> } {
  if (decision.outcome !== 'deny') throw new Error(`expected a denial, got ${decision.outcome}`);
  const e = decision.error;
  const answer = httpAnswerOf(e);
  return { status: answer.status, detail: e.message, reason: (e as UnauthenticatedError).reason, headers: answer.headers };
}

function allowed(decision: AuthDecision) {
  if (decision.outcome !== 'allow') throw new Error(`expected allow, got ${decision.outcome}: ${decision.outcome === 'deny' ? decision.error.message : ''}`);
  return decision.state;
}

const get = (path: string, headers: Record<string, string> = {}) => ({ method: 'GET', path, headers });

describe('createAuthLayer configuration checks', () => {
  it('refuses validate true with no key source at all', async () => {
    await expect(layerFor({})).rejects.toThrow(ConfigError);
    await expect(layerFor({})).rejects.toThrow(/^auth.validate is true but no key source is configured/);
  });

  it('accepts no key source when validate is false', async () => {
    await expect(layerFor({ validate: false })).resolves.toBeDefined();
  });

  it('refuses a PEM key for HS256 and a secret for RS256', async () => {
    const rsa = await keyPair('RS256');
    await expect(layerFor({ algorithm: 'HS256', verification_keys: [rsa.pem] })).rejects.toThrow(
      'invalid auth settings: auth.verification_keys[0]: is a PEM key, but HS256 needs a shared secret',
    );
    await expect(layerFor({ verification_keys: ['a-shared-secret'] })).rejects.toThrow(
      'auth.verification_keys[0]: is not a PEM public key; RS256 needs one (a shared secret suits only HS*)',
    );
  });

  it('refuses a key of the wrong type or curve for the algorithm', async () => {
    const ec = await keyPair('ES256');
    await expect(layerFor({ verification_keys: [ec.pem] })).rejects.toThrow('is an EC (prime256v1) key, which does not suit RS256');
    await expect(layerFor({ algorithm: 'ES384', verification_keys: [ec.pem] })).rejects.toThrow('does not suit ES384');
  });

  it('refuses a private key and unreadable PEM text', async () => {
    const rsa = await keyPair('RS256');
    const pkcs8 = await exportPKCS8(rsa.privateKey);
    await expect(layerFor({ verification_keys: [pkcs8] })).rejects.toThrow('is a private key; give its public key instead');
    await expect(layerFor({ verification_keys: ['-----BEGIN PUBLIC KEY-----\nnope\n-----END PUBLIC KEY-----'] })).rejects.toThrow(
      'is not a readable PEM public key or certificate',
    );
  });

  it('refuses malformed scope mappings and excluded paths, naming them on one line', async () => {
    const err = await layerFor({ secret_key: HMAC_SECRET, algorithm: 'HS256', scope_mappings: { 'GET /[z-a]': [] }, excluded_route_paths: ['/x*'] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).message).not.toContain('\n');
    expect((err as ConfigError).issues.map((i) => i.path)).toEqual(['auth.scope_mappings.GET /[z-a]', 'auth.excluded_route_paths[0]']);
  });
});

describe('verification keys', () => {
  it.each(['RS256', 'ES256', 'EdDSA', 'PS256'] as const)('verifies %s tokens with a PEM public key', async (alg) => {
    const pair = await keyPair(alg);
    const layer = await layerFor({ algorithm: alg, verification_keys: [pair.pem] });
    const token = await sign({ sub: 'u1' }, { alg, key: pair.privateKey });
    expect(allowed(await layer.authorize(get('/agents', bearer(token)))).user_id).toBe('u1');
  });

  it('verifies HS256 tokens with a shared secret, including the deprecated secret_key', async () => {
    const token = await sign({ sub: 'u1' }, { alg: 'HS256', key: hmacKey() });
    for (const settings of [{ verification_keys: [HMAC_SECRET] }, { secret_key: HMAC_SECRET }]) {
      const layer = await layerFor({ algorithm: 'HS256', ...settings });
      expect(allowed(await layer.authorize(get('/agents', bearer(token)))).authenticated).toBe(true);
    }
  });

  it('accepts PEM text with escaped newlines, as env vars often carry it', async () => {
    const rsa = await keyPair('RS256');
    const layer = await layerFor({ verification_keys: [rsa.pem.trim().replace(/\n/g, '\\n')] });
    expect((await layer.authorize(get('/agents', bearer(await sign({}, { key: rsa.privateKey }))))).outcome).toBe('allow');
  });

  it('tries keys in order and the first that verifies wins', async () => {
    const a = await keyPair('RS256', 'issuer-a');
    const b = await keyPair('RS256', 'issuer-b');
    const layer = await layerFor({ verification_keys: [a.pem, b.pem] });
    const inspection = await layer.inspectToken({ token: await sign({}, { key: b.privateKey }), method: 'GET', path: '/agents' });
    expect(inspection.status).toBe(200);
    expect(inspection.verification.verified_by).toEqual({ source: 'verification_keys', index: 1, kid: null });
    expect(inspection.verification.attempts.map((x) => x.outcome)).toEqual(['signature_mismatch', 'verified']);
  });

  it.runIf(fs.existsSync('/usr/bin/openssl') || fs.existsSync('/usr/local/bin/openssl'))('accepts a PEM certificate', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-cert-'));
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-subj', '/CN=rundesk-test', '-days', '1'], { stdio: 'ignore' });
    const layer = await layerFor({ verification_keys: [fs.readFileSync(certFile, 'utf8')] });
    const key = await importPKCS8(fs.readFileSync(keyFile, 'utf8'), 'RS256');
    expect((await layer.authorize(get('/agents', bearer(await sign({}, { key }))))).outcome).toBe('allow');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('token checks', () => {
  async function rsaLayer(extra: Record<string, unknown> = {}) {
    const rsa = await keyPair('RS256');
    return { rsa, layer: await layerFor({ verification_keys: [rsa.pem], ...extra }) };
  }

  it('answers a missing token with 401, WWW-Authenticate: Bearer and the configured source', async () => {
    const { layer } = await rsaLayer();
    expect(denied(await layer.authorize(get('/agents')))).toEqual({
      status: 401,
      detail: 'Missing bearer token in the Authorization header',
      reason: 'missing',
      headers: { 'WWW-Authenticate': 'Bearer' },
    });
    const cookieLayer = (await rsaLayer({ token_source: 'both' })).layer;
    expect(denied(await cookieLayer.authorize(get('/agents'))).detail).toBe('Missing bearer token in the Authorization header or the access_token cookie');
  });

  it('answers an expired token with its own stable detail and keeps the jose error as cause', async () => {
    const { rsa, layer } = await rsaLayer();
    const token = await sign({}, { key: rsa.privateKey, exp: NOW_S - 11 });
    const decision = await layer.authorize(get('/agents', bearer(token)));
    expect(denied(decision)).toMatchObject({ status: 401, detail: 'Token has expired', reason: 'expired' });
    expect(denied(decision).headers['WWW-Authenticate']).toBe('Bearer error="invalid_token", error_description="Token has expired"');
    expect(((decision as { error: Error }).error.cause as { code: string }).code).toBe('ERR_JWT_EXPIRED');
  });

  it('grants 10 seconds of clock tolerance on exp and nbf', async () => {
    const { rsa, layer } = await rsaLayer();
    expect((await layer.authorize(get('/agents', bearer(await sign({}, { key: rsa.privateKey, exp: NOW_S - 9 }))))).outcome).toBe('allow');
    expect((await layer.authorize(get('/agents', bearer(await sign({ nbf: NOW_S + 9 }, { key: rsa.privateKey })))))).toMatchObject({ outcome: 'allow' });
    expect(denied(await layer.authorize(get('/agents', bearer(await sign({ nbf: NOW_S + 11 }, { key: rsa.privateKey })))))).toMatchObject({
      detail: 'Token is not yet valid',
      reason: 'not_yet_valid',
    });
  });

  it('answers a token signed by an unknown key with "Invalid token"', async () => {
    const { layer } = await rsaLayer();
    const other = await keyPair('RS256', 'stranger');
    expect(denied(await layer.authorize(get('/agents', bearer(await sign({}, { key: other.privateKey })))))).toMatchObject({
      status: 401,
      detail: 'Invalid token',
      reason: 'invalid',
    });
  });

  it('never puts the token in a detail or header', async () => {
    const { layer } = await rsaLayer();
    const other = await keyPair('RS256', 'stranger');
    const token = await sign({}, { key: other.privateKey });
    const d = denied(await layer.authorize(get('/agents', bearer(token))));
    expect(JSON.stringify(d)).not.toContain(token.split('.')[2]);
  });

  it('decodes without verifying when validate is false but still needs a well-formed JWT', async () => {
    const layer = await layerFor({ validate: false, verify_audience: true });
    const stranger = await keyPair('RS256', 'stranger');
    const token = await sign({ sub: 'u9', aud: 'someone-else' }, { key: stranger.privateKey, exp: NOW_S - 3600 });
    expect(allowed(await layer.authorize(get('/agents', bearer(token)))).user_id).toBe('u9');
    expect(denied(await layer.authorize(get('/agents', bearer('not-a-jwt'))))).toMatchObject({ status: 401, reason: 'invalid' });
  });
});

describe('audience', () => {
  async function audienceLayer(extra: Record<string, unknown>) {
    const rsa = await keyPair('RS256');
    return { rsa, layer: await layerFor({ verification_keys: [rsa.pem], verify_audience: true, ...extra }) };
  }

  it('defaults the expected audience to the service id', async () => {
    const { rsa, layer } = await audienceLayer({});
    expect((await layer.authorize(get('/agents', bearer(await sign({ aud: OS_ID }, { key: rsa.privateKey }))))).outcome).toBe('allow');
    expect(denied(await layer.authorize(get('/agents', bearer(await sign({ aud: 'other' }, { key: rsa.privateKey })))))).toMatchObject({
      status: 401,
      detail: 'Invalid token audience',
      reason: 'audience',
    });
  });

  it('fails a token without an audience', async () => {
    const { rsa, layer } = await audienceLayer({});
    expect(denied(await layer.authorize(get('/agents', bearer(await sign({}, { key: rsa.privateKey })))))).toMatchObject({ reason: 'audience' });
  });

  it('matches any listed audience, from a custom claim holding a list', async () => {
    const { rsa, layer } = await audienceLayer({ audience: ['api-a', 'api-b'], audience_claim: 'azp' });
    const token = await sign({ azp: ['x', 'api-b'] }, { key: rsa.privateKey });
    expect(allowed(await layer.authorize(get('/agents', bearer(token)))).audience).toEqual(['x', 'api-b']);
  });

  it('is not checked when verify_audience is false', async () => {
    const rsa = await keyPair('RS256');
    const layer = await layerFor({ verification_keys: [rsa.pem] });
    expect((await layer.authorize(get('/agents', bearer(await sign({ aud: 'other' }, { key: rsa.privateKey }))))).outcome).toBe('allow');
  });
});

describe('token source and excluded routes', () => {
  it('reads the token from the configured cookie', async () => {
    const rsa = await keyPair('RS256');
    const layer = await layerFor({ verification_keys: [rsa.pem], token_source: 'COOKIE', cookie_name: 'rd' });
    const token = await sign({ sub: 'c1' }, { key: rsa.privateKey });
    expect(allowed(await layer.authorize(get('/agents', { cookie: `x=1; rd=${token}` }))).user_id).toBe('c1');
    expect(denied(await layer.authorize(get('/agents', bearer(token)))).detail).toBe('Missing token in the rd cookie');
  });

  it('reads a custom header name', async () => {
    const rsa = await keyPair('RS256');
    const layer = await layerFor({ verification_keys: [rsa.pem], token_header_key: 'X-Api-Token' });
    const token = await sign({}, { key: rsa.privateKey });
    expect((await layer.authorize(get('/agents', { 'x-api-token': token }))).outcome).toBe('allow');
  });

  it('skips checks on excluded paths, with wildcards and a trailing slash', async () => {
    const rsa = await keyPair('RS256');
    const layer = await layerFor({ verification_keys: [rsa.pem], excluded_route_paths: ['/', '/health', '/docs/*', '/hooks/*/ping'] });
    expect(await layer.authorize(get('/health/'))).toEqual({ outcome: 'excluded', pattern: '/health' });
    expect(await layer.authorize(get('/docs/assets/app.js'))).toEqual({ outcome: 'excluded', pattern: '/docs/*' });
    expect(await layer.authorize(get('/hooks/h1/ping'))).toMatchObject({ outcome: 'excluded' });
    expect((await layer.authorize(get('/hooks/h1/x/ping'))).outcome).toBe('deny');
    expect((await layer.authorize(get('/agents'))).outcome).toBe('deny');
  });

  it("uses the platform's default excluded list", async () => {
    const rsa = await keyPair('RS256');
    const layer = await layerFor({ verification_keys: [rsa.pem] });
    for (const p of ['/', '/health', '/info', '/docs', '/redoc', '/openapi.json', '/docs/oauth2-redirect']) {
      expect((await layer.authorize(get(p))).outcome).toBe('excluded');
    }
  });

  it('lets CORS preflight OPTIONS requests through', async () => {
    const rsa = await keyPair('RS256');
    const layer = await layerFor({ verification_keys: [rsa.pem] });
    expect(await layer.authorize({ method: 'OPTIONS', path: '/agents', headers: {} })).toEqual({ outcome: 'excluded', pattern: 'OPTIONS' });
  });
});

describe('scopes and request state', () => {
  async function rbac(extra: Record<string, unknown> = {}) {
    const rsa = await keyPair('RS256');
    const layer = await layerFor({ verification_keys: [rsa.pem], authorization: true, ...extra });
    return { layer, token: (claims: Record<string, unknown>) => sign(claims, { key: rsa.privateKey }) };
  }

  it('answers insufficient scopes with 403 naming the required scopes', async () => {
    const { layer, token } = await rbac();
    const decision = await layer.authorize(get('/sessions/s1/runs/r1', bearer(await token({ scopes: ['agents:read'] }))));
    expect(decision.outcome).toBe('deny');
    const error = (decision as unknown as { error: ForbiddenError }).error;
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error.message).toBe('Insufficient scopes: requires one of [sessions:read, sessions:*:read]');
    expect(error.requiredScopes).toEqual(['sessions:read']);
    expect(decision).toMatchObject({ requiredScopes: ['sessions:read'], matched: { pattern: 'GET /sessions/{session_id}/runs/{run_id}', source: 'default' } });
  });

  it('switches scope checks on when scope_mappings is given and authorization is null', async () => {
    const { layer, token } = await rbac({ authorization: null, scope_mappings: {} });
    expect((await layer.authorize(get('/sessions', bearer(await token({})))))).toMatchObject({ outcome: 'deny' });
  });

  it('leaves scope checks off when authorization is false even with mappings', async () => {
    const { layer, token } = await rbac({ authorization: false, scope_mappings: { 'GET /agents': ['x:y'] } });
    const state = allowed(await layer.authorize(get('/agents', bearer(await token({})))));
    expect(state).toMatchObject({ authorization_enabled: false, accessible_resource_ids: ['*'] });
  });

  it('leaves scope checks off by default', async () => {
    const rsa = await keyPair('RS256');
    const layer = await layerFor({ verification_keys: [rsa.pem] });
    expect((await layer.authorize(get('/sessions/s1', bearer(await sign({}, { key: rsa.privateKey })))))).toMatchObject({
      outcome: 'allow',
      requiredScopes: [],
      matched: null,
    });
  });

  it('reads scopes from a space-delimited scope claim and a dotted claim path', async () => {
    const { layer, token } = await rbac({ scopes_claim: 'scope' });
    expect(allowed(await layer.authorize(get('/agents', bearer(await token({ scope: 'openid agents:read' })))))).toMatchObject({ scopes: ['openid', 'agents:read'] });
    const kc = await rbac({ scopes_claim: 'realm_access.roles' });
    expect((await kc.layer.authorize(get('/agents', bearer(await kc.token({ realm_access: { roles: ['agents:read'] } })))))).toMatchObject({ outcome: 'allow' });
  });

  it('fills the whole request state, with dependencies and session state from claims', async () => {
    const { layer, token } = await rbac({
      user_id_claim: 'uid',
      session_id_claim: 'ctx.sid',
      dependencies_claims: ['org', 'ctx.plan'],
      session_state_claims: ['prefs'],
      user_isolation: true,
    });
    const raw = await token({ uid: 'u1', ctx: { sid: 's9', plan: 'pro' }, org: 'o1', prefs: { theme: 'dark' }, scopes: ['agents:a1:read'], aud: 'x' });
    expect(allowed(await layer.authorize(get('/agents', bearer(raw))))).toEqual({
      authenticated: true,
      user_id: 'u1',
      session_id: 's9',
      scopes: ['agents:a1:read'],
      audience: 'x',
      token: raw,
      authorization_enabled: true,
      dependencies: { org: 'o1', 'ctx.plan': 'pro' },
      session_state: { prefs: { theme: 'dark' } },
      accessible_resource_ids: ['a1'],
      is_admin: false,
      user_isolation: true,
    });
  });

  it('marks admins and lets them through everything', async () => {
    const { layer, token } = await rbac({ admin_scope: 'root' });
    expect(allowed(await layer.authorize({ method: 'DELETE', path: '/sessions/s1', headers: bearer(await token({ scopes: ['root'] })) }))).toMatchObject({
      is_admin: true,
      accessible_resource_ids: ['*'],
    });
  });

  it('checks per-resource scopes on GET /agents/{id}', async () => {
    const { layer, token } = await rbac();
    const t = await token({ scopes: ['agents:a1:read'] });
    expect((await layer.authorize(get('/agents/a1', bearer(t)))).outcome).toBe('allow');
    expect(denied(await layer.authorize(get('/agents/a2', bearer(t)))).status).toBe(403);
  });

  it('decides as the platform does by default: a custom GET /sessions/*/runs/* never decides behind GET /sessions/*', async () => {
    const { layer, token } = await rbac({ scope_mappings: { 'GET /sessions/*/runs/*': ['runs:read'] } });
    const t = await token({ scopes: ['runs:read'] });
    expect(await layer.authorize(get('/sessions/s1/runs/r1', bearer(t)))).toMatchObject({
      outcome: 'deny',
      matched: { source: 'default', override_key: 'GET /sessions/*' },
    });
  });

  it('uses the most specific custom mapping over a default with scope_matching "specific"', async () => {
    const { layer, token } = await rbac({ scope_matching: 'specific', scope_mappings: { 'GET /sessions/*/runs/*': ['runs:read'] } });
    const t = await token({ scopes: ['runs:read'] });
    expect((await layer.authorize(get('/sessions/s1/runs/r1', bearer(t))))).toMatchObject({ outcome: 'allow', matched: { source: 'custom' } });
    expect((await layer.authorize(get('/sessions/s1', bearer(t)))).outcome).toBe('deny');
  });
});

describe('verification cache', () => {
  it('does not redo the signature check for a token it already verified', async () => {
    const rsa = await keyPair('RS256');
    let checks = 0;
    const layer = await layerFor({ verification_keys: [rsa.pem] }, { onSignatureCheck: () => checks++ });
    const token = await sign({}, { key: rsa.privateKey });
    for (let i = 0; i < 5; i++) expect((await layer.authorize(get('/agents', bearer(token)))).outcome).toBe('allow');
    expect(checks).toBe(1);
  });

  it('stops serving a cached token once it expires', async () => {
    const rsa = await keyPair('RS256');
    let now = NOW_MS;
    const layer = await layerFor({ verification_keys: [rsa.pem] }, { now: () => now });
    const token = await sign({}, { key: rsa.privateKey, exp: NOW_S + 60 });
    expect((await layer.authorize(get('/agents', bearer(token)))).outcome).toBe('allow');
    now = NOW_MS + 71_000;
    expect(denied(await layer.authorize(get('/agents', bearer(token)))).reason).toBe('expired');
  });

  it('belongs to one layer: a rebuilt layer verifies again', async () => {
    const rsa = await keyPair('RS256');
    let checks = 0;
    const token = await sign({}, { key: rsa.privateKey });
    for (let i = 0; i < 2; i++) {
      const layer = await layerFor({ verification_keys: [rsa.pem] }, { onSignatureCheck: () => checks++ });
      await layer.authorize(get('/agents', bearer(token)));
      await layer.authorize(get('/agents', bearer(token)));
    }
    expect(checks).toBe(2);
  });

  it('evicts the least recently used entry when full', async () => {
    const rsa = await keyPair('RS256');
    let checks = 0;
    const layer = await layerFor({ verification_keys: [rsa.pem] }, { onSignatureCheck: () => checks++, cacheSize: 2 });
    const [a, b, c] = await Promise.all(['a', 'b', 'c'].map((sub) => sign({ sub }, { key: rsa.privateKey })));
    for (const t of [a, b, a, c, a]) await layer.authorize(get('/agents', bearer(t as string)));
    expect(checks).toBe(3);
    await layer.authorize(get('/agents', bearer(b as string)));
    expect(checks).toBe(4);
  });
});

describe('decision memo', () => {
  async function rbac() {
    const rsa = await keyPair('RS256');
    let checks = 0;
    const layer = await layerFor({ verification_keys: [rsa.pem], authorization: true }, { onSignatureCheck: () => checks++ });
    return { layer, checks: () => checks, token: (claims: Record<string, unknown>) => sign(claims, { key: rsa.privateKey }) };
  }

  it('When a token repeats a request line, then the same frozen allow decision answers it', async () => {
    const { layer, token } = await rbac();
    const t = await token({ sub: 'u1', scopes: ['sessions:read'] });
    const first = await layer.authorize(get('/sessions/s1/runs/r1', bearer(t)));
    const again = await layer.authorize(get('/sessions/s1/runs/r1', bearer(t)));
    expect(again).toBe(first);
    const state = allowed(again);
    expect(Object.isFrozen(state) && Object.isFrozen(state.scopes)).toBe(true);
    expect(() => (state.scopes as string[]).push('platform:admin')).toThrow(TypeError);
  });

  it('When the same token asks for another resource, then that request line is decided on its own', async () => {
    const { layer, token, checks } = await rbac();
    const t = await token({ sub: 'u1', scopes: ['agents:a1:read'] });
    for (let i = 0; i < 2; i++) expect((await layer.authorize(get('/agents/a1', bearer(t)))).outcome).toBe('allow');
    expect(denied(await layer.authorize(get('/agents/a2', bearer(t)))).status).toBe(403);
    expect((await layer.authorize(get('/agents', bearer(t)))).outcome).toBe('allow');
    expect(denied(await layer.authorize({ method: 'POST', path: '/agents/a1/runs', headers: bearer(t) })).status).toBe(403);
    expect(checks()).toBe(1);
  });

  it('When a remembered token arrives with one signature character changed, then it is verified afresh and refused', async () => {
    const { layer, token } = await rbac();
    const t = await token({ sub: 'u1', scopes: ['sessions:read'] });
    expect((await layer.authorize(get('/sessions/s1/runs/r1', bearer(t)))).outcome).toBe('allow');
    const at = t.length - 10;
    const forged = `${t.slice(0, at)}${t[at] === 'A' ? 'B' : 'A'}${t.slice(at + 1)}`;
    expect(denied(await layer.authorize(get('/sessions/s1/runs/r1', bearer(forged)))).status).toBe(401);
  });
});

describe('decision remembered on a connection', () => {
  async function setup(input: Record<string, unknown> = {}) {
    const rsa = await keyPair('RS256');
    let now = NOW_MS;
    const caches = ownAuthCaches();
    const layer = await layerFor({ verification_keys: [rsa.pem], authorization: true, ...input }, { now: () => now, caches });
    const token = (claims: Record<string, unknown>, exp?: number) => sign(claims, { key: rsa.privateKey, ...(exp === undefined ? {} : { exp }) });
    return { layer, caches, token, setNow: (ms: number) => (now = ms) };
  }
  const post = (path: string, headers: Record<string, string>) => ({ method: 'POST', path, headers });

  it('When a client repeats its token and request line on one connection, then the allow decision is known without waiting, and only there', async () => {
    const { layer, token } = await setup();
    const t = await token({ sub: 'u1', scopes: ['agents:run'] });
    const connection = {};
    const request = post('/agents/a1/runs', bearer(t));
    expect(layer.decidedBefore(request, connection)).toBeUndefined();
    const first = await layer.authorize(request, connection);
    expect(allowed(first).user_id).toBe('u1');
    // A new request object with an equal header, as the next request on a keep-alive socket.
    expect(layer.decidedBefore(post('/agents/a1/runs', bearer(t)), connection)).toBe(first);
    expect(layer.decidedBefore(post('/agents/a1/runs', bearer(t)), {})).toBeUndefined();
    expect(layer.decidedBefore(post('/agents/a2/runs', bearer(t)), connection)).toBeUndefined();
    expect(layer.decidedBefore({ method: 'GET', path: '/agents/a1/runs', headers: bearer(t) }, connection)).toBeUndefined();
    const other = await token({ sub: 'u2', scopes: ['agents:run'] });
    expect(layer.decidedBefore(post('/agents/a1/runs', bearer(other)), connection)).toBeUndefined();
  });

  it('When the request is refused, then nothing is remembered: the next one is decided again', async () => {
    const { layer, token } = await setup();
    const t = await token({ sub: 'u1', scopes: ['sessions:read'] });
    const connection = {};
    expect((await layer.authorize(post('/agents/a1/runs', bearer(t)), connection)).outcome).toBe('deny');
    expect(layer.decidedBefore(post('/agents/a1/runs', bearer(t)), connection)).toBeUndefined();
  });

  it('When the token expires, the keys change or the layer is rebuilt, then the remembered decision no longer answers', async () => {
    const { layer, caches, token, setNow } = await setup();
    const t = await token({ scopes: ['agents:run'] }, NOW_S + 60);
    const connection = {};
    await layer.authorize(post('/agents/a1/runs', bearer(t)), connection);
    expect(layer.decidedBefore(post('/agents/a1/runs', bearer(t)), connection)).toBeDefined();
    setNow(NOW_MS + 71_000); // past exp and the 10 s clock tolerance the cache grants
    expect(layer.decidedBefore(post('/agents/a1/runs', bearer(t)), connection)).toBeUndefined();
    setNow(NOW_MS);
    expect(layer.decidedBefore(post('/agents/a1/runs', bearer(t)), connection)).toBeDefined();
    caches.invalidate({ kind: 'keys-changed' });
    expect(layer.decidedBefore(post('/agents/a1/runs', bearer(t)), connection)).toBeUndefined();
    await layer.authorize(post('/agents/a1/runs', bearer(t)), connection);
    const rebuilt = await layerFor({ verification_keys: [], secret_key: HMAC_SECRET, algorithm: 'HS256' }, { caches });
    expect(rebuilt.decidedBefore(post('/agents/a1/runs', bearer(t)), connection)).toBeUndefined();
  });

  it('When the token came from the cookie or the layer reads a JWKS file, then nothing is remembered', async () => {
    const cookie = await setup({ token_source: 'COOKIE' });
    const t = await cookie.token({ scopes: ['agents:run'] });
    const connection = {};
    expect((await cookie.layer.authorize(post('/agents/a1/runs', { cookie: `access_token=${t}` }), connection)).outcome).toBe('allow');
    expect(cookie.layer.decidedBefore(post('/agents/a1/runs', { cookie: `access_token=${t}` }), connection)).toBeUndefined();

    const both = await setup({ token_source: 'BOTH' });
    const t2 = await both.token({ scopes: ['agents:run'] });
    expect((await both.layer.authorize(post('/agents/a1/runs', { cookie: `access_token=${t2}` }), connection)).outcome).toBe('allow');
    expect(both.layer.decidedBefore(post('/agents/a1/runs', {}), connection)).toBeUndefined();

    const rsa = await keyPair('RS256');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-memo-'));
    const file = path.join(dir, 'jwks.json');
    fs.writeFileSync(file, JSON.stringify({ keys: [{ ...rsa.jwk, kid: 'k1', use: 'sig', alg: 'RS256' }] }));
    const layer = await layerFor({ jwks_file: file, authorization: true });
    const t3 = await sign({ scopes: ['agents:run'] }, { key: rsa.privateKey, kid: 'k1' });
    expect((await layer.authorize(post('/agents/a1/runs', bearer(t3)), connection)).outcome).toBe('allow');
    expect(layer.decidedBefore(post('/agents/a1/runs', bearer(t3)), connection)).toBeUndefined();
    layer.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
