import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAgentOs, type FakeAgentOs } from '../../testing/fake-agentos.js';
import { startTestServer, type TestServer } from '../../testing/server-harness.js';
import { createSseParser, type SseEvent } from './sse-parser.js';
import { createFrameReader, encodeFrame, OPCODE, type Frame } from '../../testing/ws-frames.js';

/**
 * rundesk in front of the developer's AgentOS: real rundesk servers on ephemeral ports, a fake
 * AgentOS replaying the real platform's recorded answers, real signed tokens.
 */

const RUN_SCOPES = ['agents:run', 'teams:run', 'workflows:run', 'sessions:read'];

async function readEvents(res: Response): Promise<SseEvent[]> {
  const parse = createSseParser();
  const events: SseEvent[] = [];
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    events.push(...parse(Buffer.from(value)));
  }
  return events;
}

function runForm(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields);
}

describe('Given rundesk with upstream.url set to a live AgentOS', () => {
  let upstream: FakeAgentOs;
  let rundesk: TestServer;
  let dbFile: string;

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'rundesk-upstream-'));
    dbFile = path.join(dir, 'live.db');
    upstream = await startFakeAgentOs({ dbFile, paceMs: 5 });
    rundesk = await startTestServer({
      upstream: { url: upstream.url },
      auth: { authorization: true },
      databases: [{ id: 'live', path: dbFile }],
    });
  });
  afterAll(async () => {
    await rundesk?.stop();
    await upstream?.stop();
  });

  const post = (p: string, body: RequestInit["body"], token: string | null, headers: Record<string, string> = {}, signal?: AbortSignal) =>
    fetch(`${rundesk.baseUrl}${p}`, { method: 'POST', body, signal, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });

  it('When a token with agents:run streams an agent run, then the SSE arrives from RunStarted to RunCompleted, and the stored run is then read through rundesk', async () => {
    const token = await rundesk.token({ sub: 'alice', scopes: RUN_SCOPES });
    const res = await post('/agents/weather-agent/runs', runForm({ message: 'What is the weather in Paris?', stream: 'true', session_id: 's-weather-2.9' }), token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = await readEvents(res);
    const names = events.map((e) => e.event);
    expect(names[0]).toBe('RunStarted');
    expect(names.at(-1)).toBe('RunCompleted');
    expect(names).toContain('ToolCallStarted');
    const runId = (JSON.parse(events[0]!.data) as { run_id: string }).run_id;

    const seen = upstream.requests.at(-1)!;
    expect(seen.headers.authorization).toBe(`Bearer ${token}`);
    expect(seen.body.toString()).toBe('message=What+is+the+weather+in+Paris%3F&stream=true&session_id=s-weather-2.9');

    await expect
      .poll(async () => (await rundesk.get(`/sessions/s-weather-2.9/runs/${runId}?db_id=live`, token)).status)
      .toBe(200);
    const stored = await (await rundesk.get(`/sessions/s-weather-2.9/runs/${runId}?db_id=live`, token)).json();
    expect(stored.run_id).toBe(runId);
    expect(stored.content).toContain('sunny');
  });

  it('When a team run is asked with stream=false, then its JSON comes back as the upstream sent it', async () => {
    const token = await rundesk.token({ sub: 'alice', scopes: RUN_SCOPES });
    const res = await post('/teams/research-team/runs', runForm({ message: 'Research the weather', stream: 'false' }), token);
    expect(res.status).toBe(200);
    const recorded = fs.readFileSync(path.resolve('test/fixtures/upstream/team-json-2.9.json'), 'utf8');
    expect(await res.text()).toBe(recorded);
  });

  it('When a token without agents:run asks for a run, then rundesk answers 403 naming the scope and nothing reaches the upstream', async () => {
    const token = await rundesk.token({ sub: 'alice', scopes: ['sessions:read', 'agents:read'] });
    const before = upstream.requests.length;
    const res = await post('/agents/weather-agent/runs', runForm({ message: 'hi', stream: 'true' }), token);
    expect(res.status).toBe(403);
    const body = (await res.json()) as { error_code: string; detail: string; upstream_url?: string };
    expect(body.error_code).toBe('FORBIDDEN');
    expect(body.detail).toContain('agents:run');
    const anonymous = await post('/agents/weather-agent/runs', runForm({ message: 'hi' }), null);
    expect(anonymous.status).toBe(401);
    expect(upstream.requests.length).toBe(before);
  });

  it('When one keep-alive connection repeats an allowed token, then changes token or request line, then each request is decided for what it sends', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    const cancel = (p: string, token: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(`${rundesk.baseUrl}${p}`, { method: 'POST', agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
          sockets.add(res.socket);
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      const runner = await rundesk.token({ sub: 'alice', scopes: ['agents:run'] });
      const reader = await rundesk.token({ sub: 'bob', scopes: ['agents:read'] });
      const oneAgent = await rundesk.token({ sub: 'carol', scopes: ['agents:weather-agent:run'] });
      const before = upstream.requests.length;
      expect(await cancel('/agents/weather-agent/runs/r1/cancel', runner)).toBe(200);
      expect(await cancel('/agents/weather-agent/runs/r1/cancel', runner)).toBe(200);
      // Another token on the same connection: its own decision, not the one before.
      expect(await cancel('/agents/weather-agent/runs/r1/cancel', reader)).toBe(403);
      expect(await cancel('/agents/weather-agent/runs/r1/cancel', oneAgent)).toBe(200);
      expect(await cancel('/agents/weather-agent/runs/r1/cancel', oneAgent)).toBe(200);
      // The same token for another agent: a request line of its own.
      expect(await cancel('/agents/other-agent/runs/r1/cancel', oneAgent)).toBe(403);
      expect(sockets.size).toBe(1);
      expect(upstream.requests.length - before).toBe(4);
    } finally {
      agent.destroy();
    }
  });

  it('When a page on an allowed origin runs an agent (the CORS path through Express), then it is forwarded with rundesk\'s CORS answer, and a refusal still never reaches the upstream', async () => {
    const token = await rundesk.token({ sub: 'alice', scopes: RUN_SCOPES });
    const origin = { origin: 'http://localhost:3000' };
    const res = await post('/teams/research-team/runs', runForm({ message: 'Research the weather', stream: 'false' }), token, origin);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(res.headers.get('x-rundesk-request-id')).toMatch(/^\d+$/);
    expect(((await res.json()) as { team_id: string }).team_id).toBe('research-team');
    const before = upstream.requests.length;
    const refused = await post('/teams/research-team/runs', runForm({ message: 'x' }), await rundesk.token({ scopes: ['sessions:read'] }), origin);
    expect(refused.status).toBe(403);
    expect(upstream.requests.length).toBe(before);
  });

  it('When a multipart upload is forwarded, then the upstream receives the same bytes and content type', async () => {
    const token = await rundesk.token({ sub: 'alice', scopes: RUN_SCOPES });
    const form = new FormData();
    form.set('message', 'Summarise this');
    form.set('stream', 'false');
    form.set('files', new Blob([Buffer.from('%PDF-1.4 binary \u0000\u00ff bytes')], { type: 'application/pdf' }), 'notes.pdf');
    const sent = new Request('http://x/', { method: 'POST', body: form });
    const bytes = Buffer.from(await sent.arrayBuffer());
    const type = sent.headers.get('content-type')!;
    const res = await post('/agents/chat-agent/runs', bytes, token, { 'content-type': type });
    expect(res.status).toBe(200);
    const seen = upstream.requests.at(-1)!;
    expect(seen.headers['content-type']).toBe(type);
    expect(seen.body.equals(bytes)).toBe(true);
  });

  it('When the UI calls through rundesk with the desk cookie, then the desk credential never reaches the upstream', async () => {
    const token = await rundesk.token({ sub: 'alice', scopes: RUN_SCOPES });
    const res = await post('/agents/chat-agent/runs', runForm({ message: 'hi', stream: 'false' }), token, {
      cookie: `theme=dark; rundesk_desk=${rundesk.server.deskToken}`,
      'x-desk-token': rundesk.server.deskToken,
    });
    expect(res.status).toBe(200);
    const seen = upstream.requests.at(-1)!;
    expect(seen.headers.cookie).toBe('theme=dark');
    expect(seen.headers['x-desk-token']).toBeUndefined();
  });

  it('When the client disconnects mid-stream, then the upstream request is cancelled', async () => {
    const token = await rundesk.token({ sub: 'alice', scopes: RUN_SCOPES });
    const abort = new AbortController();
    const res = await post('/workflows/draft-workflow/runs', runForm({ message: 'draft', stream: 'true' }), token, {}, abort.signal);
    const reader = res.body!.getReader();
    await reader.read();
    const cancelled = upstream.cancelledOnce('/workflows/draft-workflow/runs');
    abort.abort();
    await cancelled;
    expect(upstream.cancelled).toContain('/workflows/draft-workflow/runs');
  });

  it('When the workflow WebSocket is opened, then the upgrade is proxied and messages go up and come back through rundesk', async () => {
    const key = Buffer.from('0123456789abcdef').toString('base64');
    const socket = net.connect(rundesk.server.port, '127.0.0.1');
    socket.write(
      `GET /workflows/ws HTTP/1.1\r\nHost: 127.0.0.1:${rundesk.server.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    // The handshake, then frames: the first may come in the handshake's own chunk.
    const read = createFrameReader();
    const frames: Frame[] = [];
    const waiting: Array<() => void> = [];
    let handshake: string | null = null;
    let rest = Buffer.alloc(0);
    socket.on('data', (d: Buffer) => {
      if (handshake === null) {
        rest = Buffer.concat([rest, d]);
        const end = rest.indexOf('\r\n\r\n');
        if (end < 0) return;
        handshake = rest.subarray(0, end).toString();
        d = rest.subarray(end + 4);
      }
      frames.push(...read(d));
      waiting.splice(0).forEach((w) => w());
    });
    const ended = new Promise<void>((resolve) => socket.once('end', resolve));
    const next = async (): Promise<Frame> => {
      while (frames.length === 0) await new Promise<void>((r) => waiting.push(r));
      return frames.shift()!;
    };
    const nextEvent = async () => JSON.parse((await next()).payload.toString('utf8')) as { event: string; error?: string };
    const send = (message: unknown) => socket.write(encodeFrame(OPCODE.text, JSON.stringify(message), true));

    expect(await nextEvent()).toMatchObject({ event: 'connected' });
    expect(handshake).toMatch(/^HTTP\/1\.1 101/);
    expect(handshake).toContain(createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64'));

    send({ action: 'ping' });
    expect(await nextEvent()).toEqual({ event: 'pong' });
    send({ action: 'authenticate', token: await rundesk.token({ scopes: ['workflows:run'] }) });
    expect(await nextEvent()).toMatchObject({ event: 'authenticated' });
    // A message past 64 KB each way (a frame with a 64-bit length), whole and unchanged.
    const long = 'x'.repeat(70_000);
    send({ action: long });
    expect(await nextEvent()).toEqual({ event: 'error', error: `Unknown action: ${long}` });

    socket.write(encodeFrame(OPCODE.close, Buffer.from([0x03, 0xe8]), true));
    const close = await next();
    expect(close.opcode).toBe(OPCODE.close);
    expect(close.payload.readUInt16BE(0)).toBe(1000);
    await ended;
    socket.destroy();
  });

  /** The status an upgrade of the workflow WebSocket gets, with `headers` added. */
  const upgradeStatus = (headers: Record<string, string>) =>
    new Promise<number>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port: rundesk.server.port,
        path: '/workflows/ws',
        headers: { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Key': Buffer.from('0123456789abcdef').toString('base64'), 'Sec-WebSocket-Version': '13', ...headers },
      });
      req.on('response', (r) => {
        r.resume();
        resolve(r.statusCode ?? 0);
      });
      req.on('upgrade', (_r, socket) => {
        socket.destroy();
        resolve(101);
      });
      req.end();
    });

  it('When a workflow WebSocket upgrade carries a token rundesk refuses, or one without a scope to run workflows, then rundesk answers 401/403 and nothing reaches the upstream', async () => {
    const before = upstream.requests.length;
    const reader = await rundesk.token({ scopes: ['sessions:read', 'agents:run'] });
    expect(await upgradeStatus({ Authorization: `Bearer ${reader}` })).toBe(403);
    expect(await upgradeStatus({ Authorization: 'Bearer not-a-jwt' })).toBe(401);
    expect(upstream.requests.length).toBe(before);
  });

  it('When the upgrade carries a token with workflows:run, a per-workflow run scope, or no token at all, then the tunnel opens', async () => {
    expect(await upgradeStatus({ Authorization: `Bearer ${await rundesk.token({ scopes: ['workflows:run'] })}` })).toBe(101);
    expect(await upgradeStatus({ Authorization: `Bearer ${await rundesk.token({ scopes: ['workflows:draft-workflow:run'] })}` })).toBe(101);
    // A browser cannot send a token with the upgrade: its first message is verified by the AgentOS.
    expect(await upgradeStatus({})).toBe(101);
  });

  it('When the Settings page checks the upstream, then it is reachable, and a closed port is not', async () => {
    const check = (body: unknown) =>
      fetch(`${rundesk.baseUrl}/desk/upstream/check`, {
        method: 'POST',
        headers: { 'x-desk-token': rundesk.server.deskToken, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const ok = await (await check({})).json();
    expect(ok).toMatchObject({ url: upstream.url, reachable: true, status: 200 });
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const closed = `http://127.0.0.1:${(probe.address() as net.AddressInfo).port}`;
    await new Promise<void>((r) => probe.close(() => r()));
    const down = (await (await check({ url: closed })).json()) as { detail: string };
    expect(down).toMatchObject({ url: closed, reachable: false, status: null });
    expect(down.detail).toContain('ECONNREFUSED');
    expect((await check({ url: 'not a url' })).status).toBe(422);
  });

  it('When a WebSocket upgrade comes from a page on a foreign origin, then rundesk refuses it before the upstream', async () => {
    const before = upstream.requests.length;
    const status = await new Promise<number>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port: rundesk.server.port,
        path: '/workflows/ws',
        headers: { Connection: 'Upgrade', Upgrade: 'websocket', Origin: 'https://evil.example', 'Sec-WebSocket-Key': 'x', 'Sec-WebSocket-Version': '13' },
      });
      req.on('response', (r) => resolve(r.statusCode ?? 0));
      req.on('upgrade', () => resolve(101));
      req.end();
    });
    expect(status).toBe(403);
    expect(upstream.requests.length).toBe(before);
  });
});

