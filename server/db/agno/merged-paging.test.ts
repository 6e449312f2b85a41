import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeAgnoJson } from '../../agno-format/codec.js';
import { pythonJsonDumps } from '../../agno-format/python-json.js';
import { runsTableDdl } from '../../testing/agno-builder.js';
import { makeTempDir } from '../../testing/temp-dir.js';
import { Caches } from '../../runtime/caches.js';
import { connect } from '../connection.js';
import type { SqliteHandle } from '../connection.js';
import type { SqliteDatabase, StoredRun } from '../types.js';
import { openDatabase } from './database.js';

/**
 * An Agno 3 table's runs are paged from the (session_id, run_index) index and the legacy
 * value's runs index, never merged in memory. A WITHOUT ROWID twin of the same session table
 * cannot be tied to a cache entry, so it answers by decoding every run and merging them
 * (mergeRuns): both must answer alike, over legacy values and run rows that share ids, runs
 * sharing a run_index (or none), and after the agent writes.
 */

let temp: ReturnType<typeof makeTempDir>;
let file: string;
let agent: SqliteHandle;
const opened: Array<{ close(): void }> = [];

const SESSION_COLUMNS =
  'session_id TEXT PRIMARY KEY, session_type TEXT, agent_id TEXT, team_id TEXT, workflow_id TEXT, user_id TEXT, ' +
  'session_data TEXT, workflow_data TEXT, runs TEXT, created_at INTEGER, updated_at INTEGER';
const TWINS = [
  { sessions: 'fast_sessions', runs: 'fast_runs' },
  { sessions: 'plain_sessions', runs: 'plain_runs' },
] as const;

beforeEach(() => {
  temp = makeTempDir();
  file = path.join(temp.dir, 'agno.db');
  agent = connect(file, { readOnly: false, wal: false, create: true });
  opened.push(agent);
  agent.exec(`CREATE TABLE fast_sessions (${SESSION_COLUMNS})`);
  agent.exec(`CREATE TABLE plain_sessions (${SESSION_COLUMNS}) WITHOUT ROWID`);
  for (const twin of TWINS) for (const statement of runsTableDdl(twin.runs, twin.sessions)) agent.exec(statement);
});

afterEach(() => {
  for (const handle of opened.splice(0).reverse()) handle.close();
  temp.remove();
});

interface RunRow {
  run_id: string;
  run_index: number | null;
  created_at: number;
  run: Record<string, unknown>;
}

interface Session {
  session_id: string;
  session_type: 'agent' | 'team' | 'workflow';
  runs: unknown;
  rows: RunRow[];
}

const ID = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
const text = fc.string({ maxLength: 8 });
const body = fc.record(
  { agent_id: fc.constantFrom('', 'member'), input: fc.oneof(text, fc.record({ input_content: text })), content: text },
  { requiredKeys: ['content'] },
);
const legacyElement: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(fc.oneof({ weight: 6, arbitrary: ID }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constant(undefined) }), body).map(([id, b]) => (id === undefined ? { ...b } : { run_id: id, ...b, from: 'legacy' })) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 1, max: 3 }), body).map(([id, b]) => ({ run_id: id, ...b })) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.constant(null), text) },
);
const rows: fc.Arbitrary<RunRow[]> = fc
  .uniqueArray(ID, { maxLength: 6 })
  .chain((ids) =>
    fc.tuple(
      ...ids.map((id) =>
        fc.record({
          run_id: fc.constant(id),
          run_index: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 4 }) }, { weight: 1, arbitrary: fc.constant(null) }),
          created_at: fc.integer({ min: 1, max: 3 }),
          run: body.map((b) => ({ run_id: id, ...b, from: 'table' })),
        }),
      ),
    ),
  );
const session = (id: string): fc.Arbitrary<Session> =>
  fc.record({
    session_id: fc.constant(id),
    session_type: fc.constantFrom('agent', 'team', 'workflow'),
    runs: fc.oneof({ weight: 5, arbitrary: fc.array(legacyElement, { maxLength: 7 }) }, { weight: 1, arbitrary: fc.constant(null) }),
    rows,
  });

