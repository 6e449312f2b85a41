import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { httpAnswerOf } from '../error-table.js';
import { AppError } from '../errors.js';
import { bearer, keyPair, layerFor, sign } from '../testing/auth-tokens.js';
import type { AuthLayer } from '../auth/types.js';
import { authMiddleware, authStateOf } from './auth-middleware.js';

let server: http.Server | null = null;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

/** A tiny app wired the way the lead's app is: auth, routes, then one error middleware. */
async function start(getLayer: () => AuthLayer): Promise<string> {
  const app = express();
  app.use(authMiddleware(getLayer));
  app.get('/health', (_req, res) => {
    res.json({ auth: authStateOf(res) });
  });
  app.get('/agents', (_req, res) => {
    res.json({ auth: authStateOf(res) });
  });
  app.get('/sessions/:id/runs/:runId', (_req, res) => {
    res.json({ user: authStateOf(res)?.user_id });
  });
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (err instanceof AppError) {
      const answer = httpAnswerOf(err);
      res.status(answer.status).set(answer.headers).json(answer.body);
      return;
    }
    res.status(500).json({ detail: 'Internal server error', error_code: 'INTERNAL_SERVER_ERROR' });
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server?.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function rbacLayer(extra: Record<string, unknown> = {}) {
  const rsa = await keyPair('RS256');
  const layer = await layerFor({ verification_keys: [rsa.pem], authorization: true, ...extra });
  return { layer, token: (claims: Record<string, unknown>) => sign(claims, { key: rsa.privateKey }) };
}

describe('authMiddleware', () => {
  it('answers a request without a token with 401, the error body and WWW-Authenticate', async () => {
    const { layer } = await rbacLayer();
    const base = await start(() => layer);
    const res = await fetch(`${base}/agents`);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(await res.json()).toEqual({ detail: 'Missing bearer token in the Authorization header', error_code: 'UNAUTHENTICATED' });
  });

  it('puts the request state in res.locals.auth when allowed', async () => {
    const { layer, token } = await rbacLayer();
    const base = await start(() => layer);
    const res = await fetch(`${base}/agents`, { headers: bearer(await token({ sub: 'u1', scopes: ['agents:a1:read'] })) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { auth: unknown }).auth).toMatchObject({ authenticated: true, user_id: 'u1', accessible_resource_ids: ['a1'] });
  });

  it('sets res.locals.auth to null on excluded routes', async () => {
    const { layer } = await rbacLayer();
    const base = await start(() => layer);
    const res = await fetch(`${base}/health`);
    expect(await res.json()).toEqual({ auth: null });
  });

  it('answers insufficient scopes with 403 naming the scopes', async () => {
    const { layer, token } = await rbacLayer();
    const base = await start(() => layer);
    const res = await fetch(`${base}/sessions/s1/runs/r1`, { headers: bearer(await token({ scopes: ['agents:read'] })) });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      detail: 'Insufficient scopes: requires one of [sessions:read, sessions:*:read]',
      error_code: 'FORBIDDEN',
    });
  });

  it('asks for the layer on every request, so a settings change applies at once', async () => {
    const open = await rbacLayer({ authorization: false });
    const strict = await rbacLayer();
    let current = open.layer;
    const base = await start(() => current);
    const t = await open.token({ scopes: [] });
    expect((await fetch(`${base}/sessions/s1/runs/r1`, { headers: bearer(t) })).status).toBe(200);
    current = strict.layer;
    expect((await fetch(`${base}/sessions/s1/runs/r1`, { headers: bearer(t) })).status).toBe(403);
  });

  it('checks the route Express will run, even for an absolute-form request target', async () => {
    const { layer, token } = await rbacLayer();
    const base = await start(() => layer);
    const t = await token({ scopes: ['agents:read'] });
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(base);
      const req = http.request({ host: url.hostname, port: url.port, path: `${base}/sessions/s1/runs/r1`, headers: bearer(t) }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });

  it('checks HEAD requests against the GET mapping', async () => {
    const { layer, token } = await rbacLayer();
    const base = await start(() => layer);
    const res = await fetch(`${base}/sessions/s1/runs/r1`, { method: 'HEAD', headers: bearer(await token({ scopes: [] })) });
    expect(res.status).toBe(403);
  });

  it('reads the token from a cookie when configured', async () => {
    const { layer, token } = await rbacLayer({ token_source: 'COOKIE', authorization: false });
    const base = await start(() => layer);
    const res = await fetch(`${base}/agents`, { headers: { cookie: `access_token=${await token({ sub: 'c1' })}` } });
    expect(((await res.json()) as { auth: { user_id: string } }).auth.user_id).toBe('c1');
  });

  it('passes an unexpected layer failure on as a 500, not an auth answer', async () => {
    const broken = { authorize: () => Promise.reject(new Error('boom')) } as unknown as AuthLayer;
    const base = await start(() => broken);
    expect((await fetch(`${base}/agents`)).status).toBe(500);
  });
});

describe('authStateOf', () => {
  it('throws a TypeError when the middleware did not run', () => {
    expect(() => authStateOf({ locals: {} } as Response)).toThrow(TypeError);
  });
});
