import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { EvalRunPageSchema, EvalSchema } from '../../server/api/evals/schemas.js';
import { ContentPageSchema, ContentResponseSchema } from '../../server/api/knowledge/schemas.js';
import { MemoryPageSchema, MemoryTopicsSchema, UserMemorySchema, UserStatsPageSchema } from '../../server/api/memories/schemas.js';
import { MetricsResponseSchema } from '../../server/api/metrics/schemas.js';
import { ModelListSchema } from '../../server/api/platform/schemas.js';
import { copyPlatformTablesToPostgres } from '../../server/testing/postgres-platform-builder.js';
import { buildAgnoPostgres } from '../../server/testing/postgres-builder.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../../server/testing/postgres-cluster.js';
import { startTestServer, type TestServer } from '../../server/testing/server-harness.js';

/**
 * The platform's answers, recorded from AgentOS 2.9 over `agno-observability.db` (its memories,
 * eval runs, daily metrics and knowledge contents, written by Agno itself) and kept in
 * `test/fixtures/agno/agentos-2.9/`, replayed against rundesk over the same file attached
 * read-only — and over the same content in PostgreSQL. Each answer must equal the platform's
 * (JSON key order aside; memory topics as a set: AgentOS answers them in hash order), every 200
 * must parse with the platform's response model, and each refusal must have the platform's
 * status. `AgentOSClient`'s own request forms (`list_memories`, `get_memory`,
 * `get_memory_topics`, `get_user_memory_stats`, `list_eval_runs`, `get_eval_run`,
 * `get_metrics`, `list_knowledge_content`) are among them or replayed below.
 */

const FIXTURES = path.join(import.meta.dirname, '../fixtures/agno');
const DB_FILE = path.join(FIXTURES, 'agno-observability.db');
const DB_ID = 'agno-observability';

interface Recorded {
  method: string;
  path: string;
  status: number;
  answer: unknown;
}

function recorded(group: string): Recorded[] {
  const file = path.join(FIXTURES, 'agentos-2.9', `${group}.json`);
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { answers: Recorded[] }).answers;
}

/** Recorded requests rundesk answers differently by decision (docs/api.md, "AgentOS compatibility"). */
const DECIDED: Record<string, string> = {
  'GET /knowledge/content/e4076403-1927-4cf7-9340-dd5fc65738e7':
    'rundesk answers the stored size ("284113"); AgentOS\'s single-content route loses it and answers "0" (its listing has it)',
  'GET /knowledge/content?sort_by=name&sort_order=asc':
    'rundesk sorts by the column; AgentOS multiplies it by ±1, which leaves a text column in stored order on SQLite (and fails on PostgreSQL)',
};

/** The response model a 200 of this path must parse with. */
function modelOf(p: string): z.ZodType {
  const route = p.split('?')[0] as string;
  if (route === '/memories') return MemoryPageSchema;
  if (route.startsWith('/memories/')) return UserMemorySchema;
  if (route === '/memory_topics') return MemoryTopicsSchema;
  if (route === '/user_memory_stats') return UserStatsPageSchema;
  if (route === '/eval-runs') return EvalRunPageSchema;
  if (route.startsWith('/eval-runs/')) return EvalSchema;
  if (route === '/metrics') return MetricsResponseSchema;
  if (route === '/knowledge/content') return ContentPageSchema;
  if (route.startsWith('/knowledge/content/')) return ContentResponseSchema;
  throw new Error(`no model for ${p}`);
}

function comparable(p: string, answer: unknown): unknown {
  return p.startsWith('/memory_topics') && Array.isArray(answer) ? [...(answer as string[])].sort() : answer;
}

