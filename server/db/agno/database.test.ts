import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ConfigError, NotFoundError } from '../../errors.js';
import { buildAgnoDb, DEMO, makeDemoSessions } from '../../testing/agno-builder.js';
import { makeTempDir } from '../../testing/temp-dir.js';
import { connect } from '../connection.js';
import { ReadOnlyDatabaseError } from '../errors.js';
import type { SqliteDatabase as Database, ListSessionsQuery } from '../types.js';
import { openDatabase } from './database.js';
import { AccessScope } from '../../access/scope.js';

let temp: ReturnType<typeof makeTempDir>;
let file: string;
const open: Database[] = [];

function attach(options: { readOnly?: boolean; sessionTable?: string; at?: string } = {}): Database {
  const db = openDatabase({ id: 'agents', path: options.at ?? file, readOnly: options.readOnly ?? true, sessionTable: options.sessionTable });
  open.push(db);
  return db;
}

function sha256(p: string): string {
  return createHash('sha256').update(fs.readFileSync(p)).digest('hex');
}

function firstRunId(db: Database, sessionId: string): string {
  return String(db.store().listRuns(sessionId, {})?.[0]?.['run_id']);
}

const page = (q: Partial<ListSessionsQuery> = {}): ListSessionsQuery => ({ page: 1, limit: 50, sortOrder: 'desc', ...q });

beforeEach(() => {
  temp = makeTempDir();
  file = path.join(temp.dir, 'agno.db');
  buildAgnoDb(file, makeDemoSessions());
});

afterEach(() => {
  for (const db of open.splice(0)) db.close();
  temp.remove();
});

