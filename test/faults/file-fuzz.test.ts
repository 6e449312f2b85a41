import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/agno/database.js';
import { Caches } from '../../server/runtime/caches.js';
import { guardDatabase } from '../../server/db/failures.js';
import type { SessionStore, SqliteDatabase } from '../../server/db/types.js';
import { AppError } from '../../server/errors.js';
import { buildAgnoDb } from '../../server/testing/agno-builder.js';
import { makeDemoSessions } from '../../server/testing/demo-sessions.js';
import { startTestServer, type TestServer } from '../../server/testing/server-harness.js';
import { agentRun, desk } from './support.js';

/**
 * Issue 19: attached files corrupted in random ways while attached — truncated, pages zeroed,
 * bytes flipped, a table or the runs column dropped, replaced by rename, journal mode changed
 * from outside. For every case:
 * - nothing but a failure kind escapes (no raw driver error, i.e. no 500);
 * - a read-only file is not changed by rundesk, and no file's journal mode is;
 * - every answer rundesk gives after the change equals what a fresh reader of the file on disk
 *   gives (nothing stale from before the change, nothing from a file no longer at the path);
 * - a write rundesk acknowledges is in the file at the path.
 * Most cases use the database layer directly (the routes add nothing that could see the file);
 * a smaller number go through one running server.
 */

const STORE_CASES = 500;
const HTTP_CASES = 60;

type Corruption =
  | { kind: 'none' }
  | { kind: 'truncate'; fraction: number }
  | { kind: 'zero-pages'; first: number; count: number }
  | { kind: 'flip'; offsets: number[]; spareHeader: boolean }
  | { kind: 'drop-table' }
  | { kind: 'drop-runs' }
  | { kind: 'replace'; foreign: boolean }
  | { kind: 'journal'; mode: 'wal' | 'delete' };

const corruption: fc.Arbitrary<Corruption> = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  fc.record({ kind: fc.constant('truncate' as const), fraction: fc.double({ min: 0, max: 0.999, noNaN: true }) }),
  fc.record({ kind: fc.constant('zero-pages' as const), first: fc.nat({ max: 40 }), count: fc.integer({ min: 1, max: 4 }) }),
  fc.record({
    kind: fc.constant('flip' as const),
    offsets: fc.array(fc.nat({ max: 1_000_000 }), { minLength: 1, maxLength: 24 }),
    spareHeader: fc.boolean(),
  }),
  fc.constant({ kind: 'drop-table' as const }),
  fc.constant({ kind: 'drop-runs' as const }),
  fc.record({ kind: fc.constant('replace' as const), foreign: fc.boolean() }),
  fc.record({ kind: fc.constant('journal' as const), mode: fc.constantFrom('wal' as const, 'delete' as const) }),
);

interface Templates {
  rollback: Buffer;
  wal: Buffer;
  /** Another Agno file: other sessions, other runs. */
  foreign: Buffer;
  /** The same sessions minus one, as an agent saving a newer copy would leave it. */
  newer: Buffer;
  /** Sessions and runs the reads ask for. */
  targets: Array<{ sessionId: string; runId: string }>;
}

let dir: string;
let templates: Templates;
let caseNo = 0;

function buildTemplates(): Templates {
  const sessions = makeDemoSessions();
  const at = (name: string) => path.join(dir, name);
  buildAgnoDb(at('t-rollback.db'), sessions);
  buildAgnoDb(at('t-wal.db'), sessions);
  const wal = new BetterSqlite3(at('t-wal.db'));
  wal.pragma('journal_mode = WAL');
  wal.close();
  buildAgnoDb(at('t-newer.db'), sessions.slice(1));
  buildAgnoDb(
    at('t-foreign.db'),
    sessions.map((s) => ({
      ...s,
      user_id: 'someone-else',
      runs: (s.runs ?? []).map((r) => ({ ...r, content: `foreign ${String(r['run_id'])}` })),
    })),
  );
  const targets = sessions.slice(0, 4).map((s) => ({ sessionId: s.session_id, runId: String(s.runs?.[0]?.['run_id'] ?? 'none') }));
  return {
    rollback: fs.readFileSync(at('t-rollback.db')),
    wal: fs.readFileSync(at('t-wal.db')),
    foreign: fs.readFileSync(at('t-foreign.db')),
    newer: fs.readFileSync(at('t-newer.db')),
    targets,
  };
}

