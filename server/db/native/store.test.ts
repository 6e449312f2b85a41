import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ConfigError, ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import { DatabaseFileError } from '../errors.js';
import { makeAgentRun, makeDemoSessions, makeTeamRun, makeWorkflowRun, teamRunId } from '../../testing/agno-builder.js';
import { makeTempDir } from '../../testing/temp-dir.js';
import { connect } from '../connection.js';
import type { SqliteDatabase as Database, ListSessionsQuery, SessionType, StoredRun } from '../types.js';
import { openDefaultDatabase } from './database.js';
import { NATIVE_SQL } from './statements.js';
import { AccessScope } from '../../access/scope.js';

const NOW_MS = 1_776_000_000_000;
let temp: ReturnType<typeof makeTempDir>;
let file: string;
let db: Database;

const page = (q: Partial<ListSessionsQuery> = {}): ListSessionsQuery => ({ page: 1, limit: 50, sortOrder: 'desc', ...q });

function agentRun(seed: string, sessionId: string, extra: Partial<Parameters<typeof makeAgentRun>[0]> = {}): StoredRun {
  return makeAgentRun({
    seed,
    sessionId,
    agentId: 'helper',
    agentName: 'Helper',
    userId: 'alice',
    createdAt: 1_775_900_000,
    input: `Question ${seed}`,
    content: `Answer ${seed}`,
    tokens: { input: 100, output: 20 },
    ...extra,
  });
}

function ingest(sessionId: string, type: SessionType, run: StoredRun, userId: string | null = null) {
  return db.store().upsertRun({ sessionId, type, run, userId });
}

/** Every demo session's runs, ingested one by one as an agent would post them. */
function ingestDemo(): void {
  for (const session of makeDemoSessions()) {
    for (const run of session.runs ?? []) ingest(session.session_id, session.session_type, run, session.user_id ?? null);
  }
}

beforeEach(() => {
  temp = makeTempDir();
  file = path.join(temp.dir, 'data', 'rundesk.db');
  db = openDefaultDatabase(file, { clock: () => NOW_MS });
});

afterEach(() => {
  db.close();
  temp.remove();
});

