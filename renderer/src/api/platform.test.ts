/// <reference types="node" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestAs } from './platform';

// The compare view once showed 201 for every POST and 200 for everything else, whatever the
// server sent. A real server answering 200 to a POST, 204 to a DELETE and 403 to the rest.
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.headers.authorization !== 'Bearer tok') {
      res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"detail":"no"}');
    } else if (req.method === 'POST') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    } else if (req.method === 'DELETE') {
      res.writeHead(204).end();
    } else {
      res.writeHead(403, { 'Content-Type': 'application/json' }).end('{"detail":"forbidden","error_code":"FORBIDDEN"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('requestAs (compare view)', () => {
  it('reports the status the server sent for a POST answered 200', async () => {
    const r = await requestAs('tok', 'POST', `${base}/agents/a/runs`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true });
  });

  it('reports 204 and no body for a DELETE', async () => {
    const r = await requestAs('tok', 'DELETE', `${base}/sessions/s1`);
    expect(r.status).toBe(204);
    expect(r.body).toBeNull();
  });

  it('reports refusals with their status and body, never a throw', async () => {
    expect(await requestAs('tok', 'GET', `${base}/sessions`)).toMatchObject({ status: 403, body: { error_code: 'FORBIDDEN' } });
    expect(await requestAs('other', 'GET', `${base}/sessions`)).toMatchObject({ status: 401, body: { detail: 'no' } });
  });

  it('reports an unreachable server as status 0', async () => {
    const r = await requestAs('tok', 'GET', 'http://127.0.0.1:1/sessions');
    expect(r.status).toBe(0);
  });
});
