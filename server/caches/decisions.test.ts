import { describe, expect, it } from 'vitest';
import type { AuthDecision } from '../auth/types.js';
import { Caches } from '../runtime/caches.js';

/** Issue 21: the decision memo is bounded by bytes within the budget, not by an entry count. */

function allow(token: string): AuthDecision {
  return {
    outcome: 'allow',
    state: {
      authenticated: true,
      user_id: 'bench',
      session_id: null,
      scopes: ['platform:admin'],
      audience: 'rundesk-local',
      token,
      authorization_enabled: false,
      dependencies: {},
      session_state: {},
      accessible_resource_ids: ['*'],
      is_admin: true,
      user_isolation: false,
    },
    requiredScopes: [],
    matched: null,
  };
}

describe('Given the caches of a server with the smallest budget (16 MiB)', () => {
  it('When more allow decisions are made than its share holds, then the oldest go and the memo stays within its bytes', () => {
    const caches = new Caches({ budgetMb: 16 });
    const layer = {};
    // A long token is the verified-token entry's string, shared by every decision for it: not counted again.
    const token = 'e'.repeat(4096);
    for (let i = 0; i < 5000; i++) {
      caches.decisions.set(`${i} GET /sessions/5f0c7a55-0a39-4a53-8f8e-2f4c4f0c7d11/runs/run-${i}`, { layer, decision: allow(token) });
    }
    const stats = caches.report(0).caches['decisions'];
    expect(stats?.max_bytes).toBe(Math.floor(16 * 1024 * 1024 * 0.035));
    expect(stats?.bytes).toBeLessThanOrEqual(stats?.max_bytes ?? 0);
    // ~700 bytes each (measured in V8: 729 per entry of this shape), not 4 KB for the token.
    expect(stats?.bytes).toBeGreaterThan((stats?.entries ?? 0) * 500);
    expect(stats?.entries).toBeGreaterThan(500);
    expect(stats?.entries).toBeLessThan(5000);
    expect(stats?.evictions).toBe(5000 - (stats?.entries ?? 0));
    expect(caches.decisions.peek('4999 GET /sessions/5f0c7a55-0a39-4a53-8f8e-2f4c4f0c7d11/runs/run-4999')).toBeDefined();
    expect(caches.decisions.peek('0 GET /sessions/5f0c7a55-0a39-4a53-8f8e-2f4c4f0c7d11/runs/run-0')).toBeUndefined();
  });

  it('When a new budget is set, then the memo is evicted down to its new share', () => {
    const caches = new Caches({ budgetMb: 64 });
    for (let i = 0; i < 3000; i++) caches.decisions.set(`${i} GET /agents/a${i}`, { layer: caches, decision: allow('t') });
    expect(caches.report(0).caches['decisions']?.entries).toBe(3000);
    caches.setBudget(16);
    const stats = caches.report(0).caches['decisions'];
    expect(caches.budgetBytes).toBe(16 * 1024 * 1024);
    expect(stats?.max_bytes).toBe(Math.floor(16 * 1024 * 1024 * 0.035));
    expect(stats?.bytes).toBeLessThanOrEqual(stats?.max_bytes ?? 0);
    expect(stats?.entries).toBeLessThan(3000);
    expect(caches.decisions.peek('2999 GET /agents/a2999')).toBeDefined();
  });
});
