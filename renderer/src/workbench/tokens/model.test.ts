import { describe, expect, it } from 'vitest';
import type { MatrixRow } from '../../api-types/desk-shapes';
import { initialMintForm } from './mint-form';
import { buildMintRequest, examplePath, filterMatrix, parseClaimsJson, type MintFormState } from './model';

// The form as it opens without settings: RS256, scopes as a list in `scopes`.
const FORM: MintFormState = initialMintForm(undefined);

describe('mint form', () => {
  it('leaves empty fields out so the desk applies the settings', () => {
    const body = buildMintRequest(FORM, undefined);
    expect(body).toMatchObject({ sub: 'alice', scopes: ['sessions:read'], ttl: 3600, alg: 'RS256' });
    expect(body).not.toHaveProperty('aud');
    expect(body).not.toHaveProperty('defect');
  });

  it('splits several audiences and carries the defect', () => {
    const body = buildMintRequest({ ...FORM, aud: 'a, b', defect: 'expired' }, { org: 'x' });
    expect(body.aud).toEqual(['a', 'b']);
    expect(body.defect).toBe('expired');
    expect(body.claims).toEqual({ org: 'x' });
  });

  it('accepts empty claims and refuses non-objects', () => {
    expect(parseClaimsJson('  ')).toEqual({ ok: true, value: undefined });
    expect(parseClaimsJson('[1]').ok).toBe(false);
    expect(parseClaimsJson('{').ok).toBe(false);
  });
});

describe('route matrix filter', () => {
  const rows: MatrixRow[] = [
    { method: 'GET', pattern: 'GET /sessions', path: '/sessions', source: 'default', decided_by: null, status: 200, access: 'all', required_scopes: ['sessions:read'], missing_scopes: [], allowed_resource_ids: null, detail: null, platform_note: null },
    { method: 'DELETE', pattern: 'DELETE /sessions/*', path: '/sessions/*', source: 'default', decided_by: null, status: 403, access: 'none', required_scopes: ['sessions:delete'], missing_scopes: ['sessions:delete'], allowed_resource_ids: null, detail: 'x', platform_note: null },
  ];
  it('filters by decision and by text', () => {
    expect(filterMatrix(rows, 'denied', '')).toHaveLength(1);
    expect(filterMatrix(rows, 'all', 'delete')).toHaveLength(1);
    expect(filterMatrix(rows, 'allowed', 'delete')).toHaveLength(0);
  });
});

describe('examplePath', () => {
  it('turns every kind of mapping wildcard into a concrete path to inspect', () => {
    expect(examplePath('/sessions/{session_id}/runs/{run_id}')).toBe('/sessions/example/runs/example');
    expect(examplePath('/sessions/*')).toBe('/sessions/example');
    expect(examplePath('/v?/agents/[ab]')).toBe('/vx/agents/a');
  });
});
