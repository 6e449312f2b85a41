import { Caches } from '../../runtime/caches.js';
import type { Express } from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthLayer, defaultScopeTable } from '../../auth/index.js';
import { UNANSWERED_ROUTES, UNSERVED_PLATFORM_SCOPE_MAPPINGS } from '../upstream/unanswered-routes.js';
import { createDatabaseRegistry } from '../../db/registry.js';
import { openApiDocument } from '../../compose/openapi-document.js';
import { createRuntime } from '../../runtime/runtime.js';
import type { Runtime } from '../../runtime/runtime-types.js';
import { loadSettings } from '../../settings/load.js';
import { SettingsSchema } from '../../settings/schema.js';
import { makeTempDir } from '../../testing/temp-dir.js';
import { createApp } from '../../compose/app.js';
import { forwardedRoutes } from '../upstream/forwarded-routes.js';
import { createGateway } from '../upstream/gateway.js';
import { expressPath, routerOf } from '../../http/route-express.js';
import { routeKey, templateParams } from '../../http/route.js';
import { DEFAULT_SCOPE_MAPPINGS, DESK_VIEW_ROUTES, PLATFORM_ROUTES } from './platform-routes.js';

type Layer = { rawPath?: string; route?: { path: string; methods: Record<string, boolean> }; handle: { stack?: Layer[] } };

/** Every `METHOD /path` an Express app answers through a route (mount paths joined). */
function servedBy(app: Express): string[] {
  const out: string[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const [m, on] of Object.entries(layer.route.methods)) if (on && m !== '_all') out.push(`${m.toUpperCase()} ${prefix}${layer.route.path}`);
      } else if (layer.handle.stack) {
        walk(layer.handle.stack, `${prefix}${layer.rawPath && layer.rawPath !== '/' ? layer.rawPath : ''}`);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return out;
}

/** Surfaces that are not the platform API: the workbench, the UI and the docs pages. */
const OTHER_SURFACE = /^\S+ \/(desk|ui|docs|redoc|openapi\.json)(\/|$)/;

describe('the route objects', () => {
  const temp = makeTempDir('rundesk-routes-');
  let runtime: Runtime;

  beforeAll(async () => {
    const loaded = loadSettings({ dataDir: temp.dir, env: {}, firstRunSettings: () => ({ auth: { validate: false } }) });
    const caches = new Caches();
    const databases = createDatabaseRegistry({ defaultPath: `${temp.dir}/rundesk.db`, entries: [], env: {}, caches });
    const auth = await createAuthLayer(loaded.settings.auth, { osId: loaded.settings.os_id, defaultScopeMappings: DEFAULT_SCOPE_MAPPINGS });
    runtime = createRuntime({
      dataDir: temp.dir,
      deskToken: 'x'.repeat(43),
      loaded,
      auth,
      caches,
      defaultScopeMappings: DEFAULT_SCOPE_MAPPINGS,
      databases,
      env: {},
      baseUrl: () => 'http://127.0.0.1:7777',
      log: () => {},
    });
  });
  afterAll(() => {
    runtime.auth().close();
    runtime.databases.closeAll();
    temp.remove();
  });

  it('When the app is built, then every platform route it serves is a route object, and the desk view serves the opted-in ones', () => {
    const gateway = createGateway();
    const app = createApp(runtime, { log: pino({ enabled: false }), address: () => ({ host: '127.0.0.1', port: 7777 }), uiDir: temp.dir, gateway });
    gateway.close();
    const served = servedBy(app);
    const declared = PLATFORM_ROUTES.map((r) => `${r.method.toUpperCase()} ${expressPath(r.path)}`);
    // The gateway also answers the platform routes that have no route object (it forwards them).
    const gatewayOnly = forwardedRoutes(PLATFORM_ROUTES)
      .map((r) => `${r.method.toUpperCase()} ${expressPath(r.path)}`)
      .filter((r) => !declared.includes(r));
    const platform = [...new Set(served.filter((r) => !OTHER_SURFACE.test(r)))].filter((r) => !gatewayOnly.includes(r));
    expect([...platform].sort()).toEqual([...declared].sort());
    const view = served.filter((r) => r.includes(' /desk/view/')).map((r) => r.replace(' /desk/view', ' '));
    expect(view.sort()).toEqual(DESK_VIEW_ROUTES.map((r) => `${r.method.toUpperCase()} ${expressPath(r.path)}`).sort());
  });

  it('When listed, then no two route objects share a method and path or an operationId', () => {
    expect(new Set(PLATFORM_ROUTES.map(routeKey)).size).toBe(PLATFORM_ROUTES.length);
    expect(new Set(PLATFORM_ROUTES.map((r) => r.operationId)).size).toBe(PLATFORM_ROUTES.length);
    expect(routerOf(PLATFORM_ROUTES, runtime, 'jwt').stack).toHaveLength(PLATFORM_ROUTES.length);
  });

  it('When the document is read, then every route is described on its surfaces with its own inputs', () => {
    const paths = openApiDocument().paths ?? {};
    const check = (path: string, route: (typeof PLATFORM_ROUTES)[number]) => {
      const op = (paths[path] as Record<string, { parameters?: Array<{ in: string; name: string }>; responses?: object }> | undefined)?.[route.method];
      expect(op, `${route.method.toUpperCase()} ${path}`).toBeDefined();
      const names = (op?.parameters ?? []).map((p) => `${p.in}:${p.name}`).sort();
      const query = route.query ? Object.keys((route.query as unknown as { shape: object }).shape) : [];
      expect(names, `${route.method.toUpperCase()} ${path}`).toEqual(
        [...templateParams(route.path).map((n) => `path:${n}`), ...query.map((n) => `query:${n}`)].sort(),
      );
      for (const status of Object.keys(route.answers)) expect(Object.keys(op?.responses ?? {})).toContain(status);
    };
    for (const route of PLATFORM_ROUTES) check(route.path, route);
    for (const route of DESK_VIEW_ROUTES) check(`/desk/view${route.path}`, route);
  });

  it('When the desk view documents the run listing, then it names the run window, not the session listing query', () => {
    const op = openApiDocument().paths?.['/desk/view/sessions/{session_id}/runs']?.get;
    const names = ((op?.parameters ?? []) as Array<{ name: string }>).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['created_after', 'created_before']));
    const run = openApiDocument().paths?.['/desk/view/sessions/{session_id}/runs/{run_id}']?.get;
    expect(JSON.stringify(run?.responses?.['200'])).toContain('#/components/schemas/');
  });

  it('When the default scope table is built, then every guarded route is in it and every public one is excluded by default', () => {
    const excluded = SettingsSchema.parse({}).auth.excluded_route_paths;
    for (const route of PLATFORM_ROUTES) {
      if (route.scopes === 'public') expect(excluded, routeKey(route)).toContain(route.path);
      else expect(DEFAULT_SCOPE_MAPPINGS[routeKey(route)], routeKey(route)).toEqual(route.scopes);
    }
    const served = new Set(PLATFORM_ROUTES.map(routeKey));
    for (const key of UNANSWERED_ROUTES.map(routeKey)) expect(served.has(key), key).toBe(false);
    for (const [key, scopes] of Object.entries(UNSERVED_PLATFORM_SCOPE_MAPPINGS)) expect(DEFAULT_SCOPE_MAPPINGS[key], key).toEqual(scopes);
  });

  it('When a key is spelled twice, then the table refuses to build', () => {
    expect(() => defaultScopeTable([{ key: 'GET /x', scopes: ['a'] }, { key: 'GET /x', scopes: ['b'] }])).toThrow(TypeError);
  });
});
