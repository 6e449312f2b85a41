import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_RUN_ID, DEMO_RUN_PATH } from './sample-data.js';
import { startDeskServer, type DeskTestServer } from '../../testing/desk-server.js';

/**
 * The workbench's promise: what the desk mints and explains is what the server does.
 * Mint → call the run endpoint → inspect, against a real server.
 */
let s: DeskTestServer;
beforeAll(async () => {
  s = await startDeskServer();
  expect((await s.desk('POST', '/desk/sample-data')).status).toBe(200);
});
afterAll(() => s.stop());

async function setAuth(patch: Record<string, unknown>): Promise<void> {
  const current = (await s.desk('GET', '/desk/settings')).body.file_settings as { auth?: Record<string, unknown> };
  const r = await s.desk('PUT', '/desk/settings', { ...current, auth: { ...(current.auth ?? {}), ...patch } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

async function mint(body: Record<string, unknown>) {
  const r = await s.desk('POST', '/desk/tokens', body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { token: string; kid: string | null; header: Record<string, unknown>; curl: string; preview: { status: number; detail: string | null } };
}

const inspect = async (token: string, path = DEMO_RUN_PATH, method = 'GET') =>
  (await s.desk('POST', '/desk/inspect', { token, method, path })).body;

describe.each(['RS256', 'ES256', 'HS256'] as const)('%s round trip', (alg) => {
  it(`When a ${alg} token with sessions:read is minted, Then the run endpoint answers 200 and inspect names the local key`, async () => {
    await setAuth({ algorithm: alg, authorization: true, verify_audience: true });
    const m = await mint({ scopes: ['sessions:read'] });
    expect(m.header).toMatchObject({ alg, typ: 'at+jwt' });
    expect(m.preview).toEqual({ method: 'GET', path: DEMO_RUN_PATH, status: 200, detail: null });
    expect(m.curl).toContain(`${s.baseUrl}${DEMO_RUN_PATH}`);

    const run = await s.call(DEMO_RUN_PATH, m.token);
    expect(run.status).toBe(200);
    expect(run.body.run_id).toBe(DEMO_RUN_ID);

    const i = await inspect(m.token);
    expect(i).toMatchObject({
      status: 200,
      outcome: 'allow',
      header: { alg, kid: m.kid },
      claims: { sub: 'demo-user', scopes: ['sessions:read'] },
      verification: { verified: true, verified_by: { source: 'jwks_file', kid: m.kid } },
      state: {
        authenticated: true,
        user_id: 'demo-user',
        session_id: null,
        scopes: ['sessions:read'],
        audience: 'rundesk-local',
        authorization_enabled: true,
        dependencies: {},
        session_state: {},
      },
      required_scopes: ['sessions:read'],
      matched: { pattern: 'GET /sessions/{session_id}/runs/{run_id}', source: 'default' },
      lint: [],
    });
  });

  it(`When a ${alg} token lacks the scope, Then the run endpoint answers 403 naming it, as inspect predicts`, async () => {
    await setAuth({ algorithm: alg, authorization: true });
    const m = await mint({ scopes: ['agents:read'] });
    const run = await s.call(DEMO_RUN_PATH, m.token);
    expect(run.status).toBe(403);
    expect(run.body.detail).toMatch(/sessions:read/);
    const i = await inspect(m.token);
    expect(i).toMatchObject({ status: 403, detail: run.body.detail, reason: 'forbidden', missing_scopes: ['sessions:read'] });
    expect(m.preview.status).toBe(403);
  });
});

describe('deliberately bad tokens', () => {
  beforeAll(async () => {
    await setAuth({ algorithm: 'RS256', authorization: true, verify_audience: true });
  });

  it.each([
    ['expired', 'expired', /expired/i],
    ['not_yet_valid', 'not_yet_valid', /not yet valid/i],
    ['wrong_audience', 'audience', /audience/i],
    ['untrusted_key', 'invalid', /Invalid token/],
    ['none_alg', 'invalid', /Invalid token/],
    ['tampered', 'invalid', /Invalid token/],
  ] as const)('When a %s token is sent, Then the run endpoint answers 401 and inspect gives the same verdict with a reason', async (defect, reason, detail) => {
    const m = await mint({ scopes: ['sessions:read'], defect });
    const run = await s.call(DEMO_RUN_PATH, m.token);
    expect(run.status).toBe(401);
    expect(run.body).toMatchObject({ detail: expect.stringMatching(detail), error_code: 'UNAUTHENTICATED' });
    expect(run.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const i = await inspect(m.token);
    // Only the audience check comes after a successful signature check.
    expect(i).toMatchObject({ status: 401, reason, detail: run.body.detail, verification: { verified: defect === 'wrong_audience' } });
    expect(typeof i.verification.failure).toBe('string');
    expect(m.preview).toMatchObject({ status: 401, detail: run.body.detail });
  });

  it('explains an untrusted key as a JWKS miss listing the kids the file has', async () => {
    const m = await mint({ scopes: ['sessions:read'], defect: 'untrusted_key' });
    const i = await inspect(m.token);
    const keys = (await s.desk('GET', '/desk/keys')).body.keys as { kid: string; alg: string }[];
    const rs = keys.find((k) => k.alg === 'RS256')!;
    expect(JSON.stringify(i.verification)).toContain(`no key with kid ${m.kid}`);
    expect(JSON.stringify(i.verification)).toContain(rs.kid);
  });

  it('reports a tampered token as a signature mismatch on the trusted key', async () => {
    const m = await mint({ scopes: ['sessions:read'], defect: 'tampered' });
    const i = await inspect(m.token);
    expect(i.claims.scopes).toContain('platform:admin');
    expect(i.verification.attempts.some((a: { outcome: string }) => a.outcome === 'signature_mismatch')).toBe(true);
  });

  it('lints the none-alg token and a token without exp or aud', async () => {
    const none = await inspect((await mint({ defect: 'none_alg' })).token);
    expect(none.lint.map((w: { code: string }) => w.code)).toContain('alg_none');
    const loose = await inspect((await mint({ aud: null, no_exp: true, typ: 'JWT', scopes_claim: 'scope' })).token);
    expect(loose.lint.map((w: { code: string }) => w.code)).toEqual(
      expect.arrayContaining(['no_exp', 'no_aud', 'typ_not_at_jwt', 'no_scopes_claim']),
    );
  });
});

describe('live settings', () => {
  it('When PUT /desk/settings changes a scope mapping, Then the very next platform request follows it', async () => {
    await setAuth({ algorithm: 'RS256', authorization: true, verify_audience: false, scope_mappings: null });
    const m = await mint({ scopes: ['sessions:read'] });
    expect((await s.call(DEMO_RUN_PATH, m.token)).status).toBe(200);
    await setAuth({ scope_mappings: { 'GET /sessions/*': ['runs:special'] } });
    const denied = await s.call(DEMO_RUN_PATH, m.token);
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toMatch(/runs:special/);
    const i = await inspect(m.token);
    expect(i.matched).toEqual({ pattern: 'GET /sessions/*', scopes: ['runs:special'], source: 'custom', override_key: 'GET /sessions/*' });
    await setAuth({ scope_mappings: null });
    expect((await s.call(DEMO_RUN_PATH, m.token)).status).toBe(200);
  });

  it('When the token source becomes COOKIE, Then the mint curl sends the cookie and it works', async () => {
    await setAuth({ token_source: 'COOKIE', authorization: true });
    const m = await mint({ scopes: ['sessions:read'] });
    expect(m.curl).toMatch(/^curl --cookie 'access_token=/);
    const r = await fetch(`${s.baseUrl}${DEMO_RUN_PATH}`, { headers: { cookie: `access_token=${m.token}` } });
    expect(r.status).toBe(200);
    expect(m.preview.status).toBe(200);
    await setAuth({ token_source: 'HEADER' });
  });
});

describe('route matrix and mapping lint', () => {
  it('answers a decision per mapped route, with the missing scopes of each denial', async () => {
    await setAuth({ algorithm: 'RS256', authorization: true, scope_mappings: null });
    const m = await mint({ scopes: ['sessions:read'] });
    const r = await s.desk('POST', '/desk/inspect/matrix', { token: m.token });
    expect(r.status).toBe(200);
    const rows = r.body.rows as { pattern: string; status: number; missing_scopes: string[] }[];
    expect(rows.find((x) => x.pattern === 'GET /sessions/{session_id}/runs/{run_id}')).toMatchObject({ status: 200, missing_scopes: [] });
    // A listing without any scope of the family is a 403, as the platform's listing handler answers.
    expect(rows.find((x) => x.pattern === 'GET /agents')).toMatchObject({ status: 403, access: 'none', missing_scopes: ['agents:read'] });
    expect(rows.find((x) => x.pattern === 'GET /agents/{agent_id}')).toMatchObject({ status: 403, missing_scopes: ['agents:read'] });
    const bad = await s.desk('POST', '/desk/inspect/matrix', { token: 'not.a.token' });
    expect(bad.body.status).toBe(401);
  });

  it('flags custom mappings that match no served route', async () => {
    await setAuth({ scope_mappings: { 'GET /sesions/*': ['sessions:read'], 'GET /sessions/*': ['sessions:read'] } });
    const r = await s.desk('GET', '/desk/mappings/lint');
    expect(r.status).toBe(200);
    expect(r.body.unmatched_mappings.map((x: { pattern: string }) => x.pattern)).toEqual(['GET /sesions/*']);
    await setAuth({ scope_mappings: null });
  });

  it('decides both scope-rule cases as the platform, in the inspector and the route matrix alike', async () => {
    await setAuth({ algorithm: 'RS256', authorization: true, scope_mappings: { 'GET /sessions/*': ['x:read'] } });
    const m = await mint({ scopes: ['sessions:read'] });
    const i = await s.desk('POST', '/desk/inspect', { token: m.token, method: 'GET', path: '/sessions/s/runs/r' });
    expect(i.body).toMatchObject({ status: 403, required_scopes: ['x:read'], matched: { pattern: 'GET /sessions/*', source: 'custom' }, platform_note: null });
    const listing = await s.desk('POST', '/desk/inspect', { token: m.token, method: 'GET', path: '/agents' });
    expect(listing.body).toMatchObject({ status: 403, state: { accessible_resource_ids: [] } });
    expect(listing.body.detail).toContain('agents:read');
    const matrix = await s.desk('POST', '/desk/inspect/matrix', { token: m.token });
    const row = (p: string) => matrix.body.rows.find((x: { pattern: string }) => x.pattern === p);
    expect(row('GET /sessions/{session_id}/runs/{run_id}')).toMatchObject({ status: 403, decided_by: 'GET /sessions/*', required_scopes: ['x:read'] });
    expect(row('GET /agents')).toMatchObject({ status: 403, access: 'none', decided_by: null });
    await setAuth({ scope_mappings: null });
  });

  it('flags a custom rule the platform would shadow with an earlier default, everywhere the rule shows', async () => {
    await setAuth({ authorization: true, scope_mappings: { 'GET /sessions/*/runs/*': ['runs:read'] } });
    const note = 'on the platform, `GET /sessions/*` is matched first here; this rule never decides there; redefine `GET /sessions/*` to change these requests';
    const lint = await s.desk('GET', '/desk/mappings/lint');
    expect(lint.body.platform_shadowed).toEqual([
      { pattern: 'GET /sessions/*/runs/*', scopes: ['runs:read'], shadowed_by: 'GET /sessions/*', message: note },
    ]);
    const m = await mint({ scopes: ['runs:read'] });
    const matrix = await s.desk('POST', '/desk/inspect/matrix', { token: m.token });
    expect(matrix.body.rows.find((x: { pattern: string }) => x.pattern === 'GET /sessions/*/runs/*')).toMatchObject({ status: 403, platform_note: note });
    const i = await s.desk('POST', '/desk/inspect', { token: m.token, method: 'GET', path: '/sessions/s/runs/r' });
    expect(i.body).toMatchObject({ status: 403, matched: { override_key: 'GET /sessions/*' }, other_verdict: { scope_matching: 'specific', status: 200 } });
    expect(i.body.platform_note).toBe(
      '`GET /sessions/*/runs/*` does not decide this request: as on the platform, `GET /sessions/*` is matched first (redefine `GET /sessions/*` to change it); with scope_matching "specific", `GET /sessions/*/runs/*` would decide',
    );
    expect(i.body.hints).toContain(i.body.platform_note);
    await setAuth({ scope_mappings: null });
  });
});

describe('desk input validation', () => {
  it('answers 422 naming the bad fields of a mint or inspect body', async () => {
    const r = await s.desk('POST', '/desk/tokens', { ttl: -5, defect: 'haunted', bogus: 1 });
    expect(r.status).toBe(422);
    const paths = (r.body.issues as { path: string }[]).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['body.ttl', 'body.defect', 'body.bogus']));
    expect((await s.desk('POST', '/desk/inspect', { token: '', path: 'no-slash' })).status).toBe(422);
    expect((await s.desk('POST', '/desk/tokens', { key: 'nope' })).status).toBe(422);
  });

  it('answers 400 for malformed JSON and 413 for bodies over 1 MB', async () => {
    expect((await s.desk('POST', '/desk/inspect', '{"token":')).status).toBe(400);
    expect((await s.desk('POST', '/desk/inspect', { token: 'x'.repeat(1_100_000) })).status).toBe(413);
  });

  it('inspects garbage tokens without failing', async () => {
    for (const token of ['abc', 'a.b.c', 'Bearer ', '....', 'eyJhbGciOiJub25lIn0.e30.']) {
      const r = await s.desk('POST', '/desk/inspect', { token });
      expect(r.status, token).toBe(r.status === 422 ? 422 : 200);
      if (r.status === 200) expect(r.body.status).toBe(401);
    }
  });
});