function corrupt(file: string, c: Corruption): void {
  const size = fs.statSync(file).size;
  const outside = (sql: string) => {
    const db = new BetterSqlite3(file, { timeout: 20 });
    try {
      db.exec(sql);
    } finally {
      db.close();
    }
  };
  switch (c.kind) {
    case 'none':
      return;
    case 'truncate':
      fs.truncateSync(file, Math.floor(size * c.fraction));
      return;
    case 'zero-pages': {
      const pageSize = 4096;
      const fd = fs.openSync(file, 'r+');
      const first = c.first % Math.max(1, Math.floor(size / pageSize));
      fs.writeSync(fd, Buffer.alloc(pageSize * c.count), 0, pageSize * c.count, first * pageSize);
      fs.closeSync(fd);
      return;
    }
    case 'flip': {
      const fd = fs.openSync(file, 'r+');
      const from = c.spareHeader ? 100 : 0;
      for (const offset of c.offsets) {
        const at = from + (offset % Math.max(1, size - from));
        const byte = Buffer.alloc(1);
        fs.readSync(fd, byte, 0, 1, at);
        byte[0] = (byte[0] as number) ^ (1 + (offset % 255));
        fs.writeSync(fd, byte, 0, 1, at);
      }
      fs.closeSync(fd);
      return;
    }
    case 'drop-table':
      outside('DROP TABLE agno_sessions');
      return;
    case 'drop-runs':
      outside('ALTER TABLE agno_sessions DROP COLUMN runs');
      return;
    case 'replace': {
      const next = `${file}.next`;
      fs.writeFileSync(next, c.foreign ? templates.foreign : templates.newer);
      fs.renameSync(next, file);
      return;
    }
    case 'journal':
      try {
        outside(`PRAGMA journal_mode = ${c.mode === 'wal' ? 'WAL' : 'DELETE'}`);
      } catch (error) {
        // Leaving WAL needs the file to itself; with rundesk's connection open it is refused.
        if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
      }
      return;
  }
}

type Outcome = { ok: true; value: unknown } | { ok: false; code: string };

/** One read or write; only a failure kind may escape the database layer. */
async function attempt(fn: () => unknown): Promise<Outcome> {
  try {
    return { ok: true, value: await fn() };
  } catch (error) {
    if (!(error instanceof AppError)) throw new Error(`a raw error escaped: ${String(error)}`, { cause: error });
    return { ok: false, code: error.code };
  }
}

function reads(store: () => SessionStore, db: SqliteDatabase): Array<() => unknown> {
  const out: Array<() => unknown> = [];
  for (const { sessionId, runId } of templates.targets) {
    out.push(() => store().getRun(sessionId, runId, { type: 'agent' }));
    out.push(() => store().listRuns(sessionId, {}));
    out.push(() => store().getSession(sessionId, {}));
  }
  out.push(() => store().listSessions({ page: 1, limit: 50, sortOrder: 'desc' }));
  // Counts and tables; `readOnly` is how each side attached it, not what the file holds.
  out.push(async () => ({ ...(await db.info()), readOnly: null }));
  return out;
}

function fileFacts(file: string): { hash: string; mode: number | null } {
  const bytes = fs.existsSync(file) ? fs.readFileSync(file) : Buffer.alloc(0);
  // Header bytes 18/19: 1 rollback journal, 2 WAL.
  return { hash: crypto.createHash('sha1').update(bytes).digest('hex'), mode: bytes.length >= 20 ? (bytes[18] as number) : null };
}

function openGuarded(file: string, readOnly: boolean): SqliteDatabase {
  return guardDatabase(openDatabase({ id: 'fz', path: file, readOnly, caches: new Caches(), watchIntervalMs: 0 })) as SqliteDatabase;
}

/** What a reader opening the file now sees, op by op; `null` when it cannot open it at all. */
async function freshAnswers(file: string): Promise<Outcome[] | null> {
  let db: SqliteDatabase;
  try {
    db = openGuarded(file, true);
  } catch {
    return null;
  }
  try {
    return await inOrder(reads(() => db.sessions(), db));
  } finally {
    db.close();
  }
}

async function inOrder(ops: Array<() => unknown>): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (const op of ops) out.push(await attempt(op));
  return out;
}

