#!/usr/bin/env node
/**
 * Records what a server answers to every session listing, session, run list and run GET of one
 * Agno 3 file, into a JSON array of `{ path, status, body }` (the `*.answers.json` files of
 * test/fixtures/agno3, replayed by test/compat/agno3-recorded.test.ts). Not run by tests.
 *
 * Point it at Agno 3's AgentOS (reference platform built with AGNO_REF=v3.0.0a3, `peer.py --db
 * FILE --copy`) to record; point it at rundesk over the same file (attached read-only as the
 * default database) to get rundesk's answers to the same paths for a raw comparison
 * (`compare-agno3.mjs`). The paths are discovered from the server named by DISCOVER (default:
 * BASE), so both recordings hold the same paths in the same order.
 *
 *   BASE=http://127.0.0.1:18901 TOKEN=… OUT=test/fixtures/agno3/agno3-real.answers.json \
 *     node test/compat/recordings/record-agno3.mjs
 *
 * TOKEN needs the platform's admin scope (`agent_os:admin`) or `sessions:read`.
 */
import { writeFileSync } from 'node:fs';

const base = required('BASE');
const discover = process.env.DISCOVER ?? base;
const token = required('TOKEN');
const out = required('OUT');

function required(name) {
  const value = process.env[name];
  if (!value) throw new Error(`set ${name}`);
  return value;
}

async function get(from, path) {
  const res = await fetch(from + path, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { path, status: res.status, body };
}

const TYPES = ['agent', 'team', 'workflow'];
const SORT_COLUMNS = ['created_at', 'updated_at', 'session_id', 'session_type', 'user_id', 'agent_id', 'team_id', 'workflow_id'];

const all = (await get(discover, '/sessions?limit=100')).body.data;
const total = all.length;
const users = [...new Set(all.map((s) => s.user_id).filter(Boolean))].sort();
const components = [...new Set(all.flatMap((s) => [s.agent_id, s.team_id, s.workflow_id]).filter(Boolean))].sort();

const paths = [
  '/sessions',
  '/sessions?limit=100',
  ...TYPES.map((t) => `/sessions?type=${t}`),
  // Every page at a few page sizes, and one page past the end.
  ...[1, 2, 3, 5].flatMap((limit) =>
    Array.from({ length: Math.ceil(total / limit) + 1 }, (_, i) => `/sessions?limit=${limit}&page=${i + 1}`),
  ),
  ...TYPES.flatMap((t) => [1, 2].flatMap((limit) => [1, 2, 3].map((page) => `/sessions?type=${t}&limit=${limit}&page=${page}`))),
  // Every sort column both ways, with and without a type.
  ...SORT_COLUMNS.flatMap((c) => ['asc', 'desc'].map((o) => `/sessions?sort_by=${c}&sort_order=${o}`)),
  ...TYPES.flatMap((t) => ['asc', 'desc'].map((o) => `/sessions?type=${t}&sort_by=updated_at&sort_order=${o}`)),
  '/sessions?sort_order=asc',
  '/sessions?sort_by=updated_at',
  '/sessions?sort_by=created_at&sort_order=asc&limit=2&page=2',
  ...users.map((u) => `/sessions?user_id=${encodeURIComponent(u)}`),
  '/sessions?user_id=nobody',
  ...components.map((c) => `/sessions?component_id=${encodeURIComponent(c)}`),
  ...TYPES.flatMap((t) => components.slice(0, 3).map((c) => `/sessions?type=${t}&component_id=${encodeURIComponent(c)}`)),
  ...users.slice(0, 1).flatMap((u) => TYPES.map((t) => `/sessions?type=${t}&user_id=${encodeURIComponent(u)}`)),
  '/sessions/nope',
  '/sessions/nope/runs',
  '/sessions/nope/runs/nope',
];

for (const s of all) {
  const id = encodeURIComponent(s.session_id);
  const type = s.session_type;
  paths.push(`/sessions/${id}`, `/sessions/${id}?type=${type}`, `/sessions/${id}/runs`, `/sessions/${id}/runs?type=${type}`);
  const runs = (await get(discover, `/sessions/${id}/runs?type=${type}`)).body;
  // Runs carry `created_at` as ISO text; the filters take epoch seconds.
  const times = [...new Set(runs.map((r) => Date.parse(r.created_at) / 1000))].sort((a, b) => a - b);
  if (times.length > 0) {
    const mid = times[Math.floor(times.length / 2)];
    paths.push(
      `/sessions/${id}/runs?type=${type}&created_after=${mid}`,
      `/sessions/${id}/runs?type=${type}&created_before=${mid}`,
      `/sessions/${id}/runs?created_after=${times[0]}&created_before=${times[times.length - 1]}`,
      `/sessions/${id}/runs?created_after=${times[times.length - 1] + 1}`,
    );
  }
  paths.push(`/sessions/${id}/runs/nope`, `/sessions/${id}/runs/nope?type=${type}`);
  for (const r of runs) {
    const run = encodeURIComponent(r.run_id);
    paths.push(`/sessions/${id}/runs/${run}`, `/sessions/${id}/runs/${run}?type=${type}`);
  }
}

const answers = [];
for (const path of paths) answers.push(await get(base, path));
writeFileSync(out, JSON.stringify(answers, null, 1) + '\n');
console.log(`${answers.length} answers from ${base} into ${out}`);
