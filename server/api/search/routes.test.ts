import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgnoDb } from '../../testing/agno-builder.js';
import { DEMO, makeDemoSessions } from '../../testing/demo-sessions.js';
import { startTestServer, type TestServer } from '../../testing/server-harness.js';
import { makeTempDir } from '../../testing/temp-dir.js';

/** `GET /search/runs` under user isolation, and its answer following writes (the document cache). */
describe('Given an attached Agno file and user isolation', () => {
  let t: TestServer;
  let victor: string;
  let olivia: string;
  let nobody: string;
  let admin: string;
  let tmp: ReturnType<typeof makeTempDir>;

  beforeAll(async () => {
    tmp = makeTempDir('rundesk-search-');
    const file = path.join(tmp.dir, 'agents.db');
    buildAgnoDb(file, makeDemoSessions());
    t = await startTestServer({ auth: { user_isolation: true }, databases: [{ id: 'agents', path: file, read_only: false }] });
    victor = await t.token({ sub: 'victor', scopes: ['sessions:read', 'sessions:write'] });
    olivia = await t.token({ sub: 'olivia', scopes: ['sessions:read'] });
    nobody = await t.token({ sub: null, scopes: ['sessions:read'] });
    admin = await t.token({ sub: 'root', scopes: ['platform:admin'] });
  });
  afterAll(async () => {
    await t?.stop();
    tmp?.remove();
  });

  const search = async (token: string, query: string) => {
    const res = await t.get(`/search/runs?db_id=agents&${query}`, token);
    expect(res.status).toBe(200);
    return res.json();
  };

  it('When a user searches, then only their own runs answer, whatever user or user_id they name', async () => {
    expect((await search(victor, 'q=montr%C3%A9al')).meta.total_count).toBe(0);
    expect((await search(victor, 'q=montr%C3%A9al&user_id=olivia')).meta.total_count).toBe(0);
    expect((await search(victor, 'user=olivia')).meta.total_count).toBe(0);
    const own = await search(victor, 'limit=200');
    expect(own.data.length).toBeGreaterThan(0);
    for (const r of own.data) expect(r.session_id).toBe(DEMO.agentError);
    expect(own.facets.model.length).toBeGreaterThan(0);
    expect((await search(olivia, 'q=montr%C3%A9al')).meta.total_count).toBeGreaterThan(0);
  });

  it('When the token names no user, then nothing is found (fail closed)', async () => {
    const none = await search(nobody, 'limit=200');
    expect(none.meta).toMatchObject({ total_count: 0, searched_runs: 0 });
    expect(none.facets.tool).toEqual([]);
  });

  it('When an admin searches, then every run is searched and user_id narrows exactly', async () => {
    const all = await search(admin, 'limit=200');
    const only = await search(admin, 'limit=200&user_id=olivia');
    expect(only.meta.searched_runs).toBeLessThan(all.meta.searched_runs);
    for (const r of only.data) expect(r.user_id).toBe('olivia');
    expect((await search(admin, 'limit=200&user_id=oli')).meta.total_count).toBe(0);
  });

  it('When a run is written after a search, then the next search finds its words', async () => {
    expect((await search(victor, 'q=zebra-quartz')).meta.total_count).toBe(0);
    const run = { run_id: 'fresh-run', agent_id: 'finance-analyst', status: 'COMPLETED', created_at: 1_800_000_000, content: 'A Zebra-Quartz answer' };
    expect((await t.post(`/sessions/${DEMO.agentError}/runs?type=agent&db_id=agents`, run, victor)).status).toBe(201);
    const found = await search(victor, 'q=zebra-quartz');
    expect(found.data.map((r: { run_id: string }) => r.run_id)).toEqual(['fresh-run']);
    expect(found.data[0].hits[0]).toMatchObject({ where: 'output', snippet: 'A Zebra-Quartz answer', match_start: 2, match_end: 14 });
  });

  it('When the query is malformed for the schema, then 422 names the field', async () => {
    const res = await t.get('/search/runs?db_id=agents&sort_by=nope', admin);
    expect(res.status).toBe(422);
    expect((await res.json()).detail).toContain('sort_by');
  });

  it('When read through the desk view, then it answers as for an admin', async () => {
    const res = await fetch(`${t.baseUrl}/desk/view/search/runs?db_id=agents&q=451.82`, { headers: { 'x-desk-token': t.server.deskToken } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: Array<{ session_id: string }> };
    expect(body.data.map((r) => r.session_id)).toContain(DEMO.agentError);
  });
});
