import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeAgnoJson } from '../../agno-format/codec.js';
import { makeTempDir } from '../../testing/temp-dir.js';
import { connect } from '../connection.js';
import type { SqliteHandle } from '../connection.js';
import type { SqliteDatabase, StoredRun } from '../types.js';
import { openDatabase } from './database.js';
import { Caches } from '../../runtime/caches.js';

/**
 * Listings and run pages of an Agno 2 table come from the runs index kept per row version.
 * A WITHOUT ROWID table cannot be tied to a cache entry, so it is answered by SQL's JSON
 * functions and whole decodes: the two must answer the same, and stay fresh when the agent
 * writes.
 */

let temp: ReturnType<typeof makeTempDir>;
let file: string;
const opened: Array<{ close(): void }> = [];

const COLUMNS =
  'session_id TEXT PRIMARY KEY, session_type TEXT, agent_id TEXT, team_id TEXT, workflow_id TEXT, user_id TEXT, ' +
  'session_data TEXT, workflow_data TEXT, runs TEXT, created_at INTEGER, updated_at INTEGER';

let agent: SqliteHandle;

/** The agent's connection to the file. */
function writer(): SqliteHandle {
  return agent;
}

function attach(): SqliteDatabase {
  const db = openDatabase({ id: 'agents', path: file, readOnly: true, caches: new Caches() });
  opened.push(db);
  return db;
}

beforeEach(() => {
  temp = makeTempDir();
  file = path.join(temp.dir, 'agno.db');
  agent = connect(file, { readOnly: false, wal: false, create: true });
  opened.push(agent);
  const handle = writer();
  handle.exec(`CREATE TABLE indexed_sessions (${COLUMNS})`);
  handle.exec(`CREATE TABLE plain_sessions (${COLUMNS}) WITHOUT ROWID`);
});

afterEach(() => {
  for (const handle of opened.splice(0).reverse()) handle.close();
  temp.remove();
});

interface Row {
  session_id: string;
  session_type: 'agent' | 'team' | 'workflow';
  session_data: Record<string, unknown> | null;
  workflow_data: Record<string, unknown> | null;
  runs: unknown;
  created_at: number;
}

function insert(handle: SqliteHandle, table: string, row: Row): void {
  handle
    .prepare(`INSERT OR REPLACE INTO ${table} (session_id, session_type, user_id, session_data, workflow_data, runs, created_at, updated_at) VALUES (?, ?, 'ann', ?, ?, ?, ?, ?)`)
    .run(row.session_id, row.session_type, encodeAgnoJson(row.session_data), encodeAgnoJson(row.workflow_data), encodeAgnoJson(row.runs), row.created_at, row.created_at);
}

const text = fc.string({ maxLength: 12 });
const message = fc.record({ role: fc.constantFrom('user', 'assistant', 'system'), content: fc.oneof(text, fc.constant(''), fc.constant(null)) });
const run: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: fc.record(
    {
      run_id: fc.constantFrom('r1', 'r2', 'r3', 'r4'),
      agent_id: fc.constantFrom('', 'member', undefined),
      messages: fc.array(message, { maxLength: 3 }),
      input: fc.oneof(text, fc.record({ input_content: text }), fc.constant(null)),
      content: text,
    },
    { requiredKeys: ['run_id'] },
  ) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.constant(null), text) },
);
const session = (id: string): fc.Arbitrary<Row> =>
  fc.record({
    session_id: fc.constant(id),
    session_type: fc.constantFrom('agent', 'team', 'workflow'),
    session_data: fc.oneof(fc.constant(null), fc.record({ session_name: text }, { requiredKeys: [] })),
    workflow_data: fc.oneof(fc.constant(null), fc.record({ name: text })),
    runs: fc.oneof({ weight: 6, arbitrary: fc.array(run, { maxLength: 6 }) }, { weight: 1, arbitrary: fc.constant(null) }),
    created_at: fc.integer({ min: 1, max: 1000 }),
  });

function listing(db: SqliteDatabase, table: string) {
  return db
    .store(table)
    .listSessions({ page: 1, limit: 50, sortOrder: 'asc', sortBy: 'session_id' })
    .items.map((s) => ({ id: s.session_id, name: s.session_name, runs: s.run_count }));
}

function pages(db: SqliteDatabase, table: string, sessionId: string, size: number): { ids: unknown[]; total: number | undefined } {
  const ids: unknown[] = [];
  let total: number | undefined;
  for (let offset = 0; offset < 20; offset += size) {
    const page = db.store(table).pageRuns(sessionId, {}, { offset, limit: size });
    if (page === null) return { ids, total: undefined };
    total = page.total;
    ids.push(...page.runs.map((r: StoredRun) => JSON.stringify(r)));
  }
  return { ids, total };
}

