import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgnoDb } from '../../server/testing/agno-builder.js';
import { makeDemoSessions } from '../../server/testing/demo-sessions.js';
import { startTestServer, type TestServer } from '../../server/testing/server-harness.js';
import { agentRun, desk, errorBody } from './support.js';

/** One raw HTTP exchange, for requests fetch will not send (huge headers). */
function rawRequest(baseUrl: string, request: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.end(request));
    let out = '';
    socket.on('data', (d: Buffer) => (out += d.toString('utf8')));
    socket.on('end', () => resolve(out));
    socket.on('error', (err) => (out ? resolve(out) : reject(err)));
  });
}

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('Given hostile or malformed requests to a running server', () => {
  let t: TestServer;
  let admin: string;
  let dir: string;
  let agnoFile: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rundesk-badinput-'));
    agnoFile = path.join(dir, 'agno.db');
    buildAgnoDb(agnoFile, makeDemoSessions());
    t = await startTestServer({ databases: [{ id: 'scratch', path: agnoFile, read_only: false }] });
    admin = await t.token();
  });
  afterAll(async () => {
    await t?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('When a path parameter has malformed percent-encoding, then it is a JSON 400 that does not echo it', async () => {
    for (const route of ['/sessions/%ZZ', '/sessions/%E0%A4%A/runs', '/sessions/s/runs/%ZZ', '/agents/%', '/sessions/%ZZ?db_id=scratch']) {
      const res = await t.get(route, admin);
      expect(res.status, route).toBe(400);
      const body = await errorBody(res);
      expect(body.error_code, route).toBe('BAD_REQUEST');
      expect(body.detail).not.toMatch(/%ZZ|%E0|param/);
    }
  });

  it('When a body does not match its Content-Encoding, then it is a JSON 400; an unknown encoding is a 415', async () => {
    const post = (encoding: string, body: Buffer | string) =>
      fetch(`${t.baseUrl}/sessions/enc/runs?type=agent`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'content-encoding': encoding },
        body,
      });
    const garbage = await post('gzip', '{"run_id":"r1"}');
    expect(garbage.status).toBe(400);
    expect((await errorBody(garbage)).error_code).toBe('BAD_REQUEST');
    const unknown = await post('compress', '{"run_id":"r1"}');
    expect(unknown.status).toBe(415);
    expect((await errorBody(unknown)).error_code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await post('gzip', gzipSync(JSON.stringify(agentRun('gz'))))).status).toBe(201);
  });

  it('When JSON nests 10,000 levels deep, then it is a JSON 422 on the platform and on the desk; 100 levels are fine', async () => {
    const deep = await t.post('/sessions/deep/runs?type=agent', `{"run_id":"r1","metadata":{"x":${nested(10_000)}}}`, admin);
    expect(deep.status).toBe(422);
    const body = await errorBody(deep);
    expect(body.error_code).toBe('VALIDATION_ERROR');
    expect(body.detail).toBe('Request body nests deeper than 128 levels');
    const deskDeep = await desk(t, 'POST', '/desk/inspect', `{"token":${nested(10_000)}}`);
    expect(deskDeep.status).toBe(422);
    expect((await t.post('/sessions/deep/runs?type=agent', { ...agentRun('ok'), metadata: JSON.parse(nested(100)) }, admin)).status).toBe(201);
  });

  it('When a run-list filter comes in a bracket form (around[]=, parent_run_id[x]=), then it is a 422 naming it, not the whole list', async () => {
    await t.post('/sessions/brackets/runs?type=agent', agentRun('r1'), admin);
    for (const query of ['around[]=r1', 'parent_run_id[x]=r1', 'around[0]=r1&limit=5']) {
      const res = await t.get(`/sessions/brackets/runs?${query}`, admin);
      expect(res.status, query).toBe(422);
      const body = await errorBody(res);
      expect(body.error_code).toBe('VALIDATION_ERROR');
      expect(JSON.stringify(body), query).toMatch(/query\.(around|parent_run_id)/);
    }
    // An unknown name in a bracket form is ignored, as any unknown parameter is.
    expect((await t.get('/sessions/brackets/runs?whatever[]=1', admin)).status).toBe(200);
  });

  it('When the request headers exceed the limit, then the answer is a JSON 431', async () => {
    const big = 'x'.repeat(300 * 1024);
    const raw = await rawRequest(t.baseUrl, `GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${big}\r\n\r\n`);
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(raw).toMatch(/content-type: application\/json/i);
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as { error_code: string; detail: string };
    expect(body).toEqual({ detail: 'Request headers are larger than 256 KB', error_code: 'HEADERS_TOO_LARGE' });
    // A large token under the limit is still the auth layer's to judge.
    expect((await t.get('/sessions', `${admin}${'a'.repeat(20 * 1024)}`)).status).toBe(401);
  });

  it('When a desk request sends a body that is not JSON, then it is a 415 rather than an empty object', async () => {
    const form = new FormData();
    form.set('sub', 'x');
    for (const [type, body] of [
      ['text/plain', '{"sub":"x"}'],
      ['application/x-www-form-urlencoded', 'sub=x'],
      [undefined, form],
    ] as const) {
      const res = await fetch(`${t.baseUrl}/desk/tokens`, {
        method: 'POST',
        headers: { 'x-desk-token': t.server.deskToken, ...(type ? { 'content-type': type } : {}) },
        body,
      });
      expect(res.status, type ?? 'multipart').toBe(415);
      expect((await errorBody(res)).error_code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expect((await desk(t, 'POST', '/desk/tokens', {})).status).toBe(200);
  });

  for (const db of ['default', 'scratch']) {
    it(`When a run carries __proto__ and constructor keys (db ${db}), then they are stored and returned as data, and nothing is polluted`, async () => {
      const sessionId = `proto-${db}`;
      const text =
        '{"run_id":"p1","agent_id":"a","status":"COMPLETED","created_at":1771086857,"content":"x",' +
        '"__proto__":{"top":1},"constructor":{"prototype":{"polluted":true}},' +
        '"session_state":{"__proto__":{"polluted":true},"constructor":"c","ok":1},' +
        '"messages":[{"role":"user","content":"hi","__proto__":{"m":1}}]}';
      const res = await t.post(`/sessions/${sessionId}/runs?type=agent&db_id=${db}`, text, admin);
      expect(res.status).toBe(201);
      const got = await t.get(`/sessions/${sessionId}/runs/p1?type=agent&db_id=${db}`, admin);
      expect(got.status).toBe(200);
      const raw = await got.text();
      expect(raw).toContain('"session_state":{"__proto__":{"polluted":true},"constructor":"c","ok":1}');
      expect(raw).toContain('"messages":[{"role":"user","content":"hi","__proto__":{"m":1}');
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();

      // Stored as sent: the run's own top-level keys are in the row too.
      const file = db === 'default' ? path.join(t.dir, 'data', 'rundesk.db') : agnoFile;
      const conn = new Database(file, { readonly: true });
      try {
        const table = db === 'default' ? 'runs' : 'agno_sessions';
        const column = db === 'default' ? 'run' : 'runs';
        const key = db === 'default' ? 'session_id' : 'session_id';
        const row = conn.prepare(`SELECT ${column} AS v FROM ${table} WHERE ${key} = ?`).get(sessionId) as { v: string };
        expect(row.v).toMatch(/__proto__\\?"\s*:\s*\{\\?"top\\?"\s*:\s*1\}/);
        expect(row.v).toContain('polluted');
      } finally {
        conn.close();
      }
    });
  }

  it('When an unknown /desk path is asked with the desk token, then it is a 404', async () => {
    for (const [method, p] of [
      ['GET', '/desk/nope'],
      ['POST', '/desk/keys/x/y/z'],
      ['DELETE', '/desk'],
    ] as const) {
      const res = await desk(t, method, p, method === 'POST' ? {} : undefined);
      expect(res.status, `${method} ${p}`).toBe(404);
      expect((await errorBody(res)).error_code).toBe('NOT_FOUND');
    }
  });

  it('When a foreign JSON file is imported as a key, then the error does not echo its values', async () => {
    const foreign = path.join(dir, 'foreign.json');
    fs.writeFileSync(foreign, JSON.stringify({ keys: [{ kty: 'SECRET-VALUE-1', alg: 'SECRET-VALUE-2' }, { kty: 'RSA', n: 'SECRET-VALUE-3', 'SECRET-NAME-4': 1 }, { kty: 'EC', crv: 'P-256', x: 'AQ', y: 'AQ', use: 'SECRET-VALUE-5', alg: 'SECRET-VALUE-6' }] }));
    const res = await desk(t, 'POST', '/desk/keys/import', { path: foreign });
    expect(res.status).toBe(422);
    expect(await res.text()).not.toMatch(/SECRET/);
  });

  it('When keys/keys.json is damaged, then the desk answers a JSON 500 CONFIG_ERROR naming the file', async () => {
    const index = path.join(t.dir, 'data', 'keys', 'keys.json');
    const before = fs.readFileSync(index);
    fs.writeFileSync(index, '{ damaged', { mode: 0o600 });
    try {
      const res = await desk(t, 'GET', '/desk/keys');
      expect(res.status).toBe(500);
      const body = await errorBody(res);
      expect(body.error_code).toBe('CONFIG_ERROR');
      expect(body.detail).toContain(index);
    } finally {
      fs.writeFileSync(index, before);
    }
  });
});
