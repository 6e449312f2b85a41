#!/usr/bin/env node
/**
 * Records what the platform (AgentOS 2.9) answers to the trace routes over
 * `test/fixtures/agno/agno-observability.db`, into `traces.json` beside this file. Not run by
 * tests: they replay the recorded requests against rundesk and compare (test/compat/traces.test.ts).
 *
 * Usage (a platform on loopback over a copy of that file, one without and one with user isolation):
 *   PLATFORM=http://127.0.0.1:18841 PLATFORM_ISOLATED=http://127.0.0.1:18842 \
 *   TOKEN_ADMIN=… TOKEN_TRACES=… TOKEN_SESSIONS=… node test/compat/recordings/record-traces.mjs
 * TOKEN_ADMIN holds the platform's admin scope (`agent_os:admin`), TOKEN_TRACES `traces:read`
 * with `sub` = grace, TOKEN_SESSIONS only `sessions:read`.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const bases = { open: process.env.PLATFORM, isolated: process.env.PLATFORM_ISOLATED };
const tokens = { admin: process.env.TOKEN_ADMIN, traces: process.env.TOKEN_TRACES, sessions: process.env.TOKEN_SESSIONS };

const TRACE_IDS = [
  '0eb9c260233844d9b362bc0f557dcab1', '1f3608826c586f7129ff83de49be870a', 'ae962927740efb3be78d791c22cc95da',
  '16952a34b401ec93accbb1c73cf79a1f', '21b99f1e9f0ed531f299be4ad5546f9b', 'f901e8bdb62fad501991e9f3fa564f8c',
  '8346bacd49bf4f64593b9f23418e82d9', '855c7a94275fa9fa82eb34f5bcc08747', '0d96d617548468f54d24862d950ae64b',
  '17123733a224f6a6537d622127530c70', 'df9dd4cc398d2002e4f1b945b8042b22', 'f98af3d401726206adb3e525f3d0d95e',
  '728282abe46ecebe0bc2c8ce34f9f934', 'b917174598b6d5d11fad9cadb541dd27', '759eaeb203e8ae0109819d59a43684d8',
  '81eb8a3c4c3e6718564629e73c570e77', '591625a25c86b223d45adfcd2e181af5', '326a6b84b0b101b9b855c42e06dd3253',
  '7f14682f94e370f08ec1dc99fc96a424',
];
const GRACE_ERROR_TRACE = '7f14682f94e370f08ec1dc99fc96a424';
const FRANK_TRACE = '0eb9c260233844d9b362bc0f557dcab1';

const get = (path, query = {}, extra = {}) => ({ method: 'GET', path, query, ...extra });
const search = (body, extra = {}) => ({ method: 'POST', path: '/traces/search', query: {}, body, ...extra });
const eq = (key, value) => ({ op: 'EQ', key, value });

const cases = [
  // GET /traces
  get('/traces'),
  get('/traces', { limit: '3' }),
  get('/traces', { limit: '3', page: '2' }),
  get('/traces', { limit: '3', page: '7' }),
  get('/traces', { limit: '5', page: '100' }),
  get('/traces', { page: '0', limit: '4' }),
  get('/traces', { limit: '1000' }),
  get('/traces', { run_id: '51626f66-075e-4e10-a931-5b220383f1f0' }),
  get('/traces', { session_id: 'bc0d28b7-4605-4a6a-bbf2-3a99f4bab97a' }),
  get('/traces', { session_id: 'bc0d28b7-4605-4a6a-bbf2-3a99f4bab97a', limit: '2', page: '2' }),
  get('/traces', { user_id: 'grace' }),
  get('/traces', { user_id: 'nobody' }),
  get('/traces', { agent_id: 'travel-concierge-abff' }),
  get('/traces', { team_id: 'support-team-abff' }),
  get('/traces', { workflow_id: 'market-briefing-abff' }),
  get('/traces', { status: 'ERROR' }),
  get('/traces', { status: 'OK', limit: '5' }),
  get('/traces', { status: 'ok' }),
  get('/traces', { start_time: '2026-04-05T00:00:00Z' }),
  get('/traces', { end_time: '2026-04-04T12:00:00Z' }),
  get('/traces', { start_time: '2026-04-04T10:00:00+05:30', end_time: '2026-04-04T23:00:00+02:00' }),
  get('/traces', { start_time: '2026-04-05' }),
  get('/traces', { start_time: '2026-04-04T10:18:22.081293+00:00' }),
  get('/traces', { user_id: 'olivia', agent_id: 'travel-concierge-abff', status: 'OK', limit: '2' }),
  get('/traces', { start_time: 'yesterday' }),
  get('/traces', { end_time: '2026-13-01T00:00:00Z' }),
  get('/traces', { limit: '0' }),
  get('/traces', { page: '-1' }),
  get('/traces', { limit: 'ten' }),
  get('/traces', { db_id: 'agno-observability', limit: '2' }),
  get('/traces', { db_id: 'missing-db' }),
  get('/traces', {}, { auth: 'sessions' }),
  get('/traces', {}, { auth: 'none' }),
  get('/traces', {}, { auth: 'traces' }),
  // GET /traces/{trace_id}
  ...TRACE_IDS.map((id) => get(`/traces/${id}`)),
  get('/traces/ffffffffffffffffffffffffffffffff'),
  get(`/traces/${FRANK_TRACE}`, { span_id: '74064d968e993a0c' }),
  get(`/traces/${FRANK_TRACE}`, { span_id: 'e6ce8ca64e47d528' }),
  get('/traces/1f3608826c586f7129ff83de49be870a', { span_id: '5f69d26ae4dba3fc' }),
  get('/traces/8346bacd49bf4f64593b9f23418e82d9', { span_id: '4c5b6578a1c6cbc5' }),
  get('/traces/8346bacd49bf4f64593b9f23418e82d9', { span_id: '9b94982902393efb' }),
  get('/traces/7f14682f94e370f08ec1dc99fc96a424', { span_id: 'cd6a315987d51e81' }),
  get('/traces/326a6b84b0b101b9b855c42e06dd3253', { span_id: '77e56fd515250ea6' }),
  get(`/traces/${FRANK_TRACE}`, { span_id: '5f69d26ae4dba3fc' }),
  get(`/traces/${FRANK_TRACE}`, { span_id: 'no-such-span' }),
  get('/traces/ffffffffffffffffffffffffffffffff', { span_id: '74064d968e993a0c' }),
  get(`/traces/${FRANK_TRACE}`, { run_id: '51626f66-075e-4e10-a931-5b220383f1f0' }),
  get(`/traces/${FRANK_TRACE}`, {}, { auth: 'sessions' }),
  // GET /traces/filter-schema
  get('/traces/filter-schema'),
  get('/traces/filter-schema', {}, { auth: 'traces' }),
  // GET /trace_session_stats
  get('/trace_session_stats'),
  get('/trace_session_stats', { limit: '3' }),
  get('/trace_session_stats', { limit: '3', page: '3' }),
  get('/trace_session_stats', { limit: '3', page: '50' }),
  get('/trace_session_stats', { user_id: 'olivia' }),
  get('/trace_session_stats', { agent_id: 'finance-analyst-abff' }),
  get('/trace_session_stats', { team_id: 'support-team-abff' }),
  get('/trace_session_stats', { workflow_id: 'market-briefing-abff' }),
  get('/trace_session_stats', { start_time: '2026-04-05T00:00:00Z' }),
  get('/trace_session_stats', { end_time: '2026-04-04T12:00:00+00:00' }),
  get('/trace_session_stats', { start_time: 'not-a-time' }),
  get('/trace_session_stats', { page: '0' }),
  get('/trace_session_stats', { limit: '0' }),
  get('/trace_session_stats', {}, { auth: 'sessions' }),
  // POST /traces/search
  search({}),
  search({ filter: null, group_by: 'run', page: 1, limit: 3 }),
  search({ filter: eq('status', 'ERROR') }),
  search({ filter: { op: 'NEQ', key: 'status', value: 'OK' }, limit: 2 }),
  search({ filter: { op: 'GT', key: 'duration_ms', value: 30000 } }),
  search({ filter: { op: 'GTE', key: 'duration_ms', value: 24592.986702919 } }),
  search({ filter: { op: 'LT', key: 'start_time', value: '2026-04-04T12:00:00+02:00' } }),
  search({ filter: { op: 'LTE', key: 'created_at', value: '2026-04-04T10:18:25.183147Z' } }),
  search({ filter: { op: 'CONTAINS', key: 'name', value: 'CONCIERGE' }, limit: 2 }),
  search({ filter: { op: 'CONTAINS', key: 'agent_id', value: '%' } }),
  search({ filter: { op: 'CONTAINS', key: 'agent_id', value: '_' }, limit: 1 }),
  search({ filter: { op: 'STARTSWITH', key: 'trace_id', value: '8' } }),
  search({ filter: { op: 'IN', key: 'user_id', values: ['grace', 'zoe'] } }),
  search({ filter: { op: 'IN', key: 'user_id', values: [] } }),
  search({ filter: { op: 'AND', conditions: [eq('status', 'OK'), { op: 'CONTAINS', key: 'user_id', value: 'o' }] }, limit: 4 }),
  search({ filter: { op: 'OR', conditions: [eq('team_id', 'research-team-abff'), eq('workflow_id', 'content-pipeline-abff')] } }),
  search({ filter: { op: 'NOT', condition: { op: 'IN', key: 'status', values: ['OK'] } } }),
  search({ filter: { op: 'NOT', condition: eq('user_id', 'olivia') }, limit: 3, page: 2 }),
  search({ filter: eq('user_id', null) }),
  search({ filter: eq('session_id', 'bc0d28b7-4605-4a6a-bbf2-3a99f4bab97a'), group_by: 'session' }),
  search({ group_by: 'session', limit: 4, page: 2 }),
  search({ filter: { op: 'CONTAINS', key: 'agent_id', value: 'a' }, group_by: 'session' }),
  search({ filter: eq('colour', 'red') }),
  search({ filter: { op: 'LIKE', key: 'name', value: 'x' } }),
  search({ filter: { key: 'name', value: 'x' } }),
  search({ filter: { op: 'EQ', key: 'name' } }),
  search({ filter: { op: 'IN', key: 'name', value: 'x' } }),
  search({ filter: { op: 'AND', conditions: [] } }),
  search({ filter: { op: 'NOT' } }),
  search({ filter: nest(12) }),
  search({ filter: 'status = OK' }),
  search({ group_by: 'agent' }),
  search({ limit: 101 }),
  search({ limit: 0 }),
  search({ page: 0 }),
  search({ page: 'two' }),
  search({}, { auth: 'sessions' }),
  // user isolation (platform started with user_isolation on; the token's sub is grace)
  get('/traces', {}, { peer: 'isolated', auth: 'traces' }),
  get('/traces', { user_id: 'olivia' }, { peer: 'isolated', auth: 'traces' }),
  get(`/traces/${GRACE_ERROR_TRACE}`, {}, { peer: 'isolated', auth: 'traces' }),
  get(`/traces/${FRANK_TRACE}`, {}, { peer: 'isolated', auth: 'traces' }),
  get(`/traces/${FRANK_TRACE}`, { span_id: '74064d968e993a0c' }, { peer: 'isolated', auth: 'traces' }),
  get('/trace_session_stats', {}, { peer: 'isolated', auth: 'traces' }),
  get('/trace_session_stats', { user_id: 'olivia' }, { peer: 'isolated', auth: 'traces' }),
  search({ filter: eq('status', 'ERROR') }, { peer: 'isolated', auth: 'traces' }),
  search({ group_by: 'session' }, { peer: 'isolated', auth: 'traces' }),
  get('/traces', { user_id: 'olivia', limit: '2' }, { peer: 'isolated', auth: 'admin' }),
];

function nest(depth) {
  let filter = eq('status', 'OK');
  for (let i = 0; i < depth; i++) filter = { op: 'NOT', condition: filter };
  return filter;
}

const recorded = [];
for (const c of cases) {
  const peer = c.peer ?? 'open';
  const auth = c.auth ?? 'admin';
  const url = new URL(c.path, bases[peer]);
  for (const [k, v] of Object.entries(c.query)) url.searchParams.set(k, v);
  const headers = { accept: 'application/json' };
  if (auth !== 'none') headers.authorization = `Bearer ${tokens[auth]}`;
  if (c.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, { method: c.method, headers, body: c.body === undefined ? undefined : JSON.stringify(c.body) });
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  recorded.push({ peer, auth, method: c.method, path: c.path, query: c.query, ...(c.body !== undefined ? { body: c.body } : {}), status: res.status, answer: body });
}
const out = join(here, 'traces.json');
writeFileSync(out, `${JSON.stringify({ platform: 'AgentOS 2.9.0 (agno 9644f22)', database: 'test/fixtures/agno/agno-observability.db', db_id: 'agno-observability', cases: recorded }, null, 1)}\n`);
console.log(`${recorded.length} answers → ${out}`);
