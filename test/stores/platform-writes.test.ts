import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AccessScope } from '../../server/access/scope.js';
import { openDatabase, openDefaultDatabase } from '../../server/db/index.js';
import { openPostgresDatabase } from '../../server/db/postgres/database.js';
import type { Database } from '../../server/db/types.js';
import { copyPlatformTablesToPostgres } from '../../server/testing/postgres-platform-builder.js';
import { buildAgnoPostgres } from '../../server/testing/postgres-builder.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../../server/testing/postgres-cluster.js';
import { tempDirs } from '../../server/testing/temp-dir.js';

/**
 * The platform-table writes AgentOS's routes make (memories created, updated, deleted; eval runs
 * renamed and deleted), on each store, checked the way Agno reads the rows back: the raw column
 * text of an SQLite file (one `json.dumps` per JSON column, Python's separators and ASCII
 * escapes, epoch seconds) and, where python3 is installed, Python's own `sqlite3` and `json`.
 */

const OBSERVABILITY = path.join(import.meta.dirname, '../fixtures/agno/agno-observability.db');
const AGNO3 = path.join(import.meta.dirname, '../fixtures/agno3/agno3-real.db');
const NOW_MS = Date.UTC(2026, 10, 28, 6, 0, 0);
const NOW = NOW_MS / 1000;
/** A memory of olivia's with agent_id and input set (the fixture's). */
const OLIVIA_MEMORY = '638d7963-62b0-4b31-99fd-59d4c365a84b';

const dirs = tempDirs('rundesk-pw-');
afterEach(() => dirs.cleanup());

function copyOf(file: string): string {
  const target = path.join(dirs.make(), path.basename(file));
  fs.copyFileSync(file, target);
  return target;
}

function rawRow(file: string, sql: string, ...params: unknown[]): Record<string, unknown> | undefined {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return db.prepare(sql).get(...params) as Record<string, unknown> | undefined;
  } finally {
    db.close();
  }
}

