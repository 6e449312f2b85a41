import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestAuthState } from '../auth/types.js';
import { openDatabase } from '../db/agno/database.js';
import { openDefaultDatabase } from '../db/native/database.js';
import type { SqliteDatabase, StoredRun } from '../db/types.js';
import { ForbiddenError } from '../errors.js';
import { AGNO_LAYOUTS, buildAgnoDb, makeAgentRun, type AgnoSessionRecord } from '../testing/agno-builder.js';
import { makeTempDir } from '../testing/temp-dir.js';
import { AccessScope, accessScopeOf, admits, narrowedTo, ownerOf, scopeKey } from './scope.js';

function state(overrides: Partial<RequestAuthState>): RequestAuthState {
  return {
    authenticated: true,
    user_id: 'u1',
    session_id: null,
    scopes: [],
    audience: null,
    token: 't',
    authorization_enabled: false,
    dependencies: {},
    session_state: {},
    accessible_resource_ids: ['*'],
    is_admin: false,
    user_isolation: true,
    ...overrides,
  };
}

describe('Given the auth decision of a request, When its access scope is built', () => {
  it('Then a non-admin caller under isolation is pinned to their own rows, whatever the query says', () => {
    const scope = accessScopeOf(state({}));
    expect(scope).toEqual(AccessScope.user('u1'));
    expect(narrowedTo(scope, 'someone-else')).toEqual(AccessScope.user('u1'));
    expect(ownerOf(scope, 'someone-else', 'runs')).toBe('u1');
  });

  it('Then a token without a user id under isolation sees no row and cannot write (fail closed)', () => {
    const scope = accessScopeOf(state({ user_id: null }));
    expect(scope).toEqual(AccessScope.none());
    expect(narrowedTo(scope, 'u2')).toEqual(AccessScope.none());
    expect(() => ownerOf(scope, 'u2', 'runs')).toThrow(ForbiddenError);
  });

  it('Then an admin, isolation off and a route the JWT layer leaves open see every row; the query only narrows; the writer names the owner', () => {
    for (const scope of [accessScopeOf(state({ is_admin: true })), accessScopeOf(state({ user_isolation: false })), accessScopeOf(null)]) {
      expect(scope).toEqual(AccessScope.all());
      expect(narrowedTo(scope, undefined)).toEqual(AccessScope.all());
      expect(narrowedTo(scope, 'u2')).toEqual(AccessScope.user('u2'));
      // `?user_id=` is the empty user, matching no row with an owner (as the platform).
      expect(narrowedTo(scope, '')).toEqual(AccessScope.user(''));
      expect(ownerOf(scope, 'from-body', 'runs')).toBe('from-body');
      expect(ownerOf(scope, null, 'runs')).toBeNull();
    }
  });

  it('Then scopes have keys that never collide, whatever the user id holds', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const keys = [scopeKey(AccessScope.all()), scopeKey(AccessScope.none()), scopeKey(AccessScope.user(a))];
        expect(new Set(keys).size).toBe(3);
        expect(scopeKey(AccessScope.user(a)) === scopeKey(AccessScope.user(b))).toBe(a === b);
      }),
    );
  });
});

/**
 * Each store applies the scope in its own query (one helper per store); filtering every row in
 * memory with `admits` must agree with it, for any scope, on every SQLite layout.
 */
const OWNERS: ReadonlyArray<string | null> = ['ada', 'bob', "o'brien", 'Ünï', '', null];
const SESSIONS: AgnoSessionRecord[] = OWNERS.flatMap((owner, i) =>
  [0, 1].map((j): AgnoSessionRecord => {
    const sessionId = `s-${i}-${j}`;
    const run: StoredRun = makeAgentRun({ seed: sessionId, sessionId, agentId: 'helper', agentName: 'Helper', userId: owner, createdAt: 1_775_900_000 + i * 10 + j, input: 'Q', content: 'A' });
    return { session_id: sessionId, session_type: 'agent', agent_id: 'helper', user_id: owner, runs: [run], created_at: 1_775_900_000 + i * 10 + j };
  }),
);
const scopes = fc.oneof(
  fc.constant(AccessScope.all()),
  fc.constant(AccessScope.none()),
  fc.constantFrom(...OWNERS.filter((o): o is string => o !== null), 'nobody').map((id) => AccessScope.user(id)),
  fc.string().map((id) => AccessScope.user(id)),
);