async function runCase(c: Corruption, readOnly: boolean, wal: boolean, write: boolean): Promise<void> {
  const n = caseNo++;
  const file = path.join(dir, `case-${n}.db`);
  fs.writeFileSync(file, wal ? templates.wal : templates.rollback);
  const db = openGuarded(file, readOnly);
  let outsideChange: { hash: string; mode: number | null };
  try {
    const ours = reads(() => db.sessions(), db);
    await inOrder(ours); // warm every cache rundesk has
    corrupt(file, c);
    outsideChange = fileFacts(file);

    const answers = await inOrder(ours);
    const fresh = await freshAnswers(file);
    answers.forEach((answer, i) => {
      if (!answer.ok && !['DATABASE_UNAVAILABLE', 'SESSION_UNREADABLE', 'NOT_FOUND'].includes(answer.code)) {
        throw new Error(`op ${i}: unexpected failure kind ${answer.code}`);
      }
      if (!answer.ok) return;
      const theirs = fresh?.[i];
      if (!theirs?.ok || !isDeepStrictEqual(theirs.value, answer.value)) {
        throw new Error(
          `op ${i}: rundesk answered what a fresh reader does not see: ${JSON.stringify(answer.value)?.slice(0, 300)} vs ${JSON.stringify(theirs)?.slice(0, 300)}`,
        );
      }
    });

    if (write && !readOnly) {
      const runId = `fuzz-${n}`;
      const written = await attempt(() => db.sessions().upsertRun({ sessionId: 'fuzz-s', type: 'agent', run: agentRun(runId), userId: null }));
      if (!written.ok && !['DATABASE_UNAVAILABLE', 'SESSION_UNREADABLE', 'DATABASE_BUSY'].includes(written.code)) {
        throw new Error(`write: unexpected failure kind ${written.code}`);
      }
      if (written.ok) {
        const check = openGuarded(file, true);
        try {
          const found = await check.sessions().getRun('fuzz-s', runId, { type: 'agent' });
          if (found.kind !== 'found') throw new Error(`an acknowledged write is not in the file at the path (${found.kind})`);
        } finally {
          check.close();
        }
      }
    }
  } finally {
    db.close();
  }
  const now = fileFacts(file);
  if (readOnly && now.hash !== outsideChange.hash) throw new Error(`rundesk changed a read-only file (${c.kind})`);
  if (now.mode !== null && outsideChange.mode !== null && now.mode !== outsideChange.mode) {
    throw new Error(`rundesk changed the journal mode record from ${outsideChange.mode} to ${now.mode} (${c.kind})`);
  }
}

describe('Given attached files corrupted at random while attached', () => {
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-fuzz-'));
    templates = buildTemplates();
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it(`(${STORE_CASES} cases, database layer) never lets a raw error out, never answers what the file on disk does not hold, never changes a read-only file or any journal mode`, async () => {
    await fc.assert(
      fc.asyncProperty(corruption, fc.boolean(), fc.boolean(), fc.boolean(), (c, readOnly, wal, write) => runCase(c, readOnly, wal, write)),
      { numRuns: STORE_CASES },
    );
  }, 180_000);

  describe('Given one running server whose attached file is corrupted at random, case after case', () => {
  let t: TestServer;
  let admin: string;
  let file: string;

  beforeAll(async () => {
    file = path.join(dir, 'served.db');
    fs.writeFileSync(file, templates.rollback);
    t = await startTestServer({ databases: [{ id: 'fz', path: file, read_only: false }] });
    admin = await t.token();
  });
  afterAll(async () => t?.stop());

  it(`(${HTTP_CASES} cases over HTTP) answers every route with JSON and no 500, and stays up`, async () => {
    const { sessionId, runId } = templates.targets[0] as { sessionId: string; runId: string };
    const routes = [
      `/sessions?db_id=fz`,
      `/sessions/${sessionId}?db_id=fz`,
      `/sessions/${sessionId}/runs?db_id=fz`,
      `/sessions/${sessionId}/runs/${runId}?db_id=fz&type=agent`,
      `/agents?db_id=fz`,
      `/sessions`,
    ];
    await fc.assert(
      fc.asyncProperty(corruption, fc.boolean(), async (c, wal) => {
        // A fresh copy renamed into place: itself a replacement the server must pick up.
        const next = `${file}.fresh`;
        fs.writeFileSync(next, wal ? templates.wal : templates.rollback);
        // A session only this copy holds: finding it proves the server reads the file now at the path.
        const marker = `marker-${caseNo++}`;
        const agent = new BetterSqlite3(next);
        agent
          .prepare("INSERT INTO agno_sessions (session_id, session_type, runs, created_at) VALUES (?, 'agent', 'null', 1775295555)")
          .run(marker);
        agent.close();
        // A tool replacing a file removes the old one's WAL files with it (see file-changes.test.ts for one that does not).
        for (const side of ['-wal', '-shm']) fs.rmSync(file + side, { force: true });
        fs.renameSync(next, file);
        const fresh = await t.get(`/sessions/${marker}?db_id=fz`, admin);
        expect(fresh.status, `${c.kind}: ${await fresh.clone().text()}`).toBe(200);
        expect((await t.get(routes[3] as string, admin)).status).toBe(200);
        corrupt(file, c);
        for (const route of routes) {
          const res = await t.get(route, admin);
          expect([200, 404, 422, 503], `${c.kind} ${route}`).toContain(res.status);
          expect(res.headers.get('content-type') ?? '', route).toMatch(/^application\/json/);
          await res.text();
        }
        const ingest = await t.post(`/sessions/http-fuzz/runs?db_id=fz&type=agent`, agentRun('h1'), admin);
        expect([200, 201, 422, 503], `${c.kind} ingest`).toContain(ingest.status);
        expect((await desk(t, 'GET', '/desk/databases')).status).toBe(200);
      }),
      { numRuns: HTTP_CASES },
    );
    expect((await t.get('/health')).status).toBe(200);
  }, 180_000);
});
});
