import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgnoDb } from '../../server/testing/agno-builder.js';
import { buildAgnoPostgres } from '../../server/testing/postgres-builder.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from '../../server/testing/postgres-cluster.js';
import { startTestServer, type TestServer } from '../../server/testing/server-harness.js';

/**
 * Linearizability of session writes, per store kind, over HTTP against a real server: several
 * clients send random PATCH / rename / ingest / delete requests for one session at once; the
 * answers and the final session must be those of SOME serial order of the requests that keeps
 * each client's own order. Lost updates (a write merged into a stale copy of the row) have no
 * such order. Run ids are the session's own (an Agno 3 runs table keys runs by id across
 * sessions). The search is exhaustive (at most 3 clients × 3 requests: 1,680 orders), so the
 * verdict does not depend on timing; numRuns is small to keep each store to a few seconds.
 */

type Op =
  | { kind: 'name'; v: number }
  | { kind: 'state'; v: number }
  | { kind: 'meta'; v: number }
  | { kind: 'rename'; v: number }
  | { kind: 'ingest'; run: number; v: number }
  | { kind: 'delete' };

interface Model {
  name: string | null;
  state: unknown;
  meta: unknown;
  /** run_id → content, in stored order. */
  runs: Array<[string, string]>;
}

interface Answer {
  status: number;
  sessionCreated?: boolean;
}

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('name' as const), v: fc.nat(9) }),
  fc.record({ kind: fc.constant('state' as const), v: fc.nat(9) }),
  fc.record({ kind: fc.constant('meta' as const), v: fc.nat(9) }),
  fc.record({ kind: fc.constant('rename' as const), v: fc.nat(9) }),
  fc.record({ kind: fc.constant('ingest' as const), run: fc.nat(2), v: fc.nat(9) }),
  fc.constant({ kind: 'delete' as const }),
);

const scenarioArb = fc.record({
  exists: fc.boolean(),
  clients: fc.array(fc.array(opArb, { minLength: 1, maxLength: 3 }), { minLength: 2, maxLength: 3 }),
});

/** The model after `op`, or `undefined` when `op` cannot have answered `answer` in state `s`. */
function step(s: Model | null, op: Op, answer: Answer): Model | null | undefined {
  switch (op.kind) {
    case 'name':
    case 'state':
    case 'meta':
    case 'rename': {
      // A patch answers with a read made after its write: a 404 may also be a write that a
      // delete then removed before the read, so a 404 is either outcome.
      if (answer.status === 404) return s === null ? null : undefined;
      if (answer.status !== 200 || s === null) return undefined;
      if (op.kind === 'name' || op.kind === 'rename') return { ...s, name: `${op.kind}-${op.v}` };
      if (op.kind === 'state') return { ...s, state: { v: op.v } };
      return { ...s, meta: { v: op.v } };
    }
    case 'ingest': {
      const id = `run-${op.run}`;
      const base: Model = s ?? { name: null, state: null, meta: null, runs: [] };
      const created = !base.runs.some(([r]) => r === id);
      if (answer.status !== (created ? 201 : 200) || answer.sessionCreated !== (s === null)) return undefined;
      const runs = created ? [...base.runs, [id, `c${op.v}`] as [string, string]] : base.runs.map(([r, c]): [string, string] => [r, r === id ? `c${op.v}` : c]);
      return { ...base, runs };
    }
    case 'delete':
      return answer.status === 204 ? null : undefined;
  }
}

/** Whether some interleaving keeping each client's order explains every answer and ends in `final`. */
function linearizable(start: Model | null, clients: Op[][], answers: Answer[][], final: Model | null): boolean {
  const done = clients.map(() => 0);
  const matches = (s: Model | null) => JSON.stringify(s) === JSON.stringify(final);
  const search = (s: Model | null): boolean => {
    if (done.every((n, i) => n === (clients[i] as Op[]).length)) return matches(s);
    for (let c = 0; c < clients.length; c++) {
      const i = done[c] as number;
      const ops = clients[c] as Op[];
      if (i === ops.length) continue;
      const op = ops[i] as Op;
      const answer = (answers[c] as Answer[])[i] as Answer;
      // A 404 patch is tried both ways: as a no-op on a missing session, and applied then deleted.
      const outcomes: Array<Model | null> = [];
      const next = step(s, op, answer);
      if (next !== undefined) outcomes.push(next);
      if (op.kind !== 'ingest' && op.kind !== 'delete' && answer.status === 404 && s !== null) {
        const applied = step(s, op, { status: 200 });
        if (applied !== undefined) outcomes.push(applied);
      }
      for (const outcome of outcomes) {
        done[c] = i + 1;
        if (search(outcome)) return true;
        done[c] = i;
      }
    }
    return false;
  };
  return search(start);
}

