import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing/server-harness.js';
import { TraceDetailSchema, TraceNodeSchema, TraceSessionStatsPageSchema, TraceSummaryPageSchema, TraceDetailPageSchema, FilterSchemaResponseSchema } from '../../server/traces/schemas.js';

/**
 * The platform's answers to the trace routes, recorded from AgentOS 2.9 over
 * `test/fixtures/agno/agno-observability.db` (recordings/record-traces.mjs says how), replayed
 * against rundesk over the same file: every 200 must be the same JSON (but `search_time_ms`),
 * every refusal the same status — except the documented decisions below.
 */

interface RecordedCase {
  peer: 'open' | 'isolated';
  auth: 'admin' | 'traces' | 'sessions' | 'none';
  method: 'GET' | 'POST';
  path: string;
  query: Record<string, string>;
  body?: unknown;
  status: number;
  answer: unknown;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const recorded = JSON.parse(fs.readFileSync(path.join(here, 'recordings', 'traces.json'), 'utf8')) as { db_id: string; cases: RecordedCase[] };
const FIXTURE = path.join(here, '..', 'fixtures', 'agno', 'agno-observability.db');

/**
 * Where rundesk answers otherwise on purpose (README, "AgentOS compatibility"): bad input is a
 * clear 400 where the platform answers 500 (an unparsable time: its 400 is caught and re-raised
 * as a 500) or an empty page (a filter its database layer cannot use: the failure is swallowed).
 */
function decidedStatus(c: RecordedCase): number | null {
  if (c.status === 500 && /start_time|end_time/.test(JSON.stringify(c.query))) return 400;
  const filter = (c.body as { filter?: { op?: string; key?: string; value?: unknown; conditions?: unknown[] } } | undefined)?.filter;
  if (c.status === 200 && filter) {
    if (filter.key === 'colour') return 400;
    if (filter.op === 'AND' && Array.isArray(filter.conditions) && filter.conditions.length === 0) return 400;
    if (filter.op === 'EQ' && filter.value === null) return 400;
  }
  return null;
}

function withoutSearchTime(body: unknown): unknown {
  if (body && typeof body === 'object' && 'meta' in body) {
    const { meta, ...rest } = body as { meta: Record<string, unknown> };
    const { search_time_ms: _ignored, ...kept } = meta;
    return { ...rest, meta: kept };
  }
  return body;
}

/** The response model the platform's client parses each answer with (AgentOSClient). */
function modelOf(c: RecordedCase) {
  if (c.path === '/traces') return TraceSummaryPageSchema;
  if (c.path === '/trace_session_stats') return TraceSessionStatsPageSchema;
  if (c.path === '/traces/filter-schema') return FilterSchemaResponseSchema;
  if (c.path === '/traces/search') return (c.body as { group_by?: string }).group_by === 'session' ? TraceSessionStatsPageSchema : TraceDetailPageSchema;
  return c.query.span_id ? TraceNodeSchema : TraceDetailSchema;
}

function title(c: RecordedCase): string {
  const query = new URLSearchParams(c.query).toString();
  const body = c.body === undefined ? '' : ` ${JSON.stringify(c.body)}`;
  return `${c.peer === 'isolated' ? '[isolation] ' : ''}${c.method} ${c.path}${query ? `?${query}` : ''}${body} as ${c.auth}`.slice(0, 220);
}

describe('Given the platform’s recorded answers to the trace routes over agno-observability.db', () => {
  const servers: Partial<Record<RecordedCase['peer'], TestServer>> = {};
  const tokens: Partial<Record<RecordedCase['peer'], Record<string, string>>> = {};
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-traces-compat-'));
    const file = path.join(dir, 'agno-observability.db');
    fs.copyFileSync(FIXTURE, file);
    for (const peer of ['open', 'isolated'] as const) {
      const t = await startTestServer({
        databases: [{ id: recorded.db_id, path: file, read_only: true }],
        auth: { admin_scope: 'agent_os:admin', authorization: true, user_isolation: peer === 'isolated' },
      });
      servers[peer] = t;
      tokens[peer] = {
        admin: await t.token({ sub: 'admin-user', scopes: ['agent_os:admin'] }),
        traces: await t.token({ sub: 'grace', scopes: ['traces:read'] }),
        sessions: await t.token({ sub: 'grace', scopes: ['sessions:read'] }),
      };
    }
  });
  afterAll(async () => {
    for (const t of Object.values(servers)) await t?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(recorded.cases.map((c) => [title(c), c] as const))('%s', async (_title, c) => {
    const t = servers[c.peer] as TestServer;
    const url = new URL(c.path, t.baseUrl);
    for (const [k, v] of Object.entries(c.query)) url.searchParams.set(k, v);
    const headers: Record<string, string> = {};
    if (c.auth !== 'none') headers.authorization = `Bearer ${tokens[c.peer]?.[c.auth] ?? ''}`;
    if (c.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url, { method: c.method, headers, body: c.body === undefined ? undefined : JSON.stringify(c.body) });
    const body: unknown = await res.json();
    const expectedStatus = decidedStatus(c) ?? c.status;
    expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(expectedStatus);
    if (expectedStatus !== 200) {
      expect(body).toMatchObject({ detail: expect.any(String), error_code: expect.any(String) });
      return;
    }
    expect(withoutSearchTime(body)).toEqual(withoutSearchTime(c.answer));
    expect(modelOf(c).safeParse(body).success).toBe(true);
    if (body && typeof body === 'object' && 'meta' in body) expect((body as { meta: { search_time_ms: unknown } }).meta.search_time_ms).toEqual(expect.any(Number));
  });
});
