import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { TestServer } from '../../server/testing/server-harness.js';
import { FilterSchemaResponseSchema, TraceDetailPageSchema, TraceDetailSchema, TraceNodeSchema, TraceSessionStatsPageSchema, TraceSummaryPageSchema } from '../../server/api/traces/schemas.js';

/**
 * The platform's answers to the trace routes, recorded from AgentOS 2.9 over
 * `test/fixtures/agno/agno-observability.db` (recordings/record-traces.mjs says how), and how to
 * replay one against rundesk: every 200 must be the same JSON (but `search_time_ms`) and parse
 * with the model the platform's client uses, every refusal the same status — except the
 * documented decisions in `decidedStatus`.
 */

export interface RecordedCase {
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
export const recorded = JSON.parse(fs.readFileSync(path.join(here, 'recordings', 'traces.json'), 'utf8')) as { db_id: string; cases: RecordedCase[] };
export const TRACES_FIXTURE = path.join(here, '..', 'fixtures', 'agno', 'agno-observability.db');

/**
 * Where rundesk answers otherwise on purpose (docs/api.md, "AgentOS compatibility"): bad input is a
 * clear 400 where the platform answers 500 (an unparsable time: its 400 is caught and re-raised
 * as a 500) or an empty page (a filter its database layer cannot use: the failure is swallowed).
 */
export function decidedStatus(c: RecordedCase): number | null {
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

export function title(c: RecordedCase): string {
  const query = new URLSearchParams(c.query).toString();
  const body = c.body === undefined ? '' : ` ${JSON.stringify(c.body)}`;
  return `${c.peer === 'isolated' ? '[isolation] ' : ''}${c.method} ${c.path}${query ? `?${query}` : ''}${body} as ${c.auth}`.slice(0, 220);
}

/** The three tokens a recorded case may use, signed for `t`. */
export async function recordingTokens(t: TestServer): Promise<Record<string, string>> {
  return {
    admin: await t.token({ sub: 'admin-user', scopes: ['agent_os:admin'] }),
    traces: await t.token({ sub: 'grace', scopes: ['traces:read'] }),
    sessions: await t.token({ sub: 'grace', scopes: ['sessions:read'] }),
  };
}

/** Sends the recorded request to `t` and checks the answer against the recording. */
export async function replayRecordedCase(t: TestServer, tokens: Record<string, string>, c: RecordedCase): Promise<void> {
  const url = new URL(c.path, t.baseUrl);
  for (const [k, v] of Object.entries(c.query)) url.searchParams.set(k, v);
  const headers: Record<string, string> = {};
  if (c.auth !== 'none') headers.authorization = `Bearer ${tokens[c.auth] ?? ''}`;
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
}