function describeStore(kind: string, start: () => Promise<{ t: TestServer; query: string; close(): Promise<void> }>): void {
  describe(`Given ${kind}`, () => {
    let t: TestServer;
    let query: string;
    let close: () => Promise<void>;
    let admin: string;
    let n = 0;
    beforeAll(async () => {
      ({ t, query, close } = await start());
      admin = await t.token({ sub: 'root', scopes: ['platform:admin'] });
    }, 60_000);
    afterAll(async () => close?.());

    const send = async (method: string, p: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> | null }> => {
      const res = await fetch(`${t.baseUrl}${p}${p.includes('?') ? '&' : '?'}${query}`, {
        method,
        headers: { authorization: `Bearer ${admin}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
    };

    const perform = async (id: string, op: Op): Promise<Answer> => {
      switch (op.kind) {
        case 'name':
          return { status: (await send('PATCH', `/sessions/${id}`, { session_name: `name-${op.v}` })).status };
        case 'state':
          return { status: (await send('PATCH', `/sessions/${id}`, { session_state: { v: op.v } })).status };
        case 'meta':
          return { status: (await send('PATCH', `/sessions/${id}`, { metadata: { v: op.v } })).status };
        case 'rename':
          return { status: (await send('POST', `/sessions/${id}/rename`, { session_name: `rename-${op.v}` })).status };
        case 'ingest': {
          const res = await send('POST', `/sessions/${id}/runs?type=agent`, { run_id: `${id}-run-${op.run}`, agent_id: 'lin', status: 'COMPLETED', created_at: 1_771_086_857, content: `c${op.v}` });
          return { status: res.status, sessionCreated: res.body?.['session_created'] as boolean | undefined };
        }
        case 'delete':
          return { status: (await send('DELETE', `/sessions/${id}`)).status };
      }
    };

    const readModel = async (id: string): Promise<Model | null> => {
      const detail = await send('GET', `/sessions/${id}`);
      if (detail.status === 404) return null;
      expect(detail.status).toBe(200);
      const data = (detail.body?.['session_data'] ?? null) as Record<string, unknown> | null;
      const runs = await send('GET', `/sessions/${id}/runs`);
      return {
        name: (data?.['session_name'] as string | undefined) ?? null,
        state: data?.['session_state'] ?? null,
        meta: detail.body?.['metadata'] ?? null,
        runs: ((runs.body ?? []) as unknown as Array<{ run_id: string; content: string }>).map((r) => [r.run_id.slice(id.length + 1), r.content]),
      };
    };

    it('When clients send PATCH, rename, ingest and delete at once, Then the outcome is that of some serial order', async () => {
      await fc.assert(
        fc.asyncProperty(scenarioArb, async ({ exists, clients }) => {
          const id = `lin-${process.pid}-${++n}`;
          if (exists) expect((await send('POST', '/sessions?type=agent', { session_id: id })).status).toBe(201);
          const startModel: Model | null = exists ? { name: null, state: null, meta: null, runs: [] } : null;
          const answers = await Promise.all(
            clients.map(async (ops) => {
              const out: Answer[] = [];
              for (const op of ops) out.push(await perform(id, op));
              return out;
            }),
          );
          const final = await readModel(id);
          expect(linearizable(startModel, clients, answers, final), JSON.stringify({ clients, answers, final })).toBe(true);
        }),
        { numRuns: 25 },
      );
    }, 60_000);
  });
}

describeStore("rundesk's own database", async () => {
  const t = await startTestServer();
  return { t, query: 'db_id=default', close: () => t.stop() };
});

for (const layout of ['2.x', '3.x'] as const) {
  describeStore(`a writable attached Agno ${layout[0]} SQLite file`, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-lin-'));
    const file = path.join(dir, 'agno.db');
    buildAgnoDb(file, [], { layout });
    const t = await startTestServer({ databases: [{ id: 'agno', path: file, read_only: false }] });
    return {
      t,
      query: 'db_id=agno',
      close: async () => {
        await t.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  });
}

const bin = findPostgresBin();
if (bin) {
  for (const layout of ['2.x', '3.x'] as const) {
    describeStore(`a writable PostgreSQL table in the Agno ${layout[0]} layout`, async () => {
      const cluster: PostgresCluster = await startPostgresCluster(bin);
      await buildAgnoPostgres(cluster.url, [], { schema: 'ai', layout });
      const t = await startTestServer({ databases: [{ id: 'pg', url: cluster.url, schema: 'ai', read_only: false }] });
      return {
        t,
        query: 'db_id=pg',
        close: async () => {
          await t.stop();
          cluster.stop();
        },
      };
    });
  }
} else {
  describe('Given a writable PostgreSQL table', () => {
    it.skip('SKIPPED: no PostgreSQL binaries (initdb, pg_ctl) found; install postgresql or set PG_BIN', () => {});
  });
}
