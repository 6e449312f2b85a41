import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logging.js';
import { createAccessLog } from './access-log.js';
import { redactUrl } from './redact-url.js';

/** A server whose only middleware is the access log, writing through rundesk's logger into memory. */
async function serve(handler: http.RequestListener) {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const accessLog = createAccessLog(createLogger(sink), (url) => redactUrl(url));
  if (!accessLog) throw new Error('info lines are off');
  const server = http.createServer((req, res) => {
    accessLog(req, res);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  servers.push(server);
  return { base, lines, server };
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
};

describe('access log', () => {
  it('When a request is answered, then one line says what pino-http said: request line, status, time', async () => {
    const { base, lines } = await serve((_req, res) => res.writeHead(404).end('{}'));
    await (await fetch(`${base}/sessions/s1/runs/r1?type=team&token=secret-value`)).text();
    await until(() => lines.length > 0);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(Object.keys(line ?? {})).toEqual(['level', 'time', 'name', 'req', 'res', 'responseTime', 'msg']);
    expect(line).toMatchObject({
      level: 30,
      name: 'rundesk',
      req: { method: 'GET', url: '/sessions/s1/runs/r1?type=team&token=[redacted]' },
      res: { statusCode: 404 },
      msg: 'request completed',
    });
    expect(typeof line?.responseTime).toBe('number');
  });

  it('When the answer is a 5xx, then the line is at error level and says the request errored', async () => {
    const { base, lines } = await serve((_req, res) => res.writeHead(503).end());
    await fetch(`${base}/health`);
    await until(() => lines.length > 0);
    expect(lines[0]).toMatchObject({ level: 50, res: { statusCode: 503 }, err: { message: 'failed with status code 503' }, msg: 'request errored' });
  });

  it('When the client goes away before the answer, then the line says aborted with no status', async () => {
    let arrived!: () => void;
    const got = new Promise<void>((resolve) => (arrived = resolve));
    const { base, lines } = await serve(() => arrived());
    const req = http.get(`${base}/slow`);
    req.on('error', () => {});
    await got;
    req.destroy();
    await until(() => lines.length > 0);
    expect(lines).toEqual([expect.objectContaining({ level: 30, req: { method: 'GET', url: '/slow' }, res: { statusCode: null }, msg: 'request aborted' })]);
  });

  it('When info lines are off, then there is no access log at all', () => {
    expect(createAccessLog(pino({ level: 'warn' }), (u) => u)).toBeNull();
  });
});

describe("the UI's own polls", () => {
  it('When the UI polls the desk and /health, Then those answered reads are not info lines; refusals and platform routes are', async () => {
    const { base, lines } = await serve((req, res) => res.writeHead(req.url?.startsWith('/desk/keys') ? 401 : 200).end('{}'));
    for (const p of ['/desk/databases', '/desk/view/sessions?page=1', '/health', '/ui/assets/app.js', '/desk/keys', '/sessions']) await (await fetch(`${base}${p}`)).text();
    await until(() => lines.length >= 2);
    // Lines are written in answer order: once /sessions is logged, every earlier one has been decided.
    await until(() => lines.some((l) => (l.req as { url: string }).url === '/sessions'));
    expect(lines.map((l) => `${(l.req as { url: string }).url} ${(l.res as { statusCode: number }).statusCode}`)).toEqual(['/desk/keys 401', '/sessions 200']);
  });
});
