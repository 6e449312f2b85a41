import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, openDefaultDatabase } from '../../server/db/index.js';
import { openPostgresDatabase } from '../../server/db/postgres/database.js';
import type { Database } from '../../server/db/types.js';
import type { PlatformDataReader } from '../../server/db/platform-data/types.js';
import { copyPlatformTablesToPostgres } from '../../server/testing/postgres-platform-builder.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../../server/testing/postgres-cluster.js';
import { buildAgnoPostgres } from '../../server/testing/postgres-builder.js';
import { AccessScope } from '../../server/access/scope.js';

/**
 * The platform-data reader over every store: the Agno file written by Agno itself (attached
 * read-only, as the platform left it), the same content in PostgreSQL, and rundesk's own
 * database, which holds no such table and reads as empty (as Agno reads a missing table).
 */

const FIXTURE = path.join(import.meta.dirname, '../fixtures/agno/agno-observability.db');
const page = { page: 1, limit: 50 };
const memories = { ...page, sortBy: 'memory_id', sortOrder: 'asc' as const };
const evals = { ...page, sortBy: 'run_id', sortOrder: 'asc' as const };

/** The reads compared across stores, each a label and a call. */
const READS: Array<[string, (r: PlatformDataReader) => Promise<unknown>]> = [
  ['tables', (r) => r.tables()],
  ['all memories', (r) => r.listMemories(memories)],
  ['memories of a user, second page', (r) => r.listMemories({ ...memories, scope: AccessScope.user('olivia'), page: 2, limit: 3 })],
  ['memories of an agent', (r) => r.listMemories({ ...memories, agentId: 'travel-concierge-abff' })],
  ['memories of a team', (r) => r.listMemories({ ...memories, teamId: 'research-team-abff' })],
  ['memories with two topics', (r) => r.listMemories({ ...memories, topics: ['travel', 'budget'] })],
  ['memories containing a word, any case', (r) => r.listMemories({ ...memories, search: 'PREFER' })],
  ['memories containing a literal %', (r) => r.listMemories({ ...memories, search: '%' })],
  ['memories containing a word with an accent (stored as a JSON escape)', (r) => r.listMemories({ ...memories, search: 'Montréal' })],
  ['memories containing that word without its accent, in capitals', (r) => r.listMemories({ ...memories, search: 'MONTREAL' })],
  ['memories newest first', (r) => r.listMemories({ ...page, sortBy: 'updated_at', sortOrder: 'desc' })],
  ['one memory', (r) => r.getMemory('638d7963-62b0-4b31-99fd-59d4c365a84b', {})],
  ['one memory of another user', (r) => r.getMemory('638d7963-62b0-4b31-99fd-59d4c365a84b', { scope: AccessScope.user('frank') })],
  ['topics of a user', async (r) => (await r.memoryTopics({ scope: AccessScope.user('olivia') })).sort()],
  ['all topics', async (r) => (await r.memoryTopics({})).sort()],
  ['user stats', (r) => r.userMemoryStats({ page: 1, limit: 3 })],
  ['eval runs', (r) => r.listEvalRuns(evals)],
  ['eval runs of agents, by type', (r) => r.listEvalRuns({ ...evals, componentKind: 'agent', evalTypes: ['accuracy', 'reliability'] })],
  ['eval runs of a model', (r) => r.listEvalRuns({ ...evals, modelId: 'gpt-4o' })],
  ['eval runs of a team', (r) => r.listEvalRuns({ ...evals, teamId: 'support-team-abff' })],
  ['one eval run', (r) => r.getEvalRun('7e5828c7-a8cc-4dae-ba99-27176934407a', {})],
  ['metrics', (r) => r.listMetrics({})],
  ['metrics from a day', (r) => r.listMetrics({ startingDate: '2026-04-05' })],
  ['metrics up to a day', (r) => r.listMetrics({ endingDate: '2026-04-04' })],
  ['metrics of an empty range', (r) => r.listMetrics({ startingDate: '2030-01-01' })],
  ['knowledge', (r) => r.listKnowledge({ ...page, sortBy: 'created_at', sortOrder: 'desc' })],
  ['knowledge of a base', (r) => r.listKnowledge({ ...page, sortBy: 'created_at', sortOrder: 'asc', linkedTo: 'Acme Docs' })],
  ['one knowledge content', (r) => r.getKnowledge('e4076403-1927-4cf7-9340-dd5fc65738e7', {})],
];

function attachedFixture(): Database {
  return openDatabase({ id: 'obs', path: FIXTURE, readOnly: true });
}