function write(handle: SqliteHandle, s: Session): void {
  for (const twin of TWINS) {
    handle
      .prepare(`INSERT INTO ${twin.sessions} (session_id, session_type, user_id, session_data, workflow_data, runs, created_at, updated_at) VALUES (?, ?, 'ann', ?, ?, ?, 1, 1)`)
      .run(s.session_id, s.session_type, encodeAgnoJson(null), encodeAgnoJson(null), s.runs === null ? null : encodeAgnoJson(s.runs));
    for (const row of s.rows) insertRow(handle, twin.runs, s.session_id, row);
  }
}

function insertRow(handle: SqliteHandle, table: string, sessionId: string, row: RunRow): void {
  handle
    .prepare(`INSERT INTO ${table} (run_id, session_id, run_type, run_index, run_data, created_at) VALUES (?, ?, 'agent', ?, ?, ?)`)
    .run(`${sessionId}:${row.run_id}`, sessionId, row.run_index, pythonJsonDumps({ ...row.run, run_id: `${sessionId}:${row.run_id}` }), row.created_at);
}

/** Legacy ids name the session's runs the way its rows do (`s1:a`), as Agno's run ids are unique. */
function scoped(s: Session): Session {
  const runs = Array.isArray(s.runs)
    ? s.runs.map((r) => (r !== null && typeof r === 'object' && typeof (r as Record<string, unknown>)['run_id'] === 'string' ? { ...r, run_id: `${s.session_id}:${(r as Record<string, unknown>)['run_id'] as string}` } : r))
    : s.runs;
  return { ...s, runs };
}

function answers(db: SqliteDatabase, twin: (typeof TWINS)[number], sessions: readonly Session[]) {
  const store = db.store(twin.sessions);
  const listing = store.listSessions({ page: 1, limit: 50, sortOrder: 'asc', sortBy: 'session_id' }).items.map((s) => [s.session_id, s.session_name, s.run_count]);
  const perSession = sessions.map((s) => {
    const all = store.listRuns(s.session_id, {});
    const pages = [1, 2, 5].map((size) => {
      const seen: StoredRun[] = [];
      let total: number | undefined;
      for (let offset = 0; offset < 16; offset += size) {
        const page = store.pageRuns(s.session_id, {}, { offset, limit: size });
        total = page?.total;
        seen.push(...(page?.runs ?? []));
      }
      return { seen, total };
    });
    const runs = ['a', 'b', 'c', 'd', 'e', 'f', '1'].map((id) => store.getRun(s.session_id, `${s.session_id}:${id}`, { type: s.session_type }));
    return { all, pages, runs };
  });
  return { listing, perSession };
}

describe('paging an Agno 3 table without merging its runs in memory', () => {
  it('answers every page, count, name and run as the in-memory merge does (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat(4), { minLength: 1, maxLength: 3 }).chain((ids) => fc.tuple(...ids.map((i) => session(`s${i}`).map(scoped)))),
        rows,
        (sessions, later) => {
          for (const twin of TWINS) agent.exec(`DELETE FROM ${twin.runs}; DELETE FROM ${twin.sessions}`);
          for (const s of sessions) write(agent, s);
          const db = openDatabase({ id: 'agents', path: file, readOnly: true, caches: new Caches() });
          try {
            const plain = answers(db, TWINS[1], sessions);
            // Twice: the second answer comes from what the first kept.
            expect(answers(db, TWINS[0], sessions)).toEqual(plain);
            expect(answers(db, TWINS[0], sessions)).toEqual(plain);
            for (const s of plain.perSession) for (const p of s.pages) expect({ runs: p.seen, total: p.total }).toEqual({ runs: s.all, total: s.all?.length });

            // The agent writes: new rows, and an index moved, on both twins.
            const first = sessions[0] as Session;
            for (const twin of TWINS) {
              for (const row of later) agent.prepare(`INSERT OR REPLACE INTO ${twin.runs} (run_id, session_id, run_type, run_index, run_data, created_at) VALUES (?, ?, 'agent', ?, ?, ?)`).run(`${first.session_id}:${row.run_id}`, first.session_id, row.run_index, pythonJsonDumps({ ...row.run, run_id: `${first.session_id}:${row.run_id}` }), row.created_at);
              agent.prepare(`UPDATE ${twin.runs} SET run_index = 9 WHERE rowid = (SELECT min(rowid) FROM ${twin.runs})`).run();
            }
            const plainAfter = answers(db, TWINS[1], sessions);
            expect(answers(db, TWINS[0], sessions)).toEqual(plainAfter);
          } finally {
            db.close();
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});
