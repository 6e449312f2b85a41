import fs from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDeskServer, type DeskTestServer } from '../../testing/desk-server.js';

describe('Given settings that trust only a foreign identity provider', () => {
  let s: DeskTestServer;
  let runPath: string;
  beforeAll(async () => {
    s = await startDeskServer();
    expect((await s.desk('POST', '/desk/sample-data')).status).toBe(200);
    // The provider's key set: nothing rundesk holds can sign for it.
    const { publicKey } = await generateKeyPair('RS256');
    const jwks = path.join(s.root, 'idp.jwks.json');
    fs.writeFileSync(jwks, JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: 'idp-1', alg: 'RS256', use: 'sig' }] }));
    const current = await s.desk('GET', '/desk/settings');
    const put = await s.desk('PUT', '/desk/settings', { ...current.body.file_settings, auth: { jwks_file: jwks, authorization: true } });
    expect(put.status).toBe(200);
    const page = await s.desk('GET', '/desk/view/sessions?limit=100');
    const session = page.body.data.find((x: { run_count: number }) => x.run_count > 0);
    const runs = await s.desk('GET', `/desk/view/sessions/${session.session_id}/runs?type=${session.session_type}`);
    runPath = `/sessions/${session.session_id}/runs/${runs.body[0].run_id}?type=${session.session_type}`;
  });
  afterAll(() => s?.stop());

  it('When the run browser reads through the desk view, Then it lists and opens runs', async () => {
    const page = await s.desk('GET', '/desk/view/sessions');
    expect(page.status).toBe(200);
    expect(page.body.meta.total_count).toBeGreaterThan(0);
    const run = await s.desk('GET', `/desk/view${runPath}`);
    expect(run.status).toBe(200);
    expect(run.body.run_id).toBeTruthy();
    expect((await s.desk('GET', '/desk/view/agents')).body.length).toBeGreaterThan(0);
  });

  it('When a locally minted token asks the platform API, Then it is refused: the desk view is what keeps browsing open', async () => {
    const minted = await s.desk('POST', '/desk/tokens', { sub: 'dev', scopes: ['platform:admin'] });
    expect((await s.call(runPath, minted.body.token)).status).toBe(401);
  });

  it('answers the same body as the platform route, and refuses writes and the desk credential missing', async () => {
    const viaDesk = await s.desk('GET', `/desk/view${runPath}`);
    expect(viaDesk.headers.get('access-control-allow-origin')).toBeNull();
    expect((await s.desk('POST', '/desk/view/sessions/x/runs', { run_id: 'r' })).status).toBe(404);
    expect((await s.desk('DELETE', `/desk/view/sessions/x`)).status).toBe(404);
    expect((await fetch(`${s.baseUrl}/desk/view/sessions`)).status).toBe(401);
  });

  it('When the trace view reads an attached Agno file through the desk view, Then it gets the traces a token would', async () => {
    const file = path.join(s.root, 'agno-observability.db');
    fs.copyFileSync(path.resolve('test/fixtures/agno/agno-observability.db'), file);
    expect((await s.desk('POST', '/desk/databases', { id: 'obs', path: file })).status).toBe(201);
    const page = await s.desk('GET', '/desk/view/traces?db_id=obs&status=ERROR');
    expect(page.status).toBe(200);
    expect(page.body.meta.total_count).toBe(3);
    const trace = await s.desk('GET', `/desk/view/traces/${page.body.data[0].trace_id}?db_id=obs`);
    expect(trace.body.tree[0].spans.length).toBeGreaterThan(0);
    expect((await s.desk('GET', '/desk/view/traces/filter-schema')).body.fields.map((f: { key: string }) => f.key)).toContain('duration_ms');
    expect((await s.desk('POST', '/desk/view/traces/search', {})).status).toBe(404);
  });
});