describe('Given the Agno file with memories, eval runs, metrics and knowledge attached read-only', () => {
  let db: Database;
  let reader: PlatformDataReader;
  beforeAll(() => {
    db = attachedFixture();
    reader = db.platformData();
  });
  afterAll(() => db.close());

  it('When its tables are listed, Then each domain names Agno\'s table', async () => {
    expect(await reader.tables()).toEqual({
      memory: ['agno_memories'],
      evals: ['agno_eval_runs'],
      metrics: ['agno_metrics'],
      knowledge: ['agno_knowledge'],
    });
  });

  it('When memories are listed with filters, Then the count is of every match and the page is the window', async () => {
    const all = await reader.listMemories(memories);
    expect(all.total).toBe(16);
    const olivia = await reader.listMemories({ ...memories, scope: AccessScope.user('olivia'), limit: 3, page: 2 });
    expect(olivia.total).toBe(4);
    expect(olivia.rows.map((m) => m.user_id)).toEqual(['olivia']);
    const both = await reader.listMemories({ ...memories, topics: ['travel', 'budget'] });
    for (const m of both.rows) expect(m.topics).toEqual(expect.arrayContaining(['travel', 'budget']));
    expect((await reader.listMemories({ ...memories, search: '%' })).total).toBe(0);
  });

  it('When memories are searched for a word with an accent, Then the decoded text is searched, any case, any accents (the file holds "Montr\\u00e9al")', async () => {
    for (const search of ['Montréal', 'montreal', 'MONTRÉAL', 'montr', 'trip to montreal']) {
      const found = await reader.listMemories({ ...memories, search });
      expect(found.rows.map((m) => m.memory_id), search).toEqual(['638d7963-62b0-4b31-99fd-59d4c365a84b']);
    }
    // The JSON escape itself is not text the user wrote.
    expect((await reader.listMemories({ ...memories, search: 'u00e9' })).total).toBe(0);
  });

  it('When a table is named that holds no such domain, Then it is a 404 naming it', async () => {
    await expect(reader.listMemories({ ...memories, table: 'agno_sessions' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Table agno_sessions not found in database obs' });
  });

  it('When metrics are read, Then they are the stored rows (nothing is recalculated or written)', async () => {
    const before = fs.statSync(FIXTURE).mtimeMs;
    const answer = await reader.listMetrics({});
    expect(answer.rows.map((r) => r.date)).toEqual(['2026-04-04', '2026-04-05']);
    expect(answer.latestUpdatedAt).toBe(1775476800);
    expect(fs.statSync(FIXTURE).mtimeMs).toBe(before);
  });
});

describe('Given rundesk\'s own database, which holds none of these tables', () => {
  it('When any of them is read, Then it answers empty, as Agno reads a missing table', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-pd-'));
    const db = openDefaultDatabase(path.join(dir, 'rundesk.db'));
    try {
      const r = db.platformData();
      expect(await r.tables()).toEqual({ memory: [], evals: [], metrics: [], knowledge: [] });
      expect(await r.listMemories(memories)).toEqual({ rows: [], total: 0 });
      expect(await r.getMemory('x', {})).toBeNull();
      expect(await r.memoryTopics({})).toEqual([]);
      expect(await r.listEvalRuns(evals)).toEqual({ rows: [], total: 0 });
      expect(await r.listMetrics({})).toEqual({ rows: [], owned: false, latestUpdatedAt: null });
      expect(await r.listKnowledge({ ...page, sortBy: 'created_at', sortOrder: 'desc' })).toEqual({ rows: [], total: 0 });
    } finally {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

const bin = findPostgresBin();
if (!bin) {
  describe('the platform-data reader over PostgreSQL', () => {
    it.skip('SKIPPED: no PostgreSQL binaries (initdb, pg_ctl) found; install postgresql or set PG_BIN', () => {});
  });
} else {
  describe('Given the same content in PostgreSQL, in Agno PostgresDb\'s layout', () => {
    let cluster: PostgresCluster;
    let sqlite: Database;
    let postgres: Database;
    beforeAll(async () => {
      cluster = await startPostgresCluster(bin);
      await buildAgnoPostgres(cluster.url, [], { schema: 'ai' });
      await copyPlatformTablesToPostgres(FIXTURE, cluster.url, 'ai');
      sqlite = attachedFixture();
      postgres = openPostgresDatabase({ id: 'team', url: cluster.url, schema: 'ai', readOnly: true });
    }, 60_000);
    afterAll(() => {
      sqlite?.close();
      postgres?.close();
      cluster?.stop();
    });

    for (const [label, read] of READS) {
      it(`When it reads ${label}, Then PostgreSQL answers what the SQLite file answers`, async () => {
        expect(await read(postgres.platformData())).toEqual(await read(sqlite.platformData()));
      });
    }
  });
}
