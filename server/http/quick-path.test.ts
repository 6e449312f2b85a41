import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server.js';
import { startTestServer, type TestServer } from '../testing/server-harness.js';
import { PLATFORM_ROUTES } from '../api/platform/platform-routes.js';

/**
 * The quick path must answer exactly as Express does, for every route that takes it. One data
 * folder, two servers: the usual one (quick path on) and one sending everything through Express;
 * every request below goes to both and the answers — status, headers in order, body — must be
 * identical.
 */

interface Answer {
  status: number;
  headers: string[];
  body: string;
}

function request(base: string, target: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method: init.method ?? 'GET', path: target, headers: { host: url.host, ...init.headers }, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => {
          const headers: string[] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const name = (res.rawHeaders[i] as string).toLowerCase();
            if (name === 'date' || name === 'keep-alive' || name === 'connection') continue;
            headers.push(`${name}: ${res.rawHeaders[i + 1] as string}`);
          }
          resolve({ status: res.statusCode ?? 0, headers, body });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

let t: TestServer;
let viaExpress: RunningServer;
let admin: string;
let reader: string;
let s1Only: string;
const outcomes: string[] = [];

beforeAll(async () => {
  const traces = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-quick-')), 'agno-observability.db');
  fs.copyFileSync(path.join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'agno', 'agno-observability.db'), traces);
  t = await startTestServer({ auth: { authorization: true }, default_database: 'default', databases: [{ id: 'obs', path: traces }] }, { onQuickPath: (o) => outcomes.push(o) });
  admin = await t.token({ sub: 'admin', scopes: ['platform:admin'] });
  reader = await t.token({ sub: 'ada', scopes: ['sessions:read'] });
  s1Only = await t.token({ sub: 'bob', scopes: ['sessions:s1:read'] });
  const run = (id: string, extra: Record<string, unknown> = {}) => ({ run_id: id, agent_id: 'a1', user_id: 'ada', content: `answer ${id}`, created_at: 1_771_086_857, ...extra });
  for (const [session, type, body] of [
    ['s1', 'agent', run('r1')],
    ['s1', 'agent', run('r 2')],
    ['s1', 'agent', run('r/3')],
    ['team-1', 'team', { ...run('t1'), team_id: 'tm' }],
    ['wf-1', 'workflow', { ...run('w1'), workflow_id: 'wf' }],
  ] as const) {
    expect((await t.post(`/sessions/${session}/runs?type=${type}`, body, admin)).status).toBeLessThan(300);
  }
  viaExpress = await startServer({ dataDir: path.join(t.dir, 'data'), port: 0, log: false, env: {}, quickPath: false });
});

afterAll(async () => {
  await viaExpress.stop();
  await t.stop();
});

async function same(target: string, init: { method?: string; headers?: Record<string, string> } = {}, token: string | null = admin): Promise<Answer> {
  const auth: Record<string, string> = token === null ? {} : { authorization: `Bearer ${token}` };
  const fix = (a: Answer, base: string) => {
    // The whole host: a bare port number may also occur in stored content (a trace holds ids with digits).
    const host = new URL(base).host;
    return { ...a, headers: a.headers.map((h) => h.replaceAll(host, 'HOST')), body: a.body.replaceAll(host, 'HOST') };
  };
  const fast = await request(t.baseUrl, target, { ...init, headers: { ...auth, ...init.headers } });
  const slow = await request(viaExpress.baseUrl, target, { ...init, headers: { ...auth, ...init.headers } });
  expect(fix(fast, t.baseUrl)).toEqual(fix(slow, viaExpress.baseUrl));
  return fast;
}

const TRACE = '/traces/7f14682f94e370f08ec1dc99fc96a424';

type Who = 'none' | 'garbage' | 'reader' | 's1Only';

/** Targets of each quick route: successes, failures, and callers the quick path decides itself. */
const QUICK_TARGETS: Record<string, { ok: string[]; failing: Array<[string, number]>; callers: Array<[string, Who, number]> }> = {
  get_session_run: {
    ok: ['/sessions/s1/runs/r1', '/sessions/s1/runs/r1?type=agent', '/sessions/s1/runs/r1?type=team', '/sessions/team-1/runs/t1', '/sessions/s1/runs/r%202', '/sessions/s1/runs/r%2F3', '/sessions/team-1/runs/t1?type=team', '/sessions/wf-1/runs/w1?type=workflow&db_id=', '/sessions/s1/runs/r1?db_id=default&user_id=ada', '/SESSIONS/s1/RUNS/r1'],
    failing: [
      ['/sessions/s1/runs/nope', 404],
      ['/sessions/nope/runs/r1', 404],
      ['/sessions/s1/runs/r1?type=bogus', 422],
      ['/sessions/s1/runs/r1?db_id=nope', 404],
      ['/sessions/s1/runs/r1?table=x', 400],
      ['/sessions/s1/runs/r1?user_id=bob', 404],
    ],
    callers: [
      ['/sessions/s1/runs/r1', 'none', 401],
      ['/sessions/s1/runs/r1', 'garbage', 401],
      ['/sessions/s1/runs/r1', 'reader', 200],
      ['/sessions/s1/runs/r1', 's1Only', 403], // per-session scopes grant nothing on the platform
      ['/sessions/team-1/runs/t1?type=team', 's1Only', 403],
    ],
  },
  get_session: {
    ok: ['/sessions/s1', '/sessions/s1?type=agent', '/sessions/team-1?type=team', '/sessions/wf-1'],
    failing: [
      ['/sessions/nope', 404],
      ['/sessions/s1?type=team', 404],
      ['/sessions/s1?type=bogus', 422],
      ['/sessions/s1?db_id=nope', 404],
    ],
    callers: [
      ['/sessions/s1', 'none', 401],
      ['/sessions/s1', 'reader', 200],
      ['/sessions/s1', 's1Only', 403],
      ['/sessions/team-1', 's1Only', 403],
    ],
  },
  get_session_runs: {
    ok: ['/sessions/s1/runs', '/sessions/s1/runs?created_after=1771086857', '/sessions/team-1/runs?type=team', '/sessions/team-1/runs', '/sessions/team-1/runs?type=agent', '/sessions/wf-1/runs?type=workflow'],
    failing: [
      ['/sessions/nope/runs', 404],
      ['/sessions/s1/runs?created_after=soon', 422],
      ['/sessions/s1/runs?table=x', 400],
    ],
    callers: [
      ['/sessions/s1/runs', 'garbage', 401],
      ['/sessions/s1/runs', 'reader', 200],
      ['/sessions/team-1/runs?type=team', 's1Only', 403],
    ],
  },
  get_trace: {
    ok: [`${TRACE}?db_id=obs`, `${TRACE}?db_id=obs&span_id=cd6a315987d51e81`, `${TRACE}?db_id=obs&run_id=x`],
    failing: [
      ['/traces/nope?db_id=obs', 404],
      [`${TRACE}?db_id=obs&span_id=nope`, 404],
      [`${TRACE}?db_id=obs&span_id=74064d968e993a0c`, 404],
      [`${TRACE}?db_id=nope`, 404],
    ],
    callers: [
      [`${TRACE}?db_id=obs`, 'none', 401],
      [`${TRACE}?db_id=obs`, 'reader', 403],
    ],
  },
};

