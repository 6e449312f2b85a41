import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DeskDatabaseListSchema,
  DeskInspectResponseSchema,
  DeskKeyListSchema,
  DeskKeySchema,
  DeskMappingLintSchema,
  DeskMintResponseSchema,
  DeskPresetFixtureResponseSchema,
  DeskPresetListSchema,
  DeskRouteMatrixResponseSchema,
  DeskSampleDataResponseSchema,
  DeskSettingsResponseSchema,
  DeskSettingsSchemaResponseSchema,
  JwksSchema,
} from './schemas.js';
import { startDeskServer, type DeskTestServer } from '../../testing/desk-server.js';

/** Every desk answer fits the schema `/openapi.json` declares for it (the UI's types come from there). */
let s: DeskTestServer;
beforeAll(async () => {
  s = await startDeskServer();
});
afterAll(() => s.stop());

async function fits(schema: z.ZodType, method: string, path: string, body?: unknown) {
  const r = await s.desk(method, path, body);
  expect(r.status, `${method} ${path}: ${r.text.slice(0, 300)}`).toBeLessThan(300);
  const parsed = schema.safeParse(r.body);
  expect(parsed.success, `${method} ${path}: ${parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))}`).toBe(true);
  return r.body;
}

describe('desk answers match their declared schemas', () => {
  it('for every route', async () => {
    await fits(DeskSampleDataResponseSchema, 'POST', '/desk/sample-data');
    await fits(DeskKeyListSchema, 'GET', '/desk/keys');
    await fits(DeskKeySchema, 'POST', '/desk/keys', { alg: 'EdDSA' });
    await fits(JwksSchema, 'GET', '/desk/keys/jwks.json');
    const minted = await fits(DeskMintResponseSchema, 'POST', '/desk/tokens', { scopes: ['sessions:read'] });
    await fits(DeskMintResponseSchema, 'POST', '/desk/tokens', { defect: 'none_alg' });
    await fits(DeskInspectResponseSchema, 'POST', '/desk/inspect', { token: minted.token });
    await fits(DeskInspectResponseSchema, 'POST', '/desk/inspect', { token: 'garbage' });
    await fits(DeskInspectResponseSchema, 'POST', '/desk/inspect', { token: minted.token, path: '/health' });
    await fits(DeskRouteMatrixResponseSchema, 'POST', '/desk/inspect/matrix', { token: minted.token });
    await fits(DeskMappingLintSchema, 'GET', '/desk/mappings/lint');
    await fits(DeskPresetListSchema, 'GET', '/desk/presets');
    await fits(DeskPresetFixtureResponseSchema, 'POST', '/desk/presets/cognito/fixture');
    await fits(DeskSettingsResponseSchema, 'GET', '/desk/settings');
    await fits(DeskSettingsSchemaResponseSchema, 'GET', '/desk/settings/schema');
    await fits(DeskDatabaseListSchema, 'GET', '/desk/databases');
  });
});