describe('Given sessions of several owners in every store layout, When read under any scope', () => {
  const temp = makeTempDir();
  const stores: Array<[string, SqliteDatabase]> = [];
  beforeAll(() => {
    const native = openDefaultDatabase(path.join(temp.dir, 'rundesk.db'), { clock: () => 1_776_000_000_000 });
    for (const s of SESSIONS) for (const run of s.runs ?? []) native.store().upsertRun({ sessionId: s.session_id, type: 'agent', run, userId: s.user_id ?? null });
    stores.push(['native', native]);
    for (const layout of AGNO_LAYOUTS) {
      const file = path.join(temp.dir, `agno-${layout}.db`);
      buildAgnoDb(file, SESSIONS, { layout });
      stores.push([`agno ${layout}`, openDatabase({ id: layout, path: file, readOnly: true, watchIntervalMs: 0 })]);
    }
  });
  afterAll(() => {
    for (const [, db] of stores) db.close();
    temp.remove();
  });

  it('Then every store answers exactly the rows the scope admits: listings, sessions, runs and components', () => {
    fc.assert(
      fc.property(scopes, fc.constantFrom(...SESSIONS), (scope, session) => {
        const expected = SESSIONS.filter((s) => admits(scope, s.user_id)).map((s) => s.session_id).sort();
        const seen = admits(scope, session.user_id);
        const runId = String(session.runs?.[0]?.['run_id']);
        for (const [name, db] of stores) {
          const store = db.store();
          const listed = store.listSessions({ page: 1, limit: 100, sortOrder: 'asc', scope }).items.map((i) => i.session_id).sort();
          expect(listed, name).toEqual(expected);
          expect(store.getSession(session.session_id, { scope }) !== null, name).toBe(seen);
          expect(store.listRuns(session.session_id, { scope }) !== null, name).toBe(seen);
          expect(store.getRun(session.session_id, runId, { type: 'agent', scope }).kind, name).toBe(seen ? 'found' : 'no-session');
          expect(store.listComponents('agent', { scope }).length, name).toBe(expected.length > 0 ? 1 : 0);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('Given the recorded traces and memories of several users, When read under any scope', () => {
  const fixture = path.join(import.meta.dirname, '../../test/fixtures/agno/agno-observability.db');
  let db: SqliteDatabase;
  beforeAll(() => {
    db = openDatabase({ id: 'observability', path: fixture, readOnly: true, watchIntervalMs: 0 });
  });
  afterAll(() => db.close());

  const owners = fc.oneof(
    fc.constant(AccessScope.all()),
    fc.constant(AccessScope.none()),
    fc.constantFrom('frank', 'grace', 'olivia', 'zoe', '', 'nobody').map((id) => AccessScope.user(id)),
  );

  it('Then the trace store and the platform-data reader answer what filtering every row in memory would', async () => {
    const everyTrace = (await db.traces().listTraces({}, { limit: 1000, offset: 0 })).rows;
    const everyMemory = (await db.platformData().listMemories({ page: 1, limit: 1000, sortBy: 'memory_id', sortOrder: 'asc' })).rows;
    expect(new Set(everyTrace.map((t) => t.user_id)).size).toBeGreaterThan(3);
    await fc.assert(
      fc.asyncProperty(owners, async (scope) => {
        const traces = (await db.traces().listTraces({ scope }, { limit: 1000, offset: 0 })).rows.map((t) => t.trace_id);
        expect(traces).toEqual(everyTrace.filter((t) => admits(scope, t.user_id)).map((t) => t.trace_id));
        for (const trace of everyTrace.slice(0, 5)) {
          expect((await db.traces().getTrace(trace.trace_id, scope)) !== null).toBe(admits(scope, trace.user_id));
        }
        const memories = await db.platformData().listMemories({ page: 1, limit: 1000, sortBy: 'memory_id', sortOrder: 'asc', scope });
        expect(memories.rows.map((m) => m.memory_id)).toEqual(everyMemory.filter((m) => admits(scope, m.user_id)).map((m) => m.memory_id));
      }),
      { numRuns: 30 },
    );
  });
});
