import { Router } from 'express';
import type { Runtime } from '../../runtime-types.js';
import { API_DESCRIPTION_VERSION, RUNDESK_VERSION } from '../../version.js';

/** `/`, `/health` and `/info` (SPEC §4.2), excluded from the JWT layer by default. */
export function metaRouter(runtime: Runtime): Router {
  const router = Router();
  const startedAt = new Date().toISOString();

  router.get('/', (req, res) => {
    // A person opening the address in a browser wants the UI; tools get JSON.
    if (req.accepts(['json', 'html']) === 'html') {
      res.redirect(302, '/ui/');
      return;
    }
    res.json({ name: 'rundesk', version: RUNDESK_VERSION, docs: '/docs', openapi: '/openapi.json', ui: '/ui/' });
  });

  router.get('/health', (_req, res) => {
    res.json({ status: 'ok', instantiated_at: startedAt });
  });

  router.get('/info', (_req, res) => {
    const { settings } = runtime.settings();
    const auth = settings.auth;
    res.json({
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
  });

  return router;
}