describe('the default database', () => {
  it('is db "default" with the single table "sessions"', () => {
    expect(db.id).toBe('default');
    expect(db.sessionTables()).toEqual(['sessions']);
    expect(db.store('sessions')).toBe(db.store());
    expect(() => db.store('agno_sessions')).toThrow(new NotFoundError('Table agno_sessions not found in database default'));
    expect(db.infoSync()).toEqual({ id: 'default', path: file, readOnly: false, sessionTables: ['sessions'], defaultTable: 'sessions', sessions: 0, runs: 0 });
  });

  it('refuses a file that is not SQLite with a one-line ConfigError', () => {
    const bad = path.join(temp.dir, 'bad.db');
    fs.writeFileSync(bad, 'not a database at all, just text\n'.repeat(10));
    expect(() => openDefaultDatabase(bad)).toThrow(ConfigError);
    expect(() => openDefaultDatabase(bad)).toThrow(new DatabaseFileError('default', bad, 'is not an SQLite file'));
    expect(() => openDefaultDatabase(bad)).toThrow(`database "default" (${bad}) is not an SQLite file`);
  });

  it('passes nativeBinding through to better-sqlite3', () => {
    const binding = path.join(path.dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')), 'build', 'Release', 'better_sqlite3.node');
    const other = openDefaultDatabase(path.join(temp.dir, 'other.db'), { nativeBinding: binding });
    other.close();
    expect(() => openDefaultDatabase(path.join(temp.dir, 'third.db'), { nativeBinding: path.join(temp.dir, 'missing.node') })).toThrow(ConfigError);
  });
});

describe('upsertRun and getRun in the native layout', () => {
  it('round-trips a run dict exactly and creates the session from it', () => {
    const run = agentRun('a', 's1');
    expect(ingest('s1', 'agent', run)).toEqual({ sessionCreated: true, runCreated: true });
    const found = db.store().getRun('s1', String(run['run_id']), { type: 'agent' });
    expect(found.kind).toBe('found');
    if (found.kind !== 'found') return;
    expect(found.run).toEqual(run);
    expect(found.session).toMatchObject({
      session_id: 's1',
      session_type: 'agent',
      agent_id: 'helper',
      team_id: null,
      user_id: 'alice',
      agent_data: { name: 'Helper', agent_id: 'helper' },
      session_data: { session_state: {} },
      created_at: 1_775_900_000,
      updated_at: 1_775_900_000,
    });
  });

  it('replaces by run_id in place and appends new runs at the end', () => {
    const runs = ['a', 'b', 'c'].map((s) => agentRun(s, 's1'));
    for (const run of runs) ingest('s1', 'agent', run);
    const replaced = { ...runs[0], content: 'changed' } as StoredRun;
    expect(ingest('s1', 'agent', replaced)).toEqual({ sessionCreated: false, runCreated: false });
    const listed = db.store().listRuns('s1', {}) ?? [];
    expect(listed.map((r) => r['run_id'])).toEqual(runs.map((r) => r['run_id']));
    expect(listed[0]?.['content']).toBe('changed');
    expect(db.store().getSession('s1', {})?.updated_at).toBe(NOW_MS / 1000);
    expect(db.infoSync()).toMatchObject({ sessions: 1, runs: 3 });
  });

  it('tells each kind of miss apart', () => {
    const run = agentRun('a', 's1');
    ingest('s1', 'agent', run);
    ingest('t1', 'team', makeTeamRun({ seed: 't', sessionId: 't1', teamId: 'team', teamName: 'Team', createdAt: 1, input: 'hi', content: 'ok', members: [] }));
    const store = db.store();
    const id = String(run['run_id']);
    expect(store.getRun('nope', id, { type: 'agent' })).toEqual({ kind: 'no-session' });
    expect(store.getRun('t1', id, { type: 'agent' })).toEqual({ kind: 'wrong-type', actualType: 'team' });
    expect(store.getRun('s1', 'nope', { type: 'agent' })).toEqual({ kind: 'no-run' });
    // A session with no runs can only come from outside the API; read it like agno does.
    const raw = connect(file, { readOnly: false });
    raw.prepare("INSERT INTO sessions (session_id, session_type, created_at) VALUES ('empty', 'agent', 1)").run();
    raw.close();
    expect(store.getRun('empty', id, { type: 'agent' })).toEqual({ kind: 'no-runs' });
  });

  it('filters by user: undefined is everyone, a string is that user, null is no one', () => {
    const run = agentRun('a', 's1');
    ingest('s1', 'agent', run);
    const store = db.store();
    const id = String(run['run_id']);
    expect(store.getRun('s1', id, { type: 'agent', scope: AccessScope.all() }).kind).toBe('found');
    expect(store.getRun('s1', id, { type: 'agent', scope: AccessScope.user('alice') }).kind).toBe('found');
    expect(store.getRun('s1', id, { type: 'agent', scope: AccessScope.user('bob') }).kind).toBe('no-session');
    expect(store.getRun('s1', id, { type: 'agent', scope: AccessScope.none() }).kind).toBe('no-session');
    expect(store.listRuns('s1', { scope: AccessScope.none() })).toBeNull();
    expect(store.listSessions(page({ scope: AccessScope.none() })).total).toBe(0);
    expect(store.listComponents('agent', { scope: AccessScope.none() })).toEqual([]);
  });

  it("stamps the caller's user id, and refuses another type or another user's session", () => {
    ingest('s1', 'agent', agentRun('a', 's1'), 'bob');
    expect(db.store().getSession('s1', {})?.user_id).toBe('bob');
    const found = db.store().listRuns('s1', {})?.[0];
    expect(found?.['user_id']).toBe('bob');
    expect(() => ingest('s1', 'team', agentRun('b', 's1'), 'bob')).toThrow(new ConflictError('Session with ID s1 is an agent session; send the run with type=agent'));
    // Another user's session is refused for that first, whatever the type.
    expect(() => ingest('s1', 'team', agentRun('b', 's1'), 'mallory')).toThrow(/belongs to another user/);
    expect(() => ingest('s1', 'agent', agentRun('b', 's1'), 'mallory')).toThrow(/belongs to another user/);
    expect(() => ingest('s1', 'agent', { content: 'no id' })).toThrow(ValidationError);
  });

  it('looks a run up with one primary-key probe', () => {
    const raw = connect(file, { readOnly: true });
    const plan = raw.prepare(`EXPLAIN QUERY PLAN ${NATIVE_SQL.runLookup}`).all('r', 's') as Array<{ detail: string }>;
    raw.close();
    const details = plan.map((p) => p.detail).join('\n');
    expect(details).toMatch(/SEARCH s USING INDEX sqlite_autoindex_sessions_1 \(session_id=\?\)/);
    expect(details).toMatch(/SEARCH r USING INDEX sqlite_autoindex_runs_1 \(session_id=\? AND run_id=\?\)/);
    expect(details).not.toMatch(/SCAN/);
  });

  it('finds any run of a 10,000-run session of ~5 KB runs', () => {
    const filler = 'The quick brown fox jumps over the lazy dog. '.repeat(100);
    const write = () => {
      for (let i = 0; i < 10_000; i++) {
        ingest('big', 'agent', { run_id: `run-${i}`, agent_id: 'bench', created_at: 1_775_900_000 + i, content: `${i} ${filler}`, status: 'COMPLETED' });
      }
    };
    write();
    expect(db.infoSync()).toMatchObject({ sessions: 1, runs: 10_000 });
    for (const i of [0, 1, 4_999, 9_998, 9_999]) {
      const found = db.store().getRun('big', `run-${i}`, { type: 'agent' });
      expect(found.kind === 'found' && found.run['created_at']).toBe(1_775_900_000 + i);
    }
    expect(db.store().getRun('big', 'run-10000', { type: 'agent' })).toEqual({ kind: 'no-run' });
    expect(db.store().listSessions(page()).items[0]).toMatchObject({ session_id: 'big', run_count: 10_000 });
  }, 60_000);

  it('deletes a session with its runs, only under the filter', () => {
    ingest('s1', 'agent', agentRun('a', 's1'));
    ingest('s2', 'agent', agentRun('b', 's2'));
    const store = db.store();
    expect(store.deleteSession('s1', { scope: AccessScope.none() })).toBe(false);
    expect(store.deleteSession('s1', { scope: AccessScope.user('bob') })).toBe(false);
    expect(store.deleteSession('s1', { type: 'team' })).toBe(false);
    expect(store.deleteSession('s1', { scope: AccessScope.user('alice'), type: 'agent' })).toBe(true);
    expect(store.getSession('s1', {})).toBeNull();
    expect(db.infoSync()).toMatchObject({ sessions: 1, runs: 1 });
  });
});

describe('listings of the native layout', () => {
  it('names sessions as agno does, from data kept current on write', () => {
    ingestDemo();
    const names = new Map(db.store().listSessions(page()).items.map((i) => [i.session_id, i]));
    const demo = new Map(makeDemoSessions().map((s) => [s.session_id, s]));
    for (const [id, session] of demo) {
      if (!session.runs?.length) continue;
      const item = names.get(id);
      expect(item?.run_count).toBe(session.runs.length);
    }
    const byName = [...names.values()].map((i) => i.session_name);
    expect(byName).toEqual(
      expect.arrayContaining([
        'How does base editing differ from classic CRISPR-Cas9 cutting?',
        'What will the weather be like in Montréal this weekend?',
        'Write a 150-word brief on coral reef restoration with two sources.',
        'Why was I charged twice this month?',
        'Write an article about vector databases',
        '{"ticker": "NVDA", "horizon_days": 7, "audience": "portfolio managers"}',
      ]),
    );
  });

  it('renames when the naming run is replaced, and skips team member runs', () => {
    const member = agentRun('m', 't1', { parentRunId: teamRunId('t'), input: 'member task' });
    ingest('t1', 'team', member);
    expect(db.store().listSessions(page()).items[0]?.session_name).toBe('');
    const team = makeTeamRun({ seed: 't', sessionId: 't1', teamId: 'team', teamName: 'Team', createdAt: 1_775_900_001, input: 'team ask', content: 'ok', members: [member] });
    ingest('t1', 'team', team);
    expect(db.store().listSessions(page()).items[0]?.session_name).toBe('team ask');

    const first = agentRun('a', 's1', { input: 'first question' });
    ingest('s1', 'agent', first);
    ingest('s1', 'agent', agentRun('b', 's1', { input: 'second question' }));
    ingest('s1', 'agent', { ...first, messages: [], input: null });
    const item = db.store().listSessions(page({ sessionId: 's1' })).items[0];
    expect(item?.session_name).toBe('second question');
    ingest('s1', 'agent', first);
    expect(db.store().listSessions(page({ sessionId: 's1' })).items[0]?.session_name).toBe('first question');
  });

  it('names workflows from their first run, falling back to "New {name} Session"', () => {
    const wf = (seed: string, input: unknown) =>
      makeWorkflowRun({ seed, sessionId: 'w1', workflowId: 'wf', workflowName: 'Pipeline', createdAt: 1_775_900_000, input, steps: [] });
    ingest('w1', 'workflow', wf('one', ['list']));
    expect(db.store().listSessions(page()).items[0]?.session_name).toBe('New Pipeline Session');
    ingest('w1', 'workflow', wf('two', 'second input'));
    expect(db.store().listSessions(page()).items[0]?.session_name).toBe('New Pipeline Session');
    ingest('w1', 'workflow', wf('one', { topic: 'x' }));
    expect(db.store().listSessions(page()).items[0]?.session_name).toBe('{"topic": "x"}');
  });

  it('sums run tokens when the session data has no metrics, and updates them on replace', () => {
    const a = agentRun('a', 's1', { tokens: { input: 100, output: 20 } });
    ingest('s1', 'agent', a);
    ingest('s1', 'agent', agentRun('b', 's1', { tokens: { input: 10, output: 5 } }));
    expect(db.store().listSessions(page()).items[0]?.total_tokens).toBe(135);
    ingest('s1', 'agent', { ...a, metrics: { total_tokens: 1 } });
    expect(db.store().listSessions(page()).items[0]?.total_tokens).toBe(16);
  });

  it('pages, sorts, filters and searches', () => {
    ingestDemo();
    const store = db.store();
    const all = store.listSessions(page());
    expect(all.total).toBe(10);
    const created = all.items.map((i) => i.created_at);
    expect(created).toEqual([...created].sort((x, y) => y - x));
    expect(store.listSessions(page({ limit: 3, page: 4 }))).toMatchObject({ total: 10, page: 4, limit: 3 });
    expect(store.listSessions(page({ limit: 3, page: 4 })).items).toHaveLength(1);
    expect(store.listSessions(page({ sortOrder: 'asc' })).items[0]?.created_at).toBe(Math.min(...created));
    expect(store.listSessions(page({ type: 'team' })).total).toBe(2);
    expect(store.listSessions(page({ scope: AccessScope.user('grace') })).items.map((i) => i.workflow_id)).toEqual(['market-briefing']);
    expect(store.listSessions(page({ componentId: 'support-team' })).total).toBe(1);
    expect(store.listSessions(page({ search: 'MONTRÉAL' })).items.map((i) => i.agent_id)).toEqual(['travel-concierge']);
    expect(store.listSessions(page({ search: "x' OR 1=1 --" })).total).toBe(0);
  });

  it('lists components of one kind with names and counts', () => {
    ingestDemo();
    const agents = db.store().listComponents('agent', {});
    expect(agents.find((a) => a.id === 'support-bot')).toMatchObject({ name: 'Support Bot', session_count: 1, run_count: 2 });
    expect(db.store().listComponents('workflow', {}).map((w) => w.id).sort()).toEqual(['content-pipeline', 'market-briefing']);
    expect(db.store().listComponents('team', { scope: AccessScope.user('zoe') }).map((t) => t.id)).toEqual(['support-team']);
  });
});
