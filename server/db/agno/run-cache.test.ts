import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { buildAgnoDb } from '../../testing/agno-builder.js';
import type { AgnoSessionRecord } from '../../testing/agno-builder.js';
import { makeTempDir } from '../../testing/temp-dir.js';
import { connect } from '../connection.js';
import type { SqliteHandle } from '../connection.js';
import type { SqliteDatabase as Database, StoredRun } from '../types.js';
import { encodeAgnoJson } from '../../agno-format/codec.js';
import { openDatabase } from './database.js';
import { Caches } from '../../runtime/caches.js';
import { approxEntryBytes, type AgnoRunsCache, type RunCacheLimits } from './run-cache.js';
import { AccessScope } from '../../access/scope.js';

let temp: ReturnType<typeof makeTempDir>;
let file: string;
let cache: AgnoRunsCache;
let caches: Caches;
function freshCaches(limits?: RunCacheLimits): void {
  caches = new Caches({ sqliteRunsLimits: limits });
  cache = caches.sqliteRuns;
}
const opened: Array<{ close(): void }> = [];

const runs = (prefix: string, count: number): StoredRun[] =>
  Array.from({ length: count }, (_, i) => ({ run_id: `${prefix}-${i}`, content: `answer ${i} of ${prefix}`, status: 'COMPLETED' }));

function session(id: string, overrides: Partial<AgnoSessionRecord> = {}): AgnoSessionRecord {
  return { session_id: id, session_type: 'agent', agent_id: 'bot', user_id: 'ann', runs: runs(id, 3), created_at: 1_775_000_000, ...overrides };
}

function attach(readOnly: boolean, at = file): Database {
  const db = openDatabase({ id: 'agents', path: at, readOnly, caches });
  opened.push(db);
  return db;
}

/** Another connection to the file, as the agent writing it would have. */
function writer(at = file): SqliteHandle {
  const handle = connect(at, { readOnly: false, wal: false });
  opened.push(handle);
  return handle;
}

function storedRuns(handle: SqliteHandle, sessionId: string): StoredRun[] {
  const row = handle.prepare('SELECT runs FROM agno_sessions WHERE session_id = ?').get(sessionId) as { runs: string };
  return JSON.parse(JSON.parse(row.runs) as string) as StoredRun[];
}

function saveRuns(handle: SqliteHandle, sessionId: string, next: StoredRun[], updatedAt?: number): void {
  const sql = updatedAt === undefined
    ? 'UPDATE agno_sessions SET runs = ? WHERE session_id = ?'
    : 'UPDATE agno_sessions SET runs = ?, updated_at = ? WHERE session_id = ?';
  const params = updatedAt === undefined ? [encodeAgnoJson(next), sessionId] : [encodeAgnoJson(next), updatedAt, sessionId];
  handle.prepare(sql).run(...params);
}

function content(db: Database, sessionId: string, runId: string): unknown {
  const found = db.store().getRun(sessionId, runId, { type: 'agent' });
  return found.kind === 'found' ? found.run['content'] : found.kind;
}

function sha256(p: string): string {
  return createHash('sha256').update(fs.readFileSync(p)).digest('hex');
}

beforeEach(() => {
  temp = makeTempDir();
  file = path.join(temp.dir, 'agno.db');
  buildAgnoDb(file, [session('s1'), session('s2'), session('s3', { user_id: 'bob' }), session('empty', { runs: [] })]);
  freshCaches();
});

afterEach(() => {
  for (const handle of opened.splice(0).reverse()) handle.close();
  temp.remove();
});

