import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentStatus as contentStatusOf } from '../../server/api/knowledge/present.js';
import { ContentStatusSchema, KnowledgeConfigSchema } from '../../server/api/knowledge/schemas.js';
import { startTestServer, type TestServer } from '../../server/testing/server-harness.js';

/**
 * `AgentOSClient.get_knowledge_content_status` and `get_knowledge_config` over the knowledge
 * contents Agno wrote (`agno-observability.db`, knowledge base "Acme Docs"), attached read-only.
 * Both answered `404 No route` before. The status is Agno's reading of the stored row; the
 * config's stored part is the filter keys (the contents' metadata keys, a set), readers,
 * chunkers and vector databases being code rundesk does not have.
 */

const DB = 'obs';
const FILE = path.join(import.meta.dirname, '../fixtures/agno/agno-observability.db');

describe('Given knowledge contents written by Agno', () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    t = await startTestServer({ auth: { authorization: true }, databases: [{ id: DB, path: FILE, read_only: true }] });
    token = await t.token({ sub: 'u1', scopes: ['knowledge:read'] });
  }, 60_000);
  afterAll(async () => t?.stop());

  it('When the status of a completed content is asked, Then 200 completed with an empty message', async () => {
    const res = await t.get(`/knowledge/content/e4076403-1927-4cf7-9340-dd5fc65738e7/status?db_id=${DB}`, token);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ id: 'e4076403-1927-4cf7-9340-dd5fc65738e7', status: 'completed', status_message: '' });
    expect(ContentStatusSchema.strict().safeParse(body).success).toBe(true);
  });

  it('When the status of a failed content is asked, Then its stored message comes with it', async () => {
    const res = await t.get(`/knowledge/content/e5a8dcc1-e718-4234-bb65-87693fff3944/status?db_id=${DB}&knowledge_id=Acme%20Docs`, token);
    expect(await res.json()).toEqual({ id: 'e5a8dcc1-e718-4234-bb65-87693fff3944', status: 'failed', status_message: 'Error reading URL: HTTP 503 Service Unavailable' });
  });

  it('When the content is unknown, Then 200 failed "Content not found" (as AgentOS); an unknown knowledge base is 404', async () => {
    const res = await t.get(`/knowledge/content/nope/status?db_id=${DB}`, token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 'nope', status: 'failed', status_message: 'Content not found' });
    expect((await t.get(`/knowledge/content/nope/status?db_id=${DB}&knowledge_id=nope`, token)).status).toBe(404);
  });

  it('When the config is read, Then filters are the metadata keys of the stored contents and the code-side parts are empty', async () => {
    for (const q of [`db_id=${DB}`, `db_id=${DB}&knowledge_id=Acme%20Docs`]) {
      const res = await t.get(`/knowledge/config?${q}`, token);
      expect(res.status, q).toBe(200);
      const body = await res.json();
      expect(KnowledgeConfigSchema.strict().safeParse(body).success).toBe(true);
      expect([...body.filters].sort()).toEqual(['source', 'team', 'year']);
      expect(body).toMatchObject({ readers: {}, readersForType: {}, chunkers: {}, vector_dbs: [], remote_content_sources: null });
    }
    expect((await t.get(`/knowledge/config?db_id=${DB}&knowledge_id=nope`, token)).status).toBe(404);
  });

  it('When the caller lacks knowledge:read, Then both are 403 naming it', async () => {
    const narrow = await t.token({ sub: 'u1', scopes: ['sessions:read'] });
    for (const p of ['/knowledge/config', '/knowledge/content/x/status']) {
      const res = await t.get(`${p}?db_id=${DB}`, narrow);
      expect(res.status, p).toBe(403);
      expect((await res.json()).detail, p).toContain('knowledge:read');
    }
  });
});

describe("Agno's reading of a stored content status", () => {
  it('takes the lower-cased value when it is one, else what it mentions, else processing', () => {
    expect(contentStatusOf('COMPLETED')).toBe('completed');
    expect(contentStatusOf('Processing failed: timeout')).toBe('failed');
    expect(contentStatusOf('partially completed')).toBe('completed');
    expect(contentStatusOf('queued')).toBe('processing');
    expect(contentStatusOf(null)).toBe('processing');
    expect(contentStatusOf('')).toBe('processing');
  });
});
