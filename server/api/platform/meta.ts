import { API_DESCRIPTION_VERSION, RUNDESK_VERSION } from '../../version.js';
import { defineRoute, json } from '../../http/route.js';
import { HealthSchema, InfoSchema, RootSchema } from './schemas.js';

/** `/`, `/health` and `/info`, excluded from the JWT layer by default. */
export const metaRoutes = [
  defineRoute({
    method: 'get',
    path: '/',
    operationId: 'root',
    tags: ['Core'],
    summary: 'Where things are (a browser asking for HTML is sent to the UI; no token needed)',
    answers: {
      200: { description: 'Links to the docs, the document and the UI', schema: RootSchema },
      302: { description: 'To `/ui/`, for a request that prefers HTML' },
    },
    errors: [],
    scopes: 'public',
    deskView: false,
    handle(_input, ctx) {
      // A person opening the address in a browser wants the UI; tools get JSON.
      if (ctx.accepts(['json', 'html']) === 'html') return { kind: 'redirect', status: 302, location: '/ui/' };
      return json({ name: 'rundesk', version: RUNDESK_VERSION, docs: '/docs', openapi: '/openapi.json', ui: '/ui/' });
    },
  }),

  defineRoute({
    method: 'get',
    path: '/health',
    operationId: 'health',
    tags: ['Core'],
    summary: 'Health check (no token needed)',
    answers: { 200: { description: 'Healthy', schema: HealthSchema } },
    errors: [],
    scopes: 'public',
    deskView: false,
    handle(_input, { runtime }) {
      return json({ status: 'ok', instantiated_at: runtime.startedAt });
    },
  }),

  defineRoute({
    method: 'get',
    path: '/info',
    operationId: 'info',
    tags: ['Core'],
    summary: 'Server information (no token needed)',
    answers: { 200: { description: 'Information', schema: InfoSchema } },
    errors: [],
    scopes: 'public',
    deskView: false,
    handle(_input, { runtime }) {
      const { settings } = runtime.settings();
      const auth = settings.auth;
      return json({
        name: 'rundesk',
        version: RUNDESK_VERSION,
        os_id: settings.os_id,
        api_version: API_DESCRIPTION_VERSION,
        databases: runtime.databases.list().map((db) => db.id),
        auth: {
          validate: auth.validate,
          algorithm: auth.algorithm,
          authorization_enabled: auth.authorization ?? auth.scope_mappings !== null,
          user_isolation: auth.user_isolation,
          token_source: auth.token_source,
        },
      });
    },
  }),
];
