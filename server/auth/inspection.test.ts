import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { httpStatusOf } from '../error-table.js';
import { bearer, keyPair, layerFor, NOW_S, sign } from '../testing/auth-tokens.js';

async function setup(extra: Record<string, unknown> = {}) {
  const rsa = await keyPair('RS256');
  const layer = await layerFor({ verification_keys: [rsa.pem], authorization: true, ...extra });
  return { layer, token: (claims: Record<string, unknown>, exp?: number) => sign(claims, { key: rsa.privateKey, kid: 'k1', ...(exp === undefined ? {} : { exp }) }) };
}

describe('inspectToken', () => {
  it('explains an allowed request: key, state, mapping and scopes', async () => {
    const { layer, token } = await setup();
    const t = await token({ sub: 'u1', scopes: ['sessions:read'] });
    const inspection = await layer.inspectToken({ token: t, method: 'get', path: '/sessions/s1/runs/r1' });
    expect(inspection).toMatchObject({
      method: 'GET',
      path: '/sessions/s1/runs/r1',
      outcome: 'allow',
      status: 200,
      detail: null,
      error_code: null,
      header: { alg: 'RS256', kid: 'k1' },
      claims: { sub: 'u1', scopes: ['sessions:read'] },
      verification: { validate: true, verified: true, verified_by: { source: 'verification_keys', index: 0, kid: null }, failure: null },
      state: { authenticated: true, user_id: 'u1', scopes: ['sessions:read'], accessible_resource_ids: ['*'] },
      matched: { pattern: 'GET /sessions/{session_id}/runs/{run_id}', scopes: ['sessions:read'], source: 'default' },
      required_scopes: ['sessions:read'],
      missing_scopes: [],
    });
  });

  // Failed before: rundesk answered 200 by the custom rule, where the platform answers 403.
  it('shows both verdicts when the two matching modes decide by different rules', async () => {
    const { layer, token } = await setup({ scope_mappings: { 'GET /sessions/*/runs/*': ['runs:read'] } });
    const t = await token({ sub: 'u1', scopes: ['runs:read'] });
    const inspection = await layer.inspectToken({ token: t, method: 'GET', path: '/sessions/s1/runs/r1' });
    expect(inspection).toMatchObject({
      status: 403,
      matched: { pattern: 'GET /sessions/{session_id}/runs/{run_id}', source: 'default', override_key: 'GET /sessions/*' },
      other_verdict: {
        scope_matching: 'specific',
        status: 200,
        matched: { pattern: 'GET /sessions/*/runs/*', source: 'custom', override_key: 'GET /sessions/*/runs/*' },
        required_scopes: ['runs:read'],
        detail: null,
      },
    });
    const specific = await setup({ scope_matching: 'specific', scope_mappings: { 'GET /sessions/*/runs/*': ['runs:read'] } });
    const other = await specific.layer.inspectToken({ token: await specific.token({ scopes: ['runs:read'] }), method: 'GET', path: '/sessions/s1/runs/r1' });
    expect(other).toMatchObject({ status: 200, other_verdict: { scope_matching: 'platform', status: 403, matched: { override_key: 'GET /sessions/*' } } });
    expect((await layer.inspectToken({ token: t, method: 'GET', path: '/sessions' })).other_verdict).toBeNull();
  });

  it('explains a 403 with the missing scopes and the ids the token may use', async () => {
    const { layer, token } = await setup();
    const inspection = await layer.inspectToken({ token: await token({ scopes: ['agents:a1:read'] }), method: 'GET', path: '/agents/a2' });
    expect(inspection).toMatchObject({
      status: 403,
      reason: 'forbidden',
      error_code: 'FORBIDDEN',
      detail: 'Insufficient scopes: requires one of [agents:read, agents:a2:read, agents:*:read]',
      missing_scopes: ['agents:read'],
      allowed_resource_ids: ['a1'],
    });
  });

  // Failed before: any one scope passed (200), and the inspector named every scope as missing.
  it('explains that a mapping needs all of its scopes and names only the missing ones', async () => {
    const { layer, token } = await setup({ scope_mappings: { 'GET /reports': ['reports:read', 'billing:read'] } });
    const inspection = await layer.inspectToken({ token: await token({ scopes: ['reports:read'] }), method: 'GET', path: '/reports' });
    expect(inspection).toMatchObject({
      status: 403,
      required_scopes: ['reports:read', 'billing:read'],
      missing_scopes: ['billing:read'],
      detail: 'Insufficient scopes: requires all of [reports:read, billing:read]; missing billing:read (one of [billing:read, billing:*:read])',
    });
    expect(inspection.hints).toContain('needs all of: reports:read, billing:read (as on the platform); missing: billing:read');
  });

  // Failed before: sessions:s1:read read its session (200), where the platform answers 403.
  it('says why a per-resource scope off agent, team and workflow paths grants nothing', async () => {
    const { layer, token } = await setup();
    const inspection = await layer.inspectToken({ token: await token({ scopes: ['sessions:s1:read'] }), method: 'GET', path: '/sessions/s1' });
    expect(inspection).toMatchObject({ status: 403, missing_scopes: ['sessions:read'], allowed_resource_ids: null });
    expect(inspection.hints.some((h) => h.startsWith('sessions:s1:read grants nothing here') && h.includes('sessions:*:read'))).toBe(true);
  });

  it('says when the platform reads a mapped scope as the path family’s', async () => {
    const { layer, token } = await setup({ scope_mappings: { 'POST /agents/*/runs': ['sessions:write'] } });
    const inspection = await layer.inspectToken({ token: await token({ scopes: ['sessions:write'] }), method: 'POST', path: '/agents/a1/runs' });
    expect(inspection.status).toBe(403);
    expect(inspection.hints).toContain("on this path the platform reads sessions:write as agents:a1:write: a scope of the path's family for its id");
  });

  it('shows the decoded header and claims of an expired token, and which key matched', async () => {
    const { layer, token } = await setup();
    const inspection = await layer.inspectToken({ token: await token({ sub: 'u1' }, NOW_S - 3600), method: 'GET', path: '/agents' });
    expect(inspection).toMatchObject({
      status: 401,
      reason: 'expired',
      detail: 'Token has expired',
      claims: { sub: 'u1', exp: NOW_S - 3600 },
      verification: {
        verified: false,
        verified_by: { source: 'verification_keys', index: 0 },
        failure: `the token expired at ${new Date((NOW_S - 3600) * 1000).toISOString()} (10 s tolerance)`,
      },
    });
  });

  it('shows what it could decode of a malformed token', async () => {
    const { layer } = await setup();
    const inspection = await layer.inspectToken({ token: 'eyJhbGciOiJSUzI1NiJ9.bm90IGpzb24.c2ln', method: 'GET', path: '/agents' });
    expect(inspection).toMatchObject({
      status: 401,
      header: { alg: 'RS256' },
      claims: null,
      decode_error: 'the payload is not JSON',
      verification: { failure: 'the token is malformed: the payload is not JSON' },
    });
  });

  it('accepts a pasted token with its Bearer prefix', async () => {
    const { layer, token } = await setup({ authorization: false });
    expect((await layer.inspectToken({ token: `Bearer ${await token({})}`, method: 'GET', path: '/agents' })).status).toBe(200);
  });

  it('reports an excluded route as let through but still shows the token', async () => {
    const { layer, token } = await setup();
    const inspection = await layer.inspectToken({ token: await token({ sub: 'u1' }), method: 'GET', path: '/health' });
    expect(inspection).toMatchObject({ outcome: 'excluded', status: 200, excluded_by: '/health', state: null, claims: { sub: 'u1' } });
  });

  it('hints at a scopes claim under another name', async () => {
    const { layer, token } = await setup();
    const inspection = await layer.inspectToken({ token: await token({ sub: 'u', scope: 'agents:read' }), method: 'GET', path: '/agents' });
    expect(inspection.hints).toContain('the token has no "scopes" claim but has "scope"; set auth.scopes_claim to "scope" to use it');
  });

  it('hints that an unmapped route lets any authenticated caller through', async () => {
    const { layer, token } = await setup();
    const inspection = await layer.inspectToken({ token: await token({ sub: 'u' }), method: 'PUT', path: '/somewhere' });
    expect(inspection).toMatchObject({ status: 200, matched: null });
    expect(inspection.hints).toContain('no scope mapping matches PUT /somewhere; any authenticated caller is let through');
  });

  it('gives the same status as authorize for any request line and scopes (property)', async () => {
    const { layer, token } = await setup({ scope_mappings: { 'GET /sessions/*/runs/*': ['runs:read'], 'POST /custom/**': [] } });
    const scopes = fc.subarray(['agents:read', 'agents:a1:read', 'sessions:s1:read', 'sessions:delete', 'runs:read', 'platform:admin', 'teams:*:read']);
    const method = fc.constantFrom('GET', 'POST', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS');
    const seg = fc.constantFrom('agents', 'a1', 'a2', 'sessions', 's1', 'runs', 'r1', 'teams', 'custom', 'health', 'docs');
    const pathArb = fc.array(seg, { maxLength: 4 }).map((s) => `/${s.join('/')}`);
    await fc.assert(
      fc.asyncProperty(scopes, method, pathArb, fc.boolean(), async (held, m, p, expired) => {
        const t = await token({ sub: 'u', scopes: held }, expired ? NOW_S - 60 : undefined);
        const decision = await layer.authorize({ method: m, path: p, headers: bearer(t) });
        const inspection = await layer.inspectToken({ token: t, method: m, path: p });
        const status = decision.outcome === 'deny' ? httpStatusOf(decision.error) : 200;
        expect(inspection.status).toBe(status);
        expect(inspection.outcome).toBe(decision.outcome);
        if (decision.outcome === 'deny') expect(inspection.detail).toBe(decision.error.message);
      }),
      { numRuns: 150 },
    );
  });
});

describe('routeMatrix', () => {
  it('has a row for every default and custom mapping', async () => {
    const { layer, token } = await setup({ scope_mappings: { 'GET /custom': ['custom:read'] } });
    const matrix = await layer.routeMatrix(await token({ scopes: ['custom:read'] }));
    expect(matrix.rows.length).toBe(layer.status().mappings.length);
    expect(matrix.rows.find((r) => r.pattern === 'GET /custom')).toMatchObject({ source: 'custom', status: 200, access: 'all' });
  });

  it('gives per-route status, missing scopes and per-resource access', async () => {
    const { layer, token } = await setup();
    const matrix = await layer.routeMatrix(await token({ scopes: ['sessions:read', 'agents:a1:read'] }));
    const row = (p: string) => matrix.rows.find((r) => r.pattern === p);
    expect(row('GET /sessions/{session_id}/runs/{run_id}')).toMatchObject({ status: 200, access: 'all', missing_scopes: [] });
    expect(row('DELETE /sessions/{session_id}')).toMatchObject({ status: 403, access: 'none', missing_scopes: ['sessions:delete'] });
    expect(row('GET /agents')).toMatchObject({ status: 200, access: 'some', allowed_resource_ids: ['a1'] });
    expect(row('GET /agents/{agent_id}')).toMatchObject({ status: 403, access: 'some', allowed_resource_ids: ['a1'] });
  });

  it('answers a default route as the custom rule that decides its requests, naming it (a tightening GET /sessions/*)', async () => {
    const { layer, token } = await setup({ scope_mappings: { 'GET /sessions/*': ['x:read'] } });
    const matrix = await layer.routeMatrix(await token({ scopes: ['sessions:read'] }));
    const row = (p: string) => matrix.rows.find((r) => r.pattern === p);
    expect(row('GET /sessions/{session_id}/runs/{run_id}')).toMatchObject({
      source: 'default',
      decided_by: 'GET /sessions/*',
      required_scopes: ['x:read'],
      status: 403,
      missing_scopes: ['x:read'],
      platform_note: null,
    });
    expect(row('GET /sessions')).toMatchObject({ decided_by: null, status: 200 });
    expect(row('GET /sessions/*')).toMatchObject({ source: 'custom', decided_by: null, status: 403 });
  });

  it('says on a default row when the other matching mode would decide its requests by another rule', async () => {
    const { layer, token } = await setup({ scope_matching: 'specific', scope_mappings: { 'GET /sessions/*/runs/*': ['runs:read'] } });
    const matrix = await layer.routeMatrix(await token({ scopes: ['runs:read'] }));
    expect(matrix.rows.find((r) => r.pattern === 'GET /sessions/{session_id}/runs/{run_id}')).toMatchObject({
      decided_by: 'GET /sessions/*/runs/*',
      status: 200,
      platform_note: 'on the platform, `GET /sessions/*` is matched first here; `GET /sessions/*/runs/*` does not decide this request there',
    });
  });

  // Failed before: the custom row answered 200 (its own scopes) though it never decides.
  it('answers a custom rule that never decides as the rule that does, and says how to change it', async () => {
    const { layer, token } = await setup({ scope_mappings: { 'GET /sessions/*/runs/*': ['runs:read'] } });
    const matrix = await layer.routeMatrix(await token({ scopes: ['runs:read'] }));
    expect(matrix.rows.find((r) => r.pattern === 'GET /sessions/*/runs/*')).toMatchObject({
      source: 'custom',
      decided_by: 'GET /sessions/{session_id}/runs/{run_id}',
      status: 403,
      required_scopes: ['sessions:read'],
      platform_note: 'on the platform, `GET /sessions/*` is matched first here; this rule never decides there; redefine `GET /sessions/*` to change these requests',
    });
    expect(matrix.rows.find((r) => r.pattern === 'GET /sessions/{session_id}/runs/{run_id}')).toMatchObject({
      decided_by: null,
      status: 403,
      platform_note:
        '`GET /sessions/*/runs/*` does not decide this request: as on the platform, `GET /sessions/*` is matched first (redefine `GET /sessions/*` to change it); with scope_matching "specific", `GET /sessions/*/runs/*` would decide',
    });
  });

  it('agrees, on every default route, with the decision for a concrete request there', async () => {
    const cases: [Record<string, string[]>, string[]][] = [
      [{}, ['sessions:read', 'agents:a1:read']],
      [{ 'GET /sessions/*': ['x:read'] }, ['sessions:read']],
      [{ 'GET /sessions/*': ['x:read'] }, ['x:read']],
      [{ 'GET /agent*': ['agents:read'] }, ['agents:a1:read']],
      [{ 'GET /agents': ['x:read'], 'POST /*': [] }, ['teams:read']],
      [{ '* /memories*': ['mem:all'] }, ['memories:read']],
    ];
    for (const [mappings, scopes, matching] of cases.flatMap(([m, sc]) => [[m, sc, 'platform'], [m, sc, 'specific']] as const)) {
      const { layer, token } = await setup({ scope_mappings: mappings, scope_matching: matching });
      const t = await token({ scopes });
      const matrix = await layer.routeMatrix(t);
      for (const row of matrix.rows.filter((r) => r.source === 'default')) {
        const path = row.path.replace(/\{[^}]+\}/g, 'some-id');
        const inspection = await layer.inspectToken({ token: t, method: row.method, path });
        const label = `${JSON.stringify(mappings)} ${scopes.join(' ')} ${row.method} ${path}`;
        expect(row.status, label).toBe(inspection.status);
        expect(row.required_scopes, label).toEqual(inspection.required_scopes);
        expect(row.decided_by ?? row.pattern, label).toBe(inspection.matched?.pattern);
        expect(row.platform_note, label).toBe(inspection.platform_note);
      }
    }
  });

  it('makes every row a 401 when the token is refused', async () => {
    const { layer, token } = await setup();
    const matrix = await layer.routeMatrix(await token({}, NOW_S - 3600));
    expect(matrix).toMatchObject({ status: 401, detail: 'Token has expired' });
    expect(new Set(matrix.rows.map((r) => r.status))).toEqual(new Set([401]));
  });

  it('lets an admin through every row', async () => {
    const { layer, token } = await setup();
    const matrix = await layer.routeMatrix(await token({ scopes: ['platform:admin'] }));
    expect(matrix.is_admin).toBe(true);
    expect(matrix.rows.every((r) => r.status === 200)).toBe(true);
  });
});

describe('inspectToken input', () => {
  it('takes a path with a query string or without its leading slash', async () => {
    const { layer, token } = await setup();
    const t = await token({ scopes: ['agents:read'] });
    expect(await layer.inspectToken({ token: t, method: 'GET', path: 'agents?limit=5' })).toMatchObject({ path: '/agents', status: 200, matched: { pattern: 'GET /agents' } });
  });
});