describe('Given rundesk without upstream.url', () => {
  let rundesk: TestServer;
  beforeAll(async () => {
    rundesk = await startTestServer({});
  });
  afterAll(async () => rundesk?.stop());

  it('When a run is asked for, then the answer is 501 naming upstream.url', async () => {
    const token = await rundesk.token({ scopes: ['agents:run'] });
    const res = await fetch(`${rundesk.baseUrl}/agents/weather-agent/runs`, { method: 'POST', body: runForm({ message: 'hi' }), headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(501);
    const body = (await res.json()) as { error_code: string; detail: string; upstream_url?: string };
    expect(body.error_code).toBe('NOT_IMPLEMENTED');
    expect(body.detail).toContain('upstream.url');
  });
});

describe('Given an upstream that cannot be reached or is too slow', () => {
  let hanging: FakeAgentOs;
  let closedUrl: string;
  let unreachable: TestServer;
  let slow: TestServer;

  beforeAll(async () => {
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    closedUrl = `http://127.0.0.1:${(probe.address() as net.AddressInfo).port}`;
    await new Promise<void>((r) => probe.close(() => r()));
    hanging = await startFakeAgentOs({ hang: true });
    unreachable = await startTestServer({ upstream: { url: closedUrl } });
    slow = await startTestServer({ upstream: { url: hanging.url, timeout_seconds: 0.3 } });
  });
  afterAll(async () => {
    await unreachable?.stop();
    await slow?.stop();
    await hanging?.stop();
  });

  it('When the upstream refuses connections, then the answer is 502 UPSTREAM_UNAVAILABLE naming its URL', async () => {
    const token = await unreachable.token({ scopes: ['agents:run'] });
    const res = await fetch(`${unreachable.baseUrl}/agents/a/runs`, { method: 'POST', body: runForm({ message: 'hi' }), headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(502);
    const body = (await res.json()) as { error_code: string; detail: string; upstream_url?: string };
    expect(body).toMatchObject({ error_code: 'UPSTREAM_UNAVAILABLE', upstream_url: closedUrl });
    expect(body.detail).toContain(closedUrl);
  });

  it('When the upstream does not answer in upstream.timeout_seconds, then the answer is 504 UPSTREAM_TIMEOUT and the upstream request is cancelled', async () => {
    const token = await slow.token({ scopes: ['agents:run'] });
    const cancelled = hanging.cancelledOnce('/agents/a/runs');
    const res = await fetch(`${slow.baseUrl}/agents/a/runs`, { method: 'POST', body: runForm({ message: 'hi' }), headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(504);
    const body = (await res.json()) as { error_code: string; detail: string; upstream_url?: string };
    expect(body).toMatchObject({ error_code: 'UPSTREAM_TIMEOUT', upstream_url: hanging.url });
    expect(body.detail).toContain('upstream.timeout_seconds');
    await cancelled;
  });
});

describe('Given rundesk in front of one AgentOS, then pointed at another in Settings', () => {
  let first: FakeAgentOs;
  let second: FakeAgentOs;
  let rundesk: TestServer;
  beforeAll(async () => {
    first = await startFakeAgentOs();
    second = await startFakeAgentOs();
    rundesk = await startTestServer({ upstream: { url: first.url }, auth: { authorization: true } });
  });
  afterAll(async () => {
    await rundesk?.stop();
    await first?.stop();
    await second?.stop();
  });

  const useUpstream = async (url: string) => {
    const desk = { 'x-desk-token': rundesk.server.deskToken };
    const current = (await (await fetch(`${rundesk.baseUrl}/desk/settings`, { headers: desk })).json()) as { file_settings: Record<string, unknown> };
    const put = await fetch(`${rundesk.baseUrl}/desk/settings`, {
      method: 'PUT',
      headers: { ...desk, 'content-type': 'application/json' },
      body: JSON.stringify({ ...current.file_settings, upstream: { url } }),
    });
    expect(put.status).toBe(200);
  };
  const cancel = async (runId: string) => {
    const token = await rundesk.token({ scopes: ['agents:run'] });
    const res = await fetch(`${rundesk.baseUrl}/agents/weather-agent/runs/${runId}/cancel`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
  };
  const saw = (upstream: FakeAgentOs, runId: string) => upstream.requests.some((r) => r.url.includes(`/runs/${runId}/cancel`));

  it('When the URL changes, then the next request goes to the new AgentOS at once, and back again', async () => {
    await cancel('before');
    await useUpstream(second.url);
    await cancel('after');
    await useUpstream(first.url);
    await cancel('back');
    expect([saw(first, 'before'), saw(second, 'before')]).toEqual([true, false]);
    expect([saw(first, 'after'), saw(second, 'after')]).toEqual([false, true]);
    expect([saw(first, 'back'), saw(second, 'back')]).toEqual([true, false]);
  });
});