/** The exact query strings `AgentOSClient` sends (its defaults filled in), and the recorded request answering the same. */
const CLIENT_REQUESTS: Array<[string, string]> = [
  ['/memories?limit=20&page=1&sort_by=updated_at&sort_order=desc', '/memories'],
  ['/memories?limit=20&page=1&sort_by=updated_at&sort_order=desc&user_id=olivia', '/memories?user_id=olivia'],
  ['/memories?limit=20&page=1&sort_by=updated_at&sort_order=desc&topics=travel&topics=budget', '/memories?topics=travel&topics=budget'],
  ['/memories/638d7963-62b0-4b31-99fd-59d4c365a84b', '/memories/638d7963-62b0-4b31-99fd-59d4c365a84b'],
  ['/memory_topics?user_id=olivia', '/memory_topics?user_id=olivia'],
  ['/user_memory_stats?limit=20&page=1', '/user_memory_stats'],
  ['/eval-runs?limit=20&page=1&sort_by=created_at&sort_order=desc', '/eval-runs'],
  ['/eval-runs?limit=20&page=1&sort_by=created_at&sort_order=desc&type=team', '/eval-runs?type=team'],
  ['/eval-runs?limit=20&page=1&sort_by=created_at&sort_order=desc&eval_types=accuracy%2Creliability', '/eval-runs?eval_types=accuracy,reliability'],
  ['/eval-runs/7e5828c7-a8cc-4dae-ba99-27176934407a', '/eval-runs/7e5828c7-a8cc-4dae-ba99-27176934407a'],
  ['/metrics?starting_date=2026-04-04&ending_date=2026-04-05', '/metrics?starting_date=2026-04-04&ending_date=2026-04-05'],
  ['/knowledge/content?limit=20&page=1&sort_by=created_at&sort_order=desc', '/knowledge/content'],
];

const GROUPS = ['memories', 'evals', 'metrics', 'knowledge'] as const;

/** Where PostgreSQL may order rows otherwise: AgentOS sorts on one column with no tie-break, so equal values come back in engine order. */
const TIES_IN_ENGINE_ORDER = new Set(['GET /memories?sort_by=user_id&sort_order=desc&limit=50']);

