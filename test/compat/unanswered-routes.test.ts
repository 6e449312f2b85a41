import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNANSWERED_ROUTES } from '../../server/api/upstream/unanswered-routes.js';
import { routeKey } from '../../server/http/route.js';
import { PLATFORM_ROUTES } from '../../server/api/platform/platform-routes.js';
import { startTestServer, type TestResponse, type TestServer } from '../../server/testing/server-harness.js';

/**
 * Every route of the platform's published OpenAPI documents (AgentOS 2.9 and 3, as their
 * `/openapi.json` answered on the reference platform; kept in `recordings/`) is either served by
 * rundesk or answered 501 `NOT_IMPLEMENTED_LOCALLY` naming `upstream.url` — never `404 No route`
 * (what `AgentOSClient`'s knowledge search, `run_eval`, `optimize_memories`, `migrate`, schedules
 * and approvals got before).
 */

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function platformRoutes(version: '2.9' | '3'): Array<{ method: string; path: string }> {
  const doc = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'recordings', `openapi-${version}.json`), 'utf8')) as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths).flatMap(([p, item]) => METHODS.filter((m) => m in item).map((m) => ({ method: m, path: p })));
}

const served = new Set(PLATFORM_ROUTES.map(routeKey));
const unanswered = new Map(UNANSWERED_ROUTES.map((r) => [routeKey(r), r]));
const VERSIONS = ['2.9', '3'] as const;

describe("The platform's published routes", () => {
  for (const version of VERSIONS) {
    it(`When AgentOS ${version}'s document is read, Then each of its routes is served by rundesk or listed as unanswered, in one place only`, () => {
      const routes = platformRoutes(version);
      expect(routes.length).toBeGreaterThan(100);
      for (const r of routes) {
        const key = routeKey({ method: r.method as (typeof METHODS)[number], path: r.path });
        expect(served.has(key) || unanswered.has(key), key).toBe(true);
        expect(served.has(key) && unanswered.has(key), key).toBe(false);
        if (unanswered.has(key)) expect(unanswered.get(key)?.in, key).toContain(version);
      }
    });
  }

  it('When the unanswered list is read, Then each entry is a route of the version documents it names', () => {
    const byVersion = Object.fromEntries(VERSIONS.map((v) => [v, new Set(platformRoutes(v).map((r) => `${r.method.toUpperCase()} ${r.path}`))]));
    for (const r of UNANSWERED_ROUTES) {
      for (const v of VERSIONS) expect(byVersion[v]?.has(routeKey(r)), `${routeKey(r)} in ${v}`).toBe(r.in.includes(v));
    }
  });
});

describe('Given a server with authorization on', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await startTestServer({ auth: { authorization: true } });
    admin = await t.token({ sub: 'admin-user', scopes: ['platform:admin'] });
  }, 60_000);
  afterAll(async () => t?.stop());

  const send = (method: string, p: string, token: string): Promise<TestResponse> =>
    fetch(`${t.baseUrl}${p}`, {
      method: method.toUpperCase(),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(method === 'get' ? {} : { body: '{}' }),
    });
  const concrete = (template: string) => template.replace(/\{[^}]+\}/g, 'x1');

  it('When each route of either document is requested, Then none answers 404 No route, and each unanswered one is 501 naming upstream.url', async () => {
    const all = new Map([...platformRoutes('2.9'), ...platformRoutes('3')].map((r) => [`${r.method} ${r.path}`, r]));
    for (const r of all.values()) {
      const res = await send(r.method, concrete(r.path), admin);
      const body = (await res.json().catch(() => null)) as { detail?: unknown; error_code?: string; route?: string } | null;
      const key = `${r.method.toUpperCase()} ${r.path}`;
      expect(typeof body?.detail === 'string' && body.detail.startsWith('No route'), key).toBe(false);
      if (!unanswered.has(key)) continue;
      expect(res.status, key).toBe(501);
      expect(body?.error_code, key).toBe('NOT_IMPLEMENTED_LOCALLY');
      expect(body?.route, key).toBe(key);
      expect(body?.detail, key).toContain('set upstream.url to your AgentOS to forward this route');
    }
  });

  it("When the caller lacks the platform's default scope of an unanswered route, Then 403 naming it comes before the 501; a route the platform maps to no scope passes any token", async () => {
    const narrow = await t.token({ sub: 'u1', scopes: ['sessions:read'] });
    const refused = await send('get', '/schedules', narrow);
    expect(refused.status).toBe(403);
    expect((await refused.json()).detail).toContain('schedules:read');
    const search = await send('post', '/knowledge/search', narrow);
    expect(search.status).toBe(403);
    expect((await search.json()).detail).toContain('knowledge:read');
    expect((await send('post', '/queue', narrow)).status).toBe(501);
    const anonymous = await fetch(`${t.baseUrl}/schedules`);
    expect(anonymous.status).toBe(401);
  });

  it('When a path is not a platform route at all, Then it is still 404 No route', async () => {
    const res = await send('get', '/not-a-platform-route', admin);
    expect(res.status).toBe(404);
    expect((await res.json()).detail).toMatch(/^No route/);
  });

  it('When /openapi.json is read, Then each unanswered route is described with its 501', async () => {
    const doc = await (await t.get('/openapi.json')).json();
    for (const r of UNANSWERED_ROUTES) {
      const op = doc.paths?.[r.path]?.[r.method];
      expect(op?.responses?.['501']?.description, routeKey(r)).toContain('NOT_IMPLEMENTED_LOCALLY');
    }
  });
});