describe('listings of an Agno 2 table from its runs index', () => {
  it('name and count every session as SQL and a whole decode do', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(5), { minLength: 1, maxLength: 4 }).chain((ids) => fc.tuple(...[...new Set(ids)].map((i) => session(`s${i}`)))), (rows) => {
        const handle = writer();
        handle.exec('DELETE FROM indexed_sessions; DELETE FROM plain_sessions');
        for (const row of rows) for (const table of ['indexed_sessions', 'plain_sessions']) insert(handle, table, row);
        const db = attach();
        opened.splice(opened.indexOf(db), 1);
        try {
        expect(listing(db, 'indexed_sessions')).toEqual(listing(db, 'plain_sessions'));
        // Twice: the second answer comes from the cache entries the first built.
        expect(listing(db, 'indexed_sessions')).toEqual(listing(db, 'plain_sessions'));
        for (const row of rows) {
          const full = db.store('plain_sessions').listRuns(row.session_id, {})?.map((r) => JSON.stringify(r));
          for (const size of [1, 2, 5]) {
            const paged = pages(db, 'indexed_sessions', row.session_id, size);
            expect(paged.ids).toEqual(full);
            expect(paged.total).toBe(full?.length);
            expect(pages(db, 'plain_sessions', row.session_id, size)).toEqual(paged);
          }
        }
        } finally {
          db.close();
        }
      }),
      { numRuns: 25 },
    );
  });

  it('see the agent’s next run, and a first run changed in place, at the next listing', () => {
    const handle = writer();
    const first = { run_id: 'r1', messages: [{ role: 'user', content: 'hello there' }] };
    insert(handle, 'indexed_sessions', { session_id: 's', session_type: 'agent', session_data: null, workflow_data: null, runs: [first], created_at: 1 });
    const db = attach();
    const store = db.store('indexed_sessions');
    const item = () => store.listSessions({ page: 1, limit: 5, sortOrder: 'desc' }).items[0];
    expect(item()).toMatchObject({ session_name: 'hello there', run_count: 1 });
    expect(item()).toMatchObject({ session_name: 'hello there', run_count: 1 });
    expect(store.counts()).toEqual({ sessions: 1, runs: 1 });
    expect(store.listComponents('agent', {})).toEqual([]);

    const second = { run_id: 'r2', messages: [{ role: 'user', content: 'second' }] };
    handle.prepare('UPDATE indexed_sessions SET runs = ? WHERE session_id = ?').run(encodeAgnoJson([first, second]), 's');
    expect(item()).toMatchObject({ session_name: 'hello there', run_count: 2 });
    expect(store.counts()).toEqual({ sessions: 1, runs: 2 });
    expect(store.pageRuns('s', {}, { offset: 1, limit: 5 })).toMatchObject({ total: 2, runs: [{ run_id: 'r2' }] });

    // Same length, same updated_at: only the bytes tell.
    const renamed = { run_id: 'r1', messages: [{ role: 'user', content: 'HELLO THERE' }] };
    handle.prepare('UPDATE indexed_sessions SET runs = ? WHERE session_id = ?').run(encodeAgnoJson([renamed, second]), 's');
    expect(item()).toMatchObject({ session_name: 'HELLO THERE', run_count: 2 });
    expect(store.pageRuns('s', {}, { offset: 0, limit: 1 })?.runs[0]).toMatchObject({ messages: [{ content: 'HELLO THERE' }] });

    // Our own write, which data_version does not count.
    const own = openDatabase({ id: 'own', path: file, readOnly: false, caches: new Caches() });
    opened.push(own);
    const ownStore = own.store('indexed_sessions');
    expect(ownStore.listSessions({ page: 1, limit: 5, sortOrder: 'desc' }).items[0]).toMatchObject({ run_count: 2 });
    expect(ownStore.getSession('s', {})?.user_id).toBe('ann');
    ownStore.upsertRun({ sessionId: 's', type: 'agent', run: { run_id: 'r3', status: 'COMPLETED' }, userId: null });
    expect(ownStore.listSessions({ page: 1, limit: 5, sortOrder: 'desc' }).items[0]).toMatchObject({ run_count: 3 });
    ownStore.updateSession('s', { session_name: 'renamed', updated_at: 5 }, {});
    expect(ownStore.getSession('s', {})?.session_data).toEqual({ session_name: 'renamed' });
    expect(ownStore.listSessions({ page: 1, limit: 5, sortOrder: 'desc' }).items[0]).toMatchObject({ session_name: 'renamed', run_count: 3 });
    expect(item()).toMatchObject({ session_name: 'renamed', run_count: 3 });
    expect(ownStore.counts()).toEqual({ sessions: 1, runs: 3 });
    expect(ownStore.listComponents('agent', {}).map((c) => c.run_count)).toEqual([]);

    handle.prepare('DELETE FROM indexed_sessions').run();
    expect(store.listSessions({ page: 1, limit: 5, sortOrder: 'desc' }).items).toEqual([]);
    expect(store.pageRuns('s', {}, { offset: 0, limit: 1 })).toBeNull();
  });
});