function describeReplay(store: string, start: () => Promise<TestServer>, postgres = false): void {
  describe(`Given AgentOS's recorded answers and the same data in ${store}`, () => {
    let t: TestServer;
    let admin: string;
    beforeAll(async () => {
      t = await start();
      admin = await t.token({ sub: 'admin-user', scopes: ['platform:admin'] });
    }, 60_000);
    afterAll(async () => t?.stop());

    for (const group of GROUPS) {
      for (const r of recorded(group)) {
        const key = `${r.method} ${r.path}`;
        if (DECIDED[key] || (postgres && TIES_IN_ENGINE_ORDER.has(key))) continue;
        it(`When a client sends ${key}, Then rundesk answers ${r.status} as the platform`, async () => {
          const res = await t.get(r.path, admin);
          const body = await res.json();
          expect({ status: res.status, body: r.status === 200 ? body : undefined }).toEqual({
            status: r.status,
            body: r.status === 200 ? expect.anything() : undefined,
          });
          if (r.status !== 200) return;
          expect(comparable(r.path, body)).toEqual(comparable(r.path, r.answer));
          expect(modelOf(r.path).safeParse(body).success).toBe(true);
          expect(modelOf(r.path).safeParse(r.answer).success).toBe(true);
        });
      }
    }

    it('When AgentOSClient sends its own query strings, Then each answer equals the recorded one', async () => {
      const byPath = new Map(GROUPS.flatMap((g) => recorded(g)).map((r) => [r.path, r.answer]));
      for (const [sent, same] of CLIENT_REQUESTS) {
        const res = await t.get(sent, admin);
        expect(res.status, sent).toBe(200);
        expect(comparable(sent, await res.json()), sent).toEqual(comparable(same, byPath.get(same)));
      }
    });

    it('When RemoteDb.from_config reads /config, Then each domain lists the database with the table the platform lists first', async () => {
      const platform = recorded('config')[0]!.answer as Record<string, { dbs: Array<{ db_id: string; tables?: string[] }> }>;
      const ours = await (await t.get('/config', admin)).json();
      for (const domain of ['session', 'memory', 'evals', 'metrics', 'knowledge']) {
        const firstTable = (config: typeof platform) => config[domain]?.dbs.find((d) => d.db_id === DB_ID)?.tables?.[0];
        expect(firstTable(ours), domain).toBe(firstTable(platform));
      }
      // Traces list the database without tables, as the platform does.
      const traceDb = (config: typeof platform) => config.traces?.dbs.find((d) => d.db_id === DB_ID);
      expect(traceDb(platform)).toBeDefined();
      expect(traceDb(ours)).toMatchObject({ db_id: DB_ID, tables: null });
    });

    it('When AgentOSClient.get_models reads /models, Then each model of the stored agents and teams is listed once as {id, provider}', async () => {
      const res = await t.get('/models', admin);
      expect(res.status).toBe(200);
      const models = (await res.json()) as Array<{ id?: string; provider?: string }>;
      expect(ModelListSchema.safeParse(models).success).toBe(true);
      // The PostgreSQL copy holds the platform tables only, no sessions to take models from.
      if (!postgres) expect(models).toEqual(expect.arrayContaining([{ id: 'gpt-4o', provider: 'OpenAI' }, { id: 'claude-sonnet-4-5-20250929', provider: 'Anthropic' }]));
      const keys = models.map((m) => `${m.id}/${m.provider}`);
      expect(new Set(keys).size).toBe(keys.length);
      const narrow = await t.token({ sub: 'u2', scopes: ['models:read'] });
      const refused = await t.get('/models', narrow);
      expect(refused.status).toBe(403);
      expect((await refused.json()).detail).toContain('config:read');
    });

    it('When sessions are deleted in bulk from the read-only store, Then it is a 409 and nothing goes', async () => {
      const res = await fetch(`${t.baseUrl}/sessions?db_id=${DB_ID}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ session_ids: ['bc0d28b7-4605-4a6a-bbf2-3a99f4bab97a'], session_types: ['agent'] }),
      });
      expect(res.status).toBe(409);
    });

    it('When the caller lacks the domain\'s scope, Then each route answers 403 naming the scope the platform names', async () => {
      const narrow = await t.token({ sub: 'u2', scopes: ['sessions:read'] });
      const expected: Array<[string, string]> = [
        ['/memories', 'memories:read'],
        ['/memories/x', 'memories:read'],
        ['/memory_topics', 'memories:read'],
        ['/user_memory_stats', 'memories:read'],
        ['/eval-runs', 'evals:read'],
        ['/eval-runs/x', 'evals:read'],
        ['/metrics', 'metrics:read'],
        ['/knowledge/content', 'knowledge:read'],
        ['/knowledge/content/x', 'knowledge:read'],
      ];
      for (const [p, scope] of expected) {
        const res = await t.get(p, narrow);
        expect(res.status, p).toBe(403);
        expect((await res.json()).detail, p).toContain(scope);
      }
    });
  });
}

describeReplay('the attached Agno SQLite file', () =>
  startTestServer({ auth: { authorization: true }, databases: [{ id: DB_ID, path: DB_FILE, read_only: true }] }),
);

const bin = findPostgresBin();
if (bin) {
  let cluster: PostgresCluster | undefined;
  describeReplay('PostgreSQL (Agno PostgresDb layout)', async () => {
    cluster = await startPostgresCluster(bin);
    await buildAgnoPostgres(cluster.url, [], { schema: 'ai' });
    await copyPlatformTablesToPostgres(DB_FILE, cluster.url, 'ai');
    // The PostgreSQL database holds no session, so it answers requests without db_id only when pinned.
    const t = await startTestServer({
      auth: { authorization: true },
      default_database: DB_ID,
      databases: [{ id: DB_ID, url: cluster.url, schema: 'ai', read_only: true }],
    });
    return { ...t, stop: async () => { await t.stop(); cluster?.stop(); } };
  }, true);
}