function hasPython(): boolean {
  try {
    execFileSync('python3', ['-c', 'import sqlite3, json'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A memory row read as Agno's SqliteDb reads it (SQLAlchemy's JSON result processor is one json.loads). */
function readAsAgno(file: string, memoryId: string): Record<string, unknown> {
  const script = [
    'import json, sqlite3, sys',
    'c = sqlite3.connect(sys.argv[1]); c.row_factory = sqlite3.Row',
    'r = c.execute("SELECT * FROM agno_memories WHERE memory_id = ?", (sys.argv[2],)).fetchone()',
    'd = dict(r); d["memory"] = json.loads(d["memory"]); d["topics"] = json.loads(d["topics"]) if d["topics"] is not None else None',
    'print(json.dumps(d))',
  ].join('\n');
  return JSON.parse(execFileSync('python3', ['-c', script, file, memoryId], { encoding: 'utf8' })) as Record<string, unknown>;
}

describe('Given an Agno 2.9 SQLite file attached writable', () => {
  let file: string;
  let db: Database;
  const open = () => {
    file = copyOf(OBSERVABILITY);
    db = openDatabase({ id: 'obs', path: file, readOnly: false, clock: () => NOW_MS });
    return db.platformData();
  };
  afterEach(() => db?.close());

  it('When a memory is created, Then the row holds what Agno writes: the text and topics as one json.dumps each, no input, created_at = updated_at = now', async () => {
    const data = open();
    const row = await data.createMemory('m-new', { memory: 'Olivia flies to Montréal 🛫', topics: ['travel', 'plans'], userId: 'olivia' }, {});
    expect(row).toMatchObject({ memory_id: 'm-new', memory: 'Olivia flies to Montréal 🛫', topics: ['travel', 'plans'], user_id: 'olivia', input: null, agent_id: null, created_at: NOW, updated_at: NOW });
    expect(rawRow(file, 'SELECT * FROM agno_memories WHERE memory_id = ?', 'm-new')).toEqual({
      memory_id: 'm-new',
      memory: '"Olivia flies to Montr\\u00e9al \\ud83d\\udeeb"',
      input: null,
      agent_id: null,
      team_id: null,
      user_id: 'olivia',
      topics: '["travel", "plans"]',
      feedback: null,
      created_at: NOW,
      updated_at: NOW,
    });
    if (hasPython()) {
      expect(readAsAgno(file, 'm-new')).toMatchObject({ memory: 'Olivia flies to Montréal 🛫', topics: ['travel', 'plans'], user_id: 'olivia', created_at: NOW, updated_at: NOW });
    }
    expect((await data.getMemory('m-new', { scope: AccessScope.user('olivia') }))?.memory).toBe('Olivia flies to Montréal 🛫');
  });

  it('When a memory is updated, Then text and topics are replaced, input/agent/team/feedback cleared as Agno\'s upsert does, owner and created_at kept', async () => {
    const data = open();
    const before = rawRow(file, 'SELECT * FROM agno_memories WHERE memory_id = ?', OLIVIA_MEMORY)!;
    expect(before['agent_id']).toBe('travel-concierge-abff');
    const update = await data.updateMemory(OLIVIA_MEMORY, { memory: 'Olivia moved the trip', topics: [], userId: 'someone-else' }, {});
    expect(update.kind).toBe('written');
    expect(rawRow(file, 'SELECT * FROM agno_memories WHERE memory_id = ?', OLIVIA_MEMORY)).toEqual({
      ...before,
      memory: '"Olivia moved the trip"',
      topics: '[]',
      input: null,
      agent_id: null,
      team_id: null,
      feedback: null,
      updated_at: NOW,
    });
  });

  it('When another user updates or deletes a memory, Then nothing changes (not found for the update, nothing deleted)', async () => {
    const data = open();
    const before = rawRow(file, 'SELECT * FROM agno_memories WHERE memory_id = ?', OLIVIA_MEMORY);
    expect(await data.updateMemory(OLIVIA_MEMORY, { memory: 'x', topics: [], userId: 'frank' }, { scope: AccessScope.user('frank') })).toEqual({ kind: 'not-found' });
    expect(await data.updateMemory(OLIVIA_MEMORY, { memory: 'x', topics: [], userId: 'frank' }, { scope: AccessScope.none() })).toEqual({ kind: 'not-found' });
    expect(await data.deleteMemories([OLIVIA_MEMORY], { scope: AccessScope.user('frank') })).toBe(0);
    expect(rawRow(file, 'SELECT * FROM agno_memories WHERE memory_id = ?', OLIVIA_MEMORY)).toEqual(before);
    expect(await data.deleteMemories([OLIVIA_MEMORY, 'missing'], { scope: AccessScope.user('olivia') })).toBe(1);
    expect(rawRow(file, 'SELECT * FROM agno_memories WHERE memory_id = ?', OLIVIA_MEMORY)).toBeUndefined();
  });

  it('When a memory id that does not exist is updated by an unscoped caller, Then it is created under that id (Agno\'s upsert)', async () => {
    const data = open();
    const update = await data.updateMemory('fresh-id', { memory: 'new', topics: ['a'], userId: 'ada' }, {});
    expect(update).toMatchObject({ kind: 'written', row: { memory_id: 'fresh-id', user_id: 'ada', created_at: NOW, updated_at: NOW } });
  });

  it('When an eval run is renamed and runs are deleted, Then name and updated_at change and the runs go', async () => {
    const data = open();
    const id = '7e5828c7-a8cc-4dae-ba99-27176934407a';
    const before = rawRow(file, 'SELECT * FROM agno_eval_runs WHERE run_id = ?', id)!;
    const renamed = await data.renameEvalRun(id, 'Renamed run', { scope: AccessScope.user('whoever') });
    expect(renamed).toMatchObject({ run_id: id, name: 'Renamed run', updated_at: NOW });
    expect(rawRow(file, 'SELECT * FROM agno_eval_runs WHERE run_id = ?', id)).toEqual({ ...before, name: 'Renamed run', updated_at: NOW });
    expect(await data.renameEvalRun('missing', 'x', {})).toBeNull();
    expect(await data.deleteEvalRuns([id, 'missing'], {})).toBe(1);
    expect(rawRow(file, 'SELECT * FROM agno_eval_runs WHERE run_id = ?', id)).toBeUndefined();
  });

  it('When a table holds two rows under one memory id, Then the update is a 409 and neither row changes', async () => {
    file = copyOf(OBSERVABILITY);
    const raw = new BetterSqlite3(file);
    raw.exec('CREATE TABLE dup_memories (memory_id VARCHAR, memory JSON, input VARCHAR, agent_id VARCHAR, team_id VARCHAR, user_id VARCHAR, topics JSON, feedback VARCHAR, created_at BIGINT, updated_at BIGINT)');
    raw.exec(`INSERT INTO dup_memories VALUES ('d', '"one"', NULL, NULL, NULL, 'ada', '[]', NULL, 1, 1), ('d', '"two"', NULL, NULL, NULL, 'ada', '[]', NULL, 1, 1)`);
    raw.close();
    db = openDatabase({ id: 'obs', path: file, readOnly: false, clock: () => NOW_MS });
    await expect(db.platformData().updateMemory('d', { memory: 'x', topics: [], userId: 'ada' }, { table: 'dup_memories' })).rejects.toMatchObject({ code: 'CONFLICT' });
    const check = new BetterSqlite3(file, { readonly: true });
    expect(check.prepare("SELECT memory FROM dup_memories WHERE memory_id = 'd' ORDER BY rowid").all()).toEqual([{ memory: '"one"' }, { memory: '"two"' }]);
    check.close();
  });
});

describe('Given an Agno file attached read-only', () => {
  it('When any platform write is made, Then it is refused as read-only and the file is untouched', async () => {
    const db = openDatabase({ id: 'obs', path: OBSERVABILITY, readOnly: true });
    try {
      const data = db.platformData();
      const before = fs.statSync(OBSERVABILITY).mtimeMs;
      await expect(data.createMemory('x', { memory: 'm', topics: [], userId: 'u' }, {})).rejects.toMatchObject({ code: 'READ_ONLY_DATABASE' });
      await expect(data.updateMemory(OLIVIA_MEMORY, { memory: 'm', topics: [], userId: 'u' }, {})).rejects.toMatchObject({ code: 'READ_ONLY_DATABASE' });
      await expect(data.deleteMemories([OLIVIA_MEMORY], {})).rejects.toMatchObject({ code: 'READ_ONLY_DATABASE' });
      await expect(data.renameEvalRun('x', 'n', {})).rejects.toMatchObject({ code: 'READ_ONLY_DATABASE' });
      await expect(data.deleteEvalRuns(['x'], {})).rejects.toMatchObject({ code: 'READ_ONLY_DATABASE' });
      expect(fs.statSync(OBSERVABILITY).mtimeMs).toBe(before);
    } finally {
      db.close();
    }
  });
});

describe('Given an Agno 3 SQLite file attached writable', () => {
  it('When a memory is created and read back, Then it is in agno_memories in the same encoding', async () => {
    const file = copyOf(AGNO3);
    const db = openDatabase({ id: 'a3', path: file, readOnly: false, clock: () => NOW_MS });
    try {
      await db.platformData().createMemory('m3', { memory: 'likes tea', topics: ['food'], userId: 'u3' }, {});
      expect(rawRow(file, 'SELECT memory, topics, user_id, created_at FROM agno_memories WHERE memory_id = ?', 'm3')).toEqual({ memory: '"likes tea"', topics: '["food"]', user_id: 'u3', created_at: NOW });
      expect((await db.platformData().listMemories({ page: 1, limit: 50, sortBy: 'updated_at', sortOrder: 'desc', scope: AccessScope.user('u3') })).rows.map((r) => r.memory_id)).toEqual(['m3']);
    } finally {
      db.close();
    }
  });
});

describe("Given rundesk's own database, which has no memory table", () => {
  it("When a memory is created, Then Agno's memory table is created as Agno creates it and the memory reads back", async () => {
    const file = path.join(dirs.make(), 'rundesk.db');
    const db = openDefaultDatabase(file);
    try {
      await db.platformData().createMemory('m1', { memory: 'first', topics: [], userId: 'ada' }, {});
      expect(await db.platformData().tables()).toMatchObject({ memory: ['agno_memories'] });
      const expected = rawRow(OBSERVABILITY, "SELECT sql FROM sqlite_master WHERE name = 'agno_memories'");
      expect(rawRow(file, "SELECT sql FROM sqlite_master WHERE name = 'agno_memories'")).toEqual(expected);
      expect((await db.platformData().getMemory('m1', {}))?.memory).toBe('first');
    } finally {
      db.close();
    }
  });
});

const bin = findPostgresBin();
if (!bin) {
  describe('platform writes over PostgreSQL', () => {
    it.skip('SKIPPED: no PostgreSQL binaries (initdb, pg_ctl) found; install postgresql or set PG_BIN', () => {});
  });
} else {
  describe("Given the same tables in PostgreSQL, in Agno PostgresDb's layout", () => {
    let cluster: PostgresCluster;
    let db: Database;
    beforeAll(async () => {
      cluster = await startPostgresCluster(bin);
      await buildAgnoPostgres(cluster.url, [], { schema: 'ai' });
      await copyPlatformTablesToPostgres(OBSERVABILITY, cluster.url, 'ai');
      db = openPostgresDatabase({ id: 'pg', url: cluster.url, schema: 'ai', readOnly: false, clock: () => NOW_MS });
    }, 60_000);
    afterAll(() => {
      db?.close();
      cluster?.stop();
    });

    it('When memories are created, updated and deleted, Then each reads back as written and scopes hold', async () => {
      const data = db.platformData();
      const created = await data.createMemory('pg-m', { memory: 'Montréal', topics: ['travel'], userId: 'olivia' }, {});
      expect(created).toMatchObject({ memory_id: 'pg-m', memory: 'Montréal', topics: ['travel'], user_id: 'olivia', created_at: NOW, updated_at: NOW });
      expect(await data.updateMemory('pg-m', { memory: 'x', topics: [], userId: 'frank' }, { scope: AccessScope.user('frank') })).toEqual({ kind: 'not-found' });
      const updated = await data.updateMemory(OLIVIA_MEMORY, { memory: 'changed', topics: ['t'], userId: 'olivia' }, { scope: AccessScope.user('olivia') });
      expect(updated).toMatchObject({ kind: 'written', row: { memory: 'changed', topics: ['t'], agent_id: null, input: null, user_id: 'olivia', updated_at: NOW } });
      expect(await data.deleteMemories(['pg-m', OLIVIA_MEMORY], { scope: AccessScope.user('frank') })).toBe(0);
      expect(await data.deleteMemories(['pg-m', OLIVIA_MEMORY], { scope: AccessScope.user('olivia') })).toBe(2);
      expect(await data.getMemory('pg-m', {})).toBeNull();
    });

    it("When daily metrics are written, Then the progress reads Agno 2's resume point and an existing day is updated in place", async () => {
      const data = db.platformData();
      const progress = await data.metricsProgress({ ownedIfCreated: false });
      expect(progress).toMatchObject({ exists: true, owned: false, latestCompleted: '2026-04-05', newest: { date: '2026-04-05', completed: true } });
      const before = (await data.listMetrics({ startingDate: '2026-04-05' })).rows[0];
      const record = {
        date: '2026-04-05',
        userId: '',
        agent_runs_count: 1,
        team_runs_count: 0,
        workflow_runs_count: 0,
        agent_sessions_count: 1,
        team_sessions_count: 0,
        workflow_sessions_count: 0,
        users_count: 1,
        token_metrics: { input_tokens: 3 },
        model_metrics: [{ model_id: 'm', model_provider: 'p', count: 1 }],
        completed: false,
      };
      const [updated, added] = await data.writeDailyMetrics([record, { ...record, date: '2026-04-06' }], { ownedIfCreated: false });
      expect(updated).toMatchObject({ id: before?.id, date: '2026-04-05', agent_runs_count: 1, completed: false, created_at: before?.created_at, updated_at: NOW, token_metrics: { input_tokens: 3 } });
      expect(added).toMatchObject({ date: '2026-04-06', aggregation_period: 'daily', created_at: NOW, completed: false });
      expect(await data.metricsProgress({ ownedIfCreated: false })).toMatchObject({ latestCompleted: '2026-04-04', earliestIncomplete: '2026-04-05', newest: { date: '2026-04-06', completed: false } });
    });

    it('When an eval run is renamed and deleted, Then the row changes as on SQLite', async () => {
      const data = db.platformData();
      const id = '7e5828c7-a8cc-4dae-ba99-27176934407a';
      expect(await data.renameEvalRun(id, 'PG name', {})).toMatchObject({ run_id: id, name: 'PG name', updated_at: NOW });
      expect(await data.deleteEvalRuns([id], {})).toBe(1);
      expect(await data.getEvalRun(id, {})).toBeNull();
    });
  });
}