describe('cached run lookups on an agno table', () => {
  it('serves repeated lookups from the cache with the same answers as a fresh decode', () => {
    const store = attach(true).store();
    for (let pass = 0; pass < 2; pass += 1) {
      expect(content(attach(true), 's1', 's1-1')).toBe('answer 1 of s1');
      expect(store.getRun('s1', 's1-2', { type: 'agent' })).toMatchObject({ kind: 'found', run: { run_id: 's1-2' }, session: { user_id: 'ann' } });
      expect(store.getRun('s1', 'nope', { type: 'agent' })).toEqual({ kind: 'no-run' });
      expect(store.getRun('s1', 's1-0', { type: 'team' })).toEqual({ kind: 'wrong-type', actualType: 'agent' });
      expect(store.getRun('empty', 'x', { type: 'agent' })).toEqual({ kind: 'no-runs' });
      expect(store.getRun('missing', 'x', { type: 'agent' })).toEqual({ kind: 'no-session' });
      expect(store.getRun('s1', 's1-0', { type: 'agent', scope: AccessScope.user('ann') }).kind).toBe('found');
      expect(store.getRun('s1', 's1-0', { type: 'agent', scope: AccessScope.user('bob') }).kind).toBe('no-session');
      expect(store.getRun('s1', 's1-0', { type: 'agent', scope: AccessScope.none() }).kind).toBe('no-session');
      expect(store.listRuns('s1', {})?.map((r) => r['run_id'])).toEqual(['s1-0', 's1-1', 's1-2']);
      expect(store.listRuns('s1', { type: 'team' })).toBeNull();
      expect(store.listRuns('s1', { scope: AccessScope.none() })).toBeNull();
    }
    const stats = cache.stats();
    expect(stats.hits).toBeGreaterThan(stats.loads);
    // s1 and empty in this store, s1 in each of the two other attachments (entries are per handle).
    expect(stats.loads).toBe(4);
  });

  it('finds the first run with a run_id, as a search from the start does', () => {
    buildAgnoDb(file, [session('dup', { runs: [{ run_id: 'r', content: 'first' }, { run_id: 'r', content: 'second' }] })]);
    const db = attach(true);
    expect(content(db, 'dup', 'r')).toBe('first');
    expect(content(db, 'dup', 'r')).toBe('first');
  });

  it('hands out frozen runs, so a caller cannot change what the next lookup sees', () => {
    const store = attach(true).store();
    const found = store.getRun('s1', 's1-0', { type: 'agent' });
    if (found.kind !== 'found') throw new Error(found.kind);
    expect(() => {
      found.run['content'] = 'changed';
    }).toThrow(TypeError);
    expect(() => {
      (store.listRuns('s1', {}) ?? []).push({ run_id: 'extra' });
    }).not.toThrow();
    expect(store.listRuns('s1', {})).toHaveLength(3);
    expect(store.getRun('s1', 's1-0', { type: 'agent' })).toMatchObject({ run: { content: 'answer 0 of s1' } });
  });
});

describe('writes by another connection', () => {
  it.each([true, false])('are seen by the next lookup (read-only attachment: %s)', (readOnly) => {
    const db = attach(readOnly);
    expect(content(db, 's1', 's1-3')).toBe('no-run');
    expect(content(db, 's1', 's1-3')).toBe('no-run');
    const agent = writer();
    saveRuns(agent, 's1', [...storedRuns(agent, 's1'), { run_id: 's1-3', content: 'late' }], 1_775_000_100);
    expect(content(db, 's1', 's1-3')).toBe('late');
    expect(db.store().listRuns('s1', {})).toHaveLength(4);
  });

  it('are seen when the run changed in place with the same length and the same updated_at', () => {
    const db = attach(true);
    expect(content(db, 's1', 's1-1')).toBe('answer 1 of s1');
    const agent = writer();
    const next = storedRuns(agent, 's1').map((r) => (r['run_id'] === 's1-1' ? { ...r, content: 'ANSWER 1 OF S1' } : r));
    saveRuns(agent, 's1', next);
    expect(content(db, 's1', 's1-1')).toBe('ANSWER 1 OF S1');
  });

  it('are seen in the light columns: owner, type and deletion', () => {
    const db = attach(true);
    const store = db.store();
    expect(store.getRun('s1', 's1-0', { type: 'agent', scope: AccessScope.user('ann') }).kind).toBe('found');
    const agent = writer();
    agent.prepare("UPDATE agno_sessions SET user_id = 'carol' WHERE session_id = 's1'").run();
    expect(store.getRun('s1', 's1-0', { type: 'agent', scope: AccessScope.user('ann') }).kind).toBe('no-session');
    expect(store.getRun('s1', 's1-0', { type: 'agent', scope: AccessScope.user('carol') })).toMatchObject({ kind: 'found', session: { user_id: 'carol' } });
    agent.prepare("UPDATE agno_sessions SET session_type = 'team' WHERE session_id = 's1'").run();
    expect(store.getRun('s1', 's1-0', { type: 'agent' })).toEqual({ kind: 'wrong-type', actualType: 'team' });
    agent.prepare("DELETE FROM agno_sessions WHERE session_id = 's1'").run();
    expect(store.getRun('s1', 's1-0', { type: 'team' })).toEqual({ kind: 'no-session' });
    expect(cache.stats().entries).toBe(0);
  });

  it('to another session cost a byte comparison, not a decode', () => {
    const db = attach(true);
    content(db, 's1', 's1-0');
    const before = cache.stats();
    saveRuns(writer(), 's2', runs('s2', 5));
    expect(content(db, 's1', 's1-0')).toBe('answer 0 of s1');
    expect(content(db, 's2', 's2-4')).toBe('answer 4 of s2');
    const after = cache.stats();
    expect(after.revalidations - before.revalidations).toBe(1);
    expect(after.loads - before.loads).toBe(1); // s2 only
  });

  it('are seen when another process writes the file', () => {
    const db = attach(true);
    expect(content(db, 's2', 'from-child')).toBe('no-run');
    const script = `
      const Database = require(process.argv[1]);
      const db = new Database(process.argv[2], { timeout: 5000 });
      const runs = JSON.parse(JSON.parse(db.prepare("SELECT runs FROM agno_sessions WHERE session_id = 's2'").get().runs));
      runs.push({ run_id: 'from-child', content: 'written by the agent' });
      db.prepare("UPDATE agno_sessions SET runs = ? WHERE session_id = 's2'").run(JSON.stringify(JSON.stringify(runs)));
      db.close();
    `;
    execFileSync(process.execPath, ['-e', script, createRequire(import.meta.url).resolve('better-sqlite3'), file]);
    expect(content(db, 's2', 'from-child')).toBe('written by the agent');
  });
});