describe('openDatabase', () => {
  it('finds the agno session table and makes it the default', () => {
    const db = attach();
    expect(db.sessionTables()).toEqual(['agno_sessions']);
    expect(db.infoSync()).toMatchObject({ id: 'agents', readOnly: true, defaultTable: 'agno_sessions', sessions: 11, runs: 23 });
  });

  it('finds session tables under any name and picks the configured one', () => {
    const custom = path.join(temp.dir, 'custom.db');
    buildAgnoDb(custom, makeDemoSessions(), { table: 'my_sessions' });
    const handle = connect(custom, { readOnly: false, wal: false });
    handle.exec("CREATE TABLE team_only AS SELECT * FROM my_sessions WHERE session_type = 'team'");
    handle.close();

    expect(attach({ at: custom }).sessionTables()).toEqual(['my_sessions', 'team_only']);
    expect(attach({ at: custom }).infoSync().defaultTable).toBe('my_sessions');
    const db = attach({ at: custom, sessionTable: 'team_only' });
    expect(db.store().counts()).toEqual({ sessions: 2, runs: 7 });
    expect(db.store('my_sessions').counts().sessions).toBe(11);
  });

  it('answers NotFoundError for a table it did not discover', () => {
    const db = attach();
    expect(() => db.store('agno_schema_versions')).toThrow(new NotFoundError('Table agno_schema_versions not found in database agents'));
  });

  it.each([
    ['a missing file', (dir: string) => path.join(dir, 'nope.db'), /^database "agents" \(.*nope\.db\) does not exist$/],
    ['a directory', (dir: string) => dir, /is not a file$/],
    [
      'a text file',
      (dir: string) => {
        const p = path.join(dir, 'notes.db');
        fs.writeFileSync(p, 'these are my notes, not a database\n'.repeat(20));
        return p;
      },
      /^database "agents" \(.*notes\.db\) is not an SQLite file$/,
    ],
    [
      'an empty file',
      (dir: string) => {
        const p = path.join(dir, 'empty.db');
        fs.writeFileSync(p, '');
        return p;
      },
      /is not an SQLite file$/,
    ],
    [
      'an SQLite header over garbage',
      (dir: string) => {
        const p = path.join(dir, 'garbage.db');
        fs.writeFileSync(p, Buffer.concat([Buffer.from('SQLite format 3\0', 'latin1'), Buffer.alloc(4096, 0xab)]));
        return p;
      },
      /^database "agents" .*garbage\.db\) (is not an SQLite file|cannot be (read|opened): .*)$/,
    ],
    [
      'an SQLite file without session tables',
      (dir: string) => {
        const p = path.join(dir, 'other.db');
        const handle = connect(p, { readOnly: false, create: true, wal: false });
        handle.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, runs TEXT)');
        handle.close();
        return p;
      },
      /has no session table \(looked for tables with session_id, session_type, runs, or with session_id, session_type beside a runs table with run_id, session_id, run_data\)$/,
    ],
  ])('refuses %s with a one-line ConfigError', (_label, make, message) => {
    const at = make(temp.dir);
    for (const readOnly of [true, false]) {
      let error: unknown;
      try {
        attach({ at, readOnly });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('refuses a configured session table the file does not have', () => {
    expect(() => attach({ sessionTable: 'sessions' })).toThrow(/has no session table "sessions" \(found: agno_sessions\)/);
  });
});

describe('getRun on an agno table', () => {
  it('finds a run and its session', () => {
    const db = attach();
    const runId = firstRunId(db, DEMO.agentSingle);
    const found = db.store().getRun(DEMO.agentSingle, runId, { type: 'agent' });
    expect(found.kind).toBe('found');
    if (found.kind !== 'found') return;
    expect(found.run['run_id']).toBe(runId);
    expect(found.session).toMatchObject({
      session_id: DEMO.agentSingle,
      session_type: 'agent',
      agent_id: 'research-assistant',
      user_id: 'frank',
      agent_data: { name: 'Research Assistant', agent_id: 'research-assistant' },
      team_data: null,
      metadata: null,
      created_at: 1_775_295_555,
    });
  });

  it('tells each kind of miss apart', () => {
    const store = attach().store();
    const runId = firstRunId(attach(), DEMO.agentSingle);
    expect(store.getRun('no-such-session', runId, { type: 'agent' })).toEqual({ kind: 'no-session' });
    expect(store.getRun(DEMO.teamStored, runId, { type: 'agent' })).toEqual({ kind: 'wrong-type', actualType: 'team' });
    expect(store.getRun(DEMO.agentEmpty, runId, { type: 'agent' })).toEqual({ kind: 'no-runs' });
    expect(store.getRun(DEMO.agentSingle, 'no-such-run', { type: 'agent' })).toEqual({ kind: 'no-run' });
  });

  it('filters by user: undefined is everyone, a string is that user, null is no one', () => {
    const store = attach().store();
    const runId = firstRunId(attach(), DEMO.agentSingle);
    expect(store.getRun(DEMO.agentSingle, runId, { type: 'agent', scope: AccessScope.all() }).kind).toBe('found');
    expect(store.getRun(DEMO.agentSingle, runId, { type: 'agent', scope: AccessScope.user('frank') }).kind).toBe('found');
    expect(store.getRun(DEMO.agentSingle, runId, { type: 'agent', scope: AccessScope.user('someone-else') }).kind).toBe('no-session');
    expect(store.getRun(DEMO.agentSingle, runId, { type: 'agent', scope: AccessScope.none() }).kind).toBe('no-session');
    // A session stored without a user is not "everyone's" under isolation.
    const anonymousRun = firstRunId(attach(), DEMO.agentAnonymous);
    expect(store.getRun(DEMO.agentAnonymous, anonymousRun, { type: 'agent', scope: AccessScope.none() }).kind).toBe('no-session');
    expect(store.getSession(DEMO.agentSingle, { scope: AccessScope.none() })).toBeNull();
    expect(store.listRuns(DEMO.agentSingle, { scope: AccessScope.none() })).toBeNull();
  });

  it('finds member runs inside a team session with type=team', () => {
    const db = attach();
    const member = db.store().listRuns(DEMO.teamStored, {})?.find((r) => r['agent_id']);
    const found = db.store().getRun(DEMO.teamStored, String(member?.['run_id']), { type: 'team' });
    expect(found.kind).toBe('found');
  });
});

describe('listSessions on an agno table', () => {
  it('lists newest first with derived names, run counts and total tokens', () => {
    const result = attach().store().listSessions(page());
    expect(result.total).toBe(11);
    const created = result.items.map((i) => i.created_at);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const byId = new Map(result.items.map((i) => [i.session_id, i]));
    expect(byId.get(DEMO.agentSingle)).toMatchObject({
      session_name: 'How does base editing differ from classic CRISPR-Cas9 cutting?',
      run_count: 1,
      total_tokens: 1436,
    });
    expect(byId.get(DEMO.agentMulti)?.session_name).toBe('Montréal weekend trip');
    expect(byId.get(DEMO.teamDefault)?.session_name).toBe('Why was I charged twice this month?');
    expect(byId.get(DEMO.workflowEvents)?.session_name).toBe('Write an article about vector databases');
    expect(byId.get(DEMO.agentEmpty)).toMatchObject({ session_name: 'Onboarding checklist', run_count: 0, total_tokens: null });
  });

  it('pages, sorts and filters by type, user and component', () => {
    const store = attach().store();
    const first = store.listSessions(page({ limit: 4 }));
    const second = store.listSessions(page({ limit: 4, page: 2 }));
    expect(first.items).toHaveLength(4);
    expect(second.items[0]?.session_id).not.toBe(first.items[3]?.session_id);
    expect(second).toMatchObject({ total: 11, page: 2, limit: 4 });
    expect(store.listSessions(page({ sortOrder: 'asc' })).items[0]?.session_id).toBe(DEMO.agentSingle);
    expect(store.listSessions(page({ type: 'workflow' })).items.map((i) => i.session_type)).toEqual(['workflow', 'workflow']);
    expect(store.listSessions(page({ scope: AccessScope.user('zoe') })).items.map((i) => i.session_id)).toEqual([DEMO.teamDefault]);
    expect(store.listSessions(page({ scope: AccessScope.none() }))).toMatchObject({ items: [], total: 0 });
    expect(store.listSessions(page({ componentId: 'support-bot' })).total).toBe(2);
    expect(store.listSessions(page({ componentId: 'support-bot', type: 'team' })).total).toBe(0);
    expect(store.listSessions(page({ sessionId: DEMO.agentMulti })).items.map((i) => i.session_id)).toEqual([DEMO.agentMulti]);
  });

  it('searches session ids and names case-insensitively, beyond ASCII', () => {
    const store = attach().store();
    expect(store.listSessions(page({ search: 'MONTRÉAL' })).items.map((i) => i.session_id)).toEqual([DEMO.agentMulti]);
    expect(store.listSessions(page({ search: DEMO.workflowEvents.slice(0, 13).toUpperCase() })).total).toBe(1);
    expect(store.listSessions(page({ search: 'nothing like this' })).total).toBe(0);
  });
});

describe('listComponents on an agno table', () => {
  it('lists each component once with its name, counts and last activity', () => {
    const teams = attach().store().listComponents('team', {});
    expect(teams.map((t) => [t.id, t.name, t.session_count, t.run_count])).toEqual(
      expect.arrayContaining([
        ['research-team', 'Research Team', 1, 3],
        ['support-team', 'Support Team', 1, 4],
      ]),
    );
    expect(attach().store().listComponents('agent', { scope: AccessScope.user('walter') }).map((a) => a.id)).toEqual(['vision-describer']);
    expect(attach().store().listComponents('agent', { scope: AccessScope.none() })).toEqual([]);
  });
});

describe('a read-only attachment', () => {
  it('leaves the file byte-identical after reads and refused writes', () => {
    const before = sha256(file);
    const filesBefore = fs.readdirSync(temp.dir).sort();
    const db = attach({ readOnly: true });
    const store = db.store();
    const runId = firstRunId(db, DEMO.agentMulti);
    store.getRun(DEMO.agentMulti, runId, { type: 'agent' });
    store.listSessions(page({ search: 'trip' }));
    store.listComponents('workflow', {});
    db.infoSync();
    const write = () => store.upsertRun({ sessionId: 'new', type: 'agent', run: { run_id: 'r' }, userId: null });
    expect(write).toThrow(ReadOnlyDatabaseError);
    expect(() => store.deleteSession(DEMO.agentMulti, {})).toThrow(ReadOnlyDatabaseError);
    try {
      write();
    } catch (error) {
      expect(error).toMatchObject({ code: 'READ_ONLY_DATABASE', message: 'Database with ID agents is read-only' });
    }
    db.close();
    expect(sha256(file)).toBe(before);
    expect(fs.readdirSync(temp.dir).sort()).toEqual(filesBefore);
  });

  it('treats SQL in table names, ids and filters as plain values that match nothing', () => {
    const before = sha256(file);
    const db = attach({ readOnly: true });
    const hostile = ["'; DROP TABLE agno_sessions; --", 'x" OR 1=1 --', 'agno_sessions" WHERE 1=1; --', '%', '_'];
    for (const text of hostile) {
      expect(() => db.store(text)).toThrow(NotFoundError);
      const store = db.store();
      expect(store.getRun(text, text, { type: 'agent' })).toEqual({ kind: 'no-session' });
      expect(store.getRun(DEMO.agentSingle, text, { type: 'agent', scope: AccessScope.user(text) })).toEqual({ kind: 'no-session' });
      expect(store.getRun(DEMO.agentSingle, text, { type: 'agent' })).toEqual({ kind: 'no-run' });
      expect(store.listSessions(page({ scope: AccessScope.user(text) })).total).toBe(0);
      expect(store.listSessions(page({ componentId: text })).total).toBe(0);
      expect(store.listSessions(page({ search: text })).total).toBe(0);
    }
    expect(db.infoSync().sessions).toBe(11);
    db.close();
    expect(sha256(file)).toBe(before);
  });
});
