import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';

/**
 * Registers every `/desk` route in the OpenAPI registry under the `deskToken` security scheme.
 * (Filled in as the desk routes land.)
 */
export function registerDeskOpenApi(registry: OpenAPIRegistry): void {
  registry.registerComponent('securitySchemes', 'deskToken', {
    type: 'apiKey',
    in: 'header',
    name: 'X-Desk-Token',
    description: 'The per-install desk credential (`<data-dir>/desk-token`), or the `rundesk_desk` cookie set by the UI login URL.',
  });
}