describe('our own writes', () => {
  it('drop the entry, so upserts and deletes are seen at once', () => {
    const store = attach(false).store();
    expect(content(attach(false), 's1', 's1-0')).toBe('answer 0 of s1');
    expect(store.getRun('s1', 's1-3', { type: 'agent' }).kind).toBe('no-run');
    store.upsertRun({ sessionId: 's1', type: 'agent', run: { run_id: 's1-3', content: 'new' }, userId: null });
    expect(store.getRun('s1', 's1-3', { type: 'agent' })).toMatchObject({ kind: 'found', run: { content: 'new' } });
    store.upsertRun({ sessionId: 's1', type: 'agent', run: { run_id: 's1-0', content: 'replaced' }, userId: null });
    expect(store.getRun('s1', 's1-0', { type: 'agent' })).toMatchObject({ kind: 'found', run: { content: 'replaced' } });
    expect(store.listRuns('s1', {})?.map((r) => r['run_id'])).toEqual(['s1-0', 's1-1', 's1-2', 's1-3']);
    expect(store.deleteSession('s1', {})).toBe(true);
    expect(store.getRun('s1', 's1-0', { type: 'agent' })).toEqual({ kind: 'no-session' });
    expect(store.listRuns('s1', {})).toBeNull();
  });

  it('are seen under another spelling of the session id (a NOCASE column)', () => {
    const handle = writer();
    handle.exec('CREATE TABLE nocase_sessions (session_id TEXT COLLATE NOCASE PRIMARY KEY, session_type TEXT, user_id TEXT, runs TEXT, created_at INTEGER)');
    handle.prepare('INSERT INTO nocase_sessions VALUES (?, ?, ?, ?, ?)').run('ABC', 'agent', 'ann', encodeAgnoJson(runs('abc', 1)), 1);
    const store = attach(false).store('nocase_sessions');
    expect(store.getRun('ABC', 'new', { type: 'agent' }).kind).toBe('no-run');
    store.upsertRun({ sessionId: 'abc', type: 'agent', run: { run_id: 'new', content: 'posted' }, userId: null });
    expect(store.getRun('ABC', 'new', { type: 'agent' })).toMatchObject({ kind: 'found', run: { content: 'posted' } });
  });

  it('are seen through another attachment of the same file', () => {
    const reader = attach(true);
    const writable = attach(false);
    expect(content(reader, 's1', 's1-3')).toBe('no-run');
    writable.store().upsertRun({ sessionId: 's1', type: 'agent', run: { run_id: 's1-3', content: 'posted' }, userId: null });
    expect(content(reader, 's1', 's1-3')).toBe('posted');
  });
});