describe('the quick path', () => {
  it('When a route is quick, then this test names its targets', () => {
    expect(PLATFORM_ROUTES.filter((r) => r.quick).map((r) => r.operationId).sort()).toEqual(Object.keys(QUICK_TARGETS).sort());
  });

  it('When a run is found, then the answer is byte for byte what Express sends', async () => {
    const a = await same('/sessions/s1/runs/r1');
    expect(a.status).toBe(200);
    expect(a.headers).toEqual([
      'vary: Origin',
      'x-content-type-options: nosniff',
      'referrer-policy: no-referrer',
      'x-frame-options: DENY',
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(a.body)}`,
    ]);
    expect(JSON.parse(a.body)).toMatchObject({ run_id: 'r1', content: 'answer r1' });
    expect(outcomes.at(-1)).toBe('answered');
  });

  it('When every quick route is asked plainly, then it answers as Express, successes and failures alike, deciding each once', async () => {
    for (const [op, { ok, failing, callers }] of Object.entries(QUICK_TARGETS)) {
      for (const target of ok) {
        expect((await same(target)).status, `${op} ${target}`).toBe(200);
        expect(outcomes.at(-1), target).toBe('answered');
      }
      for (const [target, status] of failing) {
        expect((await same(target)).status, `${op} ${target}`).toBe(status);
        // Decided here, once: nothing was handed to Express to authorize or look up again.
        expect(outcomes.at(-1), target).toBe('answered');
      }
      const tokens: Record<Who, string | null> = { none: null, garbage: 'not-a-token', reader, s1Only };
      for (const [target, who, status] of callers) {
        expect((await same(target, {}, tokens[who])).status, `${op} ${target} as ${who}`).toBe(status);
        expect(outcomes.at(-1)).toBe('answered');
      }
    }
  });

  it('When a request is not plain, then Express answers it: spellings, methods, CORS, conditionals, Host', async () => {
    const cases: Array<[string, { method?: string; headers?: Record<string, string> }, string | null, number]> = [
      ['/sessions/s1/runs/%ZZ', {}, admin, 400],
      ['/sessions/s1/runs/r1/', {}, admin, 200],
      ['/sessions/s1/', {}, admin, 200],
      ['/sessions/s1/runs/r1', { method: 'HEAD' }, admin, 200],
      ['/sessions/s1/runs/r1', { headers: { host: 'evil.example' } }, admin, 403],
      ['/sessions/s1/runs/r1', { headers: { origin: 'http://localhost:3000' } }, admin, 200],
      ['/sessions/s1/runs/r1', { headers: { origin: 'http://evil.example' } }, admin, 200],
      ['/sessions/s1/runs/r1', { headers: { 'if-none-match': '*' } }, admin, 304],
      ['/sessions/s1/runs', { headers: { 'if-modified-since': 'Wed, 21 Oct 2015 07:28:00 GMT' } }, admin, 200],
      ['/agents', {}, admin, 200],
      ['/traces/filter-schema', {}, admin, 200],
      [`${TRACE}/?db_id=obs`, {}, admin, 200],
    ];
    for (const [target, init, token, status] of cases) {
      const what = `${init.method ?? 'GET'} ${target} ${JSON.stringify(init.headers ?? {})}`;
      expect((await same(target, init, token)).status, what).toBe(status);
      expect(outcomes.at(-1), what).toBe('express');
    }
  });

  it('When the run is written again, by this server or another, then the next GET answers the new run', async () => {
    expect(JSON.parse((await same('/sessions/s1/runs/r1')).body).content).toBe('answer r1');
    expect((await t.post('/sessions/s1/runs', { run_id: 'r1', agent_id: 'a1', content: 'second' }, admin)).status).toBe(200);
    expect(JSON.parse((await same('/sessions/s1/runs/r1')).body).content).toBe('second');
    const other = await fetch(`${viaExpress.baseUrl}/sessions/s1/runs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ run_id: 'r1', agent_id: 'a1', content: 'third' }),
    });
    expect(other.status).toBe(200);
    expect(JSON.parse((await same('/sessions/s1/runs/r1')).body).content).toBe('third');
  });
});
