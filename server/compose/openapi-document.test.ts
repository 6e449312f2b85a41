import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { PLATFORM_ROUTES } from '../api/platform/platform-routes.js';
import { openApiDocument } from './openapi-document.js';

describe('the /openapi.json document', () => {
  it('When checked by an OpenAPI 3.1 validator, then it is valid', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(openApiDocument()) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('When read, then it carries version 2.5.6 and the run endpoint as get_session_run', () => {
    const doc = openApiDocument();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('2.5.6');
    const op = doc.paths?.['/sessions/{session_id}/runs/{run_id}']?.get;
    expect(op?.operationId).toBe('get_session_run');
    const params = (op?.parameters ?? []) as Array<{ name: string; in: string; required?: boolean }>;
    expect(params.map((p) => `${p.in}:${p.name}`).sort()).toEqual(
      ['path:run_id', 'path:session_id', 'query:db_id', 'query:table', 'query:type', 'query:user_id'].sort(),
    );
    // The platform's statuses, plus rundesk's 503 for a locked or damaged database file.
    expect(Object.keys(op?.responses ?? {}).sort()).toEqual(['200', '400', '401', '403', '404', '422', '500', '503']);
  });

  it('When read, then platform routes use the bearer scheme and desk routes the desk-token scheme', () => {
    const doc = openApiDocument();
    const schemes = doc.components?.securitySchemes ?? {};
    expect(Object.keys(schemes)).toEqual(expect.arrayContaining(['bearerAuth', 'deskToken']));
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
        const op = item?.[method];
        if (!op || PLATFORM_ROUTES.some((r) => r.scopes === 'public' && r.path === path)) continue;
        const names = (op.security ?? []).flatMap((s) => Object.keys(s));
        expect(names, `${method.toUpperCase()} ${path}`).toEqual([path.startsWith('/desk') ? 'deskToken' : 'bearerAuth']);
      }
    }
  });

  it('When read, then every route rundesk serves is described', () => {
    const paths = Object.keys(openApiDocument().paths ?? {});
    for (const p of [
      '/sessions',
      '/sessions/{session_id}',
      '/sessions/{session_id}/runs',
      '/agents',
      '/agents/{agent_id}',
      '/teams',
      '/teams/{team_id}',
      '/workflows',
      '/workflows/{workflow_id}',
      '/health',
      '/info',
      '/desk/tokens',
      '/desk/inspect',
      '/desk/inspect/matrix',
      '/desk/settings',
      '/desk/databases',
      '/desk/keys',
      '/desk/sample-data',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