describe('the cache bounds', () => {
  it('keeps at most maxEntries sessions and evicts the least recently used', () => {
    freshCaches({ maxBytes: 1 << 30, maxEntries: 2 });
    const db = attach(true);
    content(db, 's1', 's1-0');
    content(db, 's2', 's2-0');
    content(db, 's1', 's1-0'); // s1 is now the most recent
    content(db, 'empty', 'x');
    expect(cache.stats()).toMatchObject({ entries: 2, evictions: 1 });
    const loads = cache.stats().loads;
    content(db, 's1', 's1-0');
    expect(cache.stats().loads).toBe(loads);
    expect(content(db, 's2', 's2-1')).toBe('answer 1 of s2');
    expect(cache.stats().loads).toBe(loads + 1);
  });

  it('keeps the approximate bytes under maxBytes and still answers sessions too large to keep', () => {
    const big = runs('big', 200);
    buildAgnoDb(file, [session('s1'), session('s2'), session('big', { runs: big })]);
    // The bytes one small session's entry counts, measured on a cache with room to spare.
    freshCaches({ maxBytes: 1 << 30, maxEntries: 100 });
    content(attach(true), 's1', 's1-0');
    const small = cache.stats().bytes;
    freshCaches({ maxBytes: small * 2 + 10, maxEntries: 100 });
    const db = attach(true);
    for (const id of ['s1', 's2', 's1', 's2']) {
      content(db, id, `${id}-0`);
      expect(cache.stats().bytes).toBeLessThanOrEqual(cache.limits.maxBytes);
    }
    expect(cache.stats().entries).toBe(2);
    for (let i = 0; i < 2; i += 1) expect(content(db, 'big', 'big-199')).toBe('answer 199 of big');
    expect(cache.stats()).toMatchObject({ entries: 2 });
    expect(cache.stats().bytes).toBeLessThanOrEqual(cache.limits.maxBytes);
  });

  it('forgets a database’s sessions when it closes', () => {
    const db = attach(true);
    content(db, 's1', 's1-0');
    content(db, 's2', 's2-0');
    expect(cache.stats().entries).toBe(2);
    db.close();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });
});

describe('tables the cache cannot tie to one row', () => {
  it('answers a WITHOUT ROWID table by decoding per lookup', () => {
    const handle = writer();
    handle.exec('CREATE TABLE plain_sessions (session_id TEXT PRIMARY KEY, session_type TEXT, user_id TEXT, runs TEXT, created_at INTEGER) WITHOUT ROWID');
    handle.prepare('INSERT INTO plain_sessions VALUES (?, ?, ?, ?, ?)').run('w', 'agent', 'ann', encodeAgnoJson(runs('w', 2)), 1);
    const store = attach(true).store('plain_sessions');
    for (let i = 0; i < 2; i += 1) {
      expect(store.getRun('w', 'w-1', { type: 'agent', scope: AccessScope.user('ann') })).toMatchObject({ kind: 'found', run: { run_id: 'w-1' } });
    }
    expect(cache.stats().entries).toBe(0);
  });

  it('follows the user filter to the right row when session ids repeat', () => {
    const handle = writer();
    handle.exec('CREATE TABLE loose_sessions (session_id TEXT, session_type TEXT, user_id TEXT, runs TEXT, created_at INTEGER)');
    const insert = handle.prepare('INSERT INTO loose_sessions VALUES (?, ?, ?, ?, ?)');
    insert.run('same', 'agent', 'ann', encodeAgnoJson([{ run_id: 'r', content: 'ann’s' }]), 1);
    insert.run('same', 'agent', 'bob', encodeAgnoJson([{ run_id: 'r', content: 'bob’s' }]), 2);
    const store = attach(true).store('loose_sessions');
    for (let i = 0; i < 2; i += 1) {
      expect(store.getRun('same', 'r', { type: 'agent' })).toMatchObject({ run: { content: 'ann’s' } });
      expect(store.getRun('same', 'r', { type: 'agent', scope: AccessScope.user('bob') })).toMatchObject({ run: { content: 'bob’s' } });
      expect(store.getRun('same', 'r', { type: 'agent', scope: AccessScope.user('ann') })).toMatchObject({ run: { content: 'ann’s' } });
    }
  });
});

describe('a read-only attachment with the cache', () => {
  it('leaves the file byte-identical, also while another connection writes it', () => {
    const db = attach(true);
    const store = db.store();
    const sideFiles = () => fs.readdirSync(temp.dir).sort();
    const filesBefore = sideFiles();
    const hashBefore = sha256(file);
    for (let i = 0; i < 3; i += 1) {
      content(db, 's1', 's1-0');
      store.listRuns('s2', {});
      store.getRun('s3', 's3-0', { type: 'agent', scope: AccessScope.user('bob') });
    }
    expect(sha256(file)).toBe(hashBefore);
    expect(sideFiles()).toEqual(filesBefore);

    const agent = writer();
    saveRuns(agent, 's1', [...storedRuns(agent, 's1'), { run_id: 's1-3', content: 'late' }]);
    agent.close();
    const hashAfterWrite = sha256(file);
    expect(content(db, 's1', 's1-3')).toBe('late');
    content(db, 's2', 's2-0');
    db.close();
    expect(sha256(file)).toBe(hashAfterWrite);
    expect(sideFiles()).toEqual(filesBefore);
  });
});
