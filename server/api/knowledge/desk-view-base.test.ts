import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDeskServer, type DeskTestServer } from '../../testing/desk-server.js';

/**
 * The knowledge base a content belongs to is stored in `agno_knowledge.linked_to` ("Acme Docs"
 * in Agno's observability database). AgentOS answers it as null (its `Content` drops it), so
 * the platform API does too; the desk view, which the Knowledge page reads, answers it as stored.
 */

const FIXTURE = path.join(import.meta.dirname, '../../../test/fixtures/agno/agno-observability.db');
const CONTENT = 'f83d7e52-a9d2-4b32-864a-03b8663b3af1';

describe('Given knowledge contents Agno linked to the base "Acme Docs"', () => {
  let s: DeskTestServer;
  let token: string;
  beforeAll(async () => {
    s = await startDeskServer();
    const file = path.join(s.root, 'obs.db');
    fs.copyFileSync(FIXTURE, file);
    expect((await s.desk('POST', '/desk/databases', { id: 'obs', path: file, read_only: true })).status).toBeLessThan(300);
    const minted = await s.desk('POST', '/desk/tokens', { sub: 'u1', scopes: ['knowledge:read'] });
    token = minted.body.token;
  }, 60_000);
  afterAll(() => s?.stop());

  it('When the desk view lists and reads the contents, Then each carries its knowledge base name', async () => {
    const page = await s.desk('GET', '/desk/view/knowledge/content?db_id=obs');
    expect(page.status).toBe(200);
    expect(page.body.data.length).toBeGreaterThan(0);
    expect(new Set(page.body.data.map((c: { linked_to: unknown }) => c.linked_to))).toEqual(new Set(['Acme Docs']));
    const one = await s.desk('GET', `/desk/view/knowledge/content/${CONTENT}?db_id=obs`);
    expect(one.body.linked_to).toBe('Acme Docs');
  });

  it('When a client reads the platform API, Then linked_to stays null, as AgentOS answers', async () => {
    const page = await s.call('/knowledge/content?db_id=obs', token);
    expect(page.status).toBe(200);
    expect(page.body.data.every((c: { linked_to: unknown }) => c.linked_to === null)).toBe(true);
    const one = await s.call(`/knowledge/content/${CONTENT}?db_id=obs`, token);
    expect(one.body.linked_to).toBeNull();
  });
});
