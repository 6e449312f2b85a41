import { OpenApiGeneratorV31, OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { DESK_ROUTES } from '../api/desk/desk-routes.js';
import { gatewayDeskRoutes } from '../api/upstream/desk-routes.js';
import { API_DESCRIPTION_VERSION } from '../version.js';
import { DESK_VIEW_ROUTES, PLATFORM_ROUTES } from '../api/platform/platform-routes.js';
import { DESK_SURFACE, DESK_VIEW_SURFACE, PLATFORM_SURFACE, registerBearerScheme, registerDeskScheme, registerRoutes } from '../http/openapi-paths.js';
import { registerUnansweredRoutes } from '../api/upstream/unanswered-routes.js';

let cached: ReturnType<OpenApiGeneratorV31['generateDocument']> | null = null;

/**
 * The `/openapi.json` document, generated from the same zod schemas that validate requests. It is
 * assembled here, at the composition root, because it describes every surface mounted together:
 * the platform routes, the desk's own routes and the desk view.
 */
export function openApiDocument(): ReturnType<OpenApiGeneratorV31['generateDocument']> {
  if (cached) return cached;
  const registry = new OpenAPIRegistry();
  registerBearerScheme(registry);
  registerRoutes(registry, PLATFORM_ROUTES, PLATFORM_SURFACE);
  registerUnansweredRoutes(registry);
  registerDeskScheme(registry);
  // Documented without a running gateway: the handlers are never called here.
  const noGateway = () => {
    throw new TypeError('the gateway desk routes are only documented here');
  };
  registerRoutes(registry, [...DESK_ROUTES, ...gatewayDeskRoutes(noGateway)], DESK_SURFACE);
  registerRoutes(registry, DESK_VIEW_ROUTES, DESK_VIEW_SURFACE);
  cached = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'rundesk',
      version: API_DESCRIPTION_VERSION,
      description:
        'The agent platform run endpoint served locally behind the JWT authentication and authorization layer, ' +
        'plus the rundesk workbench API (`/desk`). Every error answer is `{ detail, error_code }`; each operation lists ' +
        'the codes it may answer under their status. Any request may also get: 400 `CORS_ORIGIN_NOT_ALLOWED` (a browser ' +
        'preflight from an origin not in `cors_allowed_origins`), 408 `REQUEST_TIMEOUT` (the request took too long to ' +
        'arrive), 431 `HEADERS_TOO_LARGE`, 500 `INTERNAL_SERVER_ERROR` (an unexpected failure; the detail says no more), ' +
        '500 `CONFIG_ERROR` (one of rundesk\'s own files is damaged; the detail names it) and ' +
        '500 `JWKS_FILE_UNUSABLE` (the configured `jwks_file` cannot be read as a key set).',
    },
    servers: [{ url: '/' }],
  });
  return cached;
}
