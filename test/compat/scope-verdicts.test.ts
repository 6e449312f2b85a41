import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCOPE_MAPPINGS } from '../../server/api/platform/platform-routes.js';
import { evaluateAccess, insufficientScopesDetail } from '../../server/auth/access.js';
import { buildMappingTable, findMapping } from '../../server/auth/scope-mappings.js';

/**
 * rundesk's scope decision over the table of cases whose verdicts were recorded from the
 * platform's own scope check (Agno 2.9 and 3.0.0a3, `bench/platform/record-scope-verdicts.py`):
 * the same token scopes, request line and custom `scope_mappings` must be let through or refused
 * as AgentOS lets them through or refuses them, and with the same required scopes.
 */

interface RecordedCase {
  why: string;
  scopes: string[];
  method: string;
  path: string;
  scope_mappings: Record<string, string[]>;
  status: 200 | 403;
  required_scopes: string[];
  accessible_resource_ids: string[] | null;
}

const here = path.dirname(fileURLToPath(import.meta.url));

function recording(version: string): { admin_scope: string; cases: RecordedCase[] } {
  return JSON.parse(fs.readFileSync(path.join(here, 'recordings', `scope-verdicts-${version}.json`), 'utf8'));
}

function decide(adminScope: string, c: RecordedCase) {
  const { table, issues } = buildMappingTable(c.scope_mappings, DEFAULT_SCOPE_MAPPINGS);
  expect(issues).toEqual([]);
  const mapping = findMapping(table, c.method, c.path);
  return evaluateAccess({ scopes: c.scopes, adminScope, authorizationEnabled: true, mapping, method: c.method, path: c.path });
}

describe.each(['2.9', '3'])('scope verdicts recorded from Agno %s', (version) => {
  const { admin_scope, cases } = recording(version);

  it('holds the cases this test is about', () => {
    expect(cases.length).toBeGreaterThan(50);
    expect(cases.some((c) => c.scope_mappings['GET /reports']?.length === 2 && c.status === 403)).toBe(true);
    expect(cases.some((c) => c.scopes.includes('sessions:s1:read') && c.status === 403)).toBe(true);
  });

  it.each(cases.map((c) => [c.why, c] as const))('When %s, then rundesk gives the platform’s verdict', (_why, c) => {
    const access = decide(admin_scope, c);
    expect({ status: access.allowed ? 200 : 403, required: access.requiredScopes }).toEqual({ status: c.status, required: c.required_scopes });
    if (access.allowed) return;
    // The 403 detail names every scope the mapping requires.
    const detail = insufficientScopesDetail(access);
    for (const scope of access.requiredScopes) expect(detail).toContain(scope);
  });

  it('answers a family listing with the ids the platform’s handler would list', () => {
    for (const c of cases.filter((x) => x.status === 200 && x.method === 'GET' && ['/agents', '/teams', '/workflows'].includes(x.path))) {
      const access = decide(admin_scope, c);
      if (c.accessible_resource_ids !== null) expect([c.why, [...access.accessibleResourceIds].sort()]).toEqual([c.why, c.accessible_resource_ids]);
    }
  });
});
