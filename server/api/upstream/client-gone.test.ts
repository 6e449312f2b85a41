import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAgentOs, type FakeAgentOs } from '../../testing/fake-agentos.js';
import { startTestServer, type TestServer } from '../../testing/server-harness.js';
import type { LiveRun } from './live-runs.js';
import type { RequestRecord } from './request-log.js';

/**
 * A client that leaves before the upstream has answered: nothing may stay open behind it (the
 * upstream request, its live run). A JWKS endpoint that answers only when the test says so holds
 * rundesk's decision open, so the client can leave while rundesk is still deciding.
 */

interface HeldJwks {
  url: string;
  /** Resolves when rundesk asked for the key set. */
  asked: Promise<void>;
  release(): void;
  stop(): Promise<void>;
}

async function startHeldJwks(): Promise<HeldJwks> {
  let asked!: () => void;
  const askedP = new Promise<void>((r) => (asked = r));
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const server = http.createServer((_req, res) => {
    asked();
    // No key of its own: the token is then verified by the static key, as with an unknown kid.
    void released.then(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"keys":[]}'));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`,
    asked: askedP,
    release,
    stop: () =>
      new Promise((r) => {
        release();
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

describe('Given rundesk in front of a live AgentOS, a client that leaves before the upstream answers', () => {
  let upstream: FakeAgentOs;
  let hanging: FakeAgentOs;
  let jwks: HeldJwks;
  let rundesk: TestServer;
  let toHanging: TestServer;

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'rundesk-client-gone-'));
    upstream = await startFakeAgentOs({ dbFile: path.join(dir, 'live.db'), paceMs: 5 });
    hanging = await startFakeAgentOs({ hang: true });
    jwks = await startHeldJwks();
    rundesk = await startTestServer({ upstream: { url: upstream.url }, auth: { authorization: true, jwks_url: jwks.url } });
    toHanging = await startTestServer({ upstream: { url: hanging.url }, auth: { authorization: true } });
  });
  afterAll(async () => {
    await rundesk?.stop();
    await toHanging?.stop();
    await jwks?.stop();
    await upstream?.stop();
    await hanging?.stop();
  });

  const desk = async <T>(server: TestServer, p: string): Promise<T> =>
    (await (await fetch(`${server.baseUrl}${p}`, { headers: { 'x-desk-token': server.server.deskToken } })).json()) as T;
  const recordOf = async (server: TestServer, url: string) =>
    (await desk<{ requests: RequestRecord[] }>(server, '/desk/requests')).requests.find((r) => r.url === url);
  const run = (server: TestServer, p: string, message: string, token: string, signal?: AbortSignal) =>
    fetch(`${server.baseUrl}${p}`, {
      method: 'POST',
      body: new URLSearchParams({ message, stream: 'true' }),
      headers: { authorization: `Bearer ${token}` },
      signal,
    });

  it('When it leaves while rundesk is still deciding, then nothing is opened to the upstream and no live run is left open', async () => {
    const token = await rundesk.token({ sub: 'alice', scopes: ['agents:run'] });
    const abort = new AbortController();
    const leaving = run(rundesk, '/agents/weather-agent/runs?left=early', 'left early', token, abort.signal).catch(() => null);
    await jwks.asked;
    abort.abort();
    await leaving;
    await expect.poll(async () => (await recordOf(rundesk, '/agents/weather-agent/runs?left=early'))?.state).toBe('aborted');
    jwks.release();

    // A run asked after it, with the same token, goes through to the end: by then the one that
    // left would long have been handed to the upstream, had it been forwarded.
    const staying = await run(rundesk, '/agents/weather-agent/runs?left=never', 'stays', token);
    expect(staying.status).toBe(200);
    await staying.text();
    const sent = upstream.requests.map((r) => r.url);
    expect(sent).toContain('/agents/weather-agent/runs?left=never');
    expect(sent).not.toContain('/agents/weather-agent/runs?left=early');
    // Only the socket the finished run used (kept alive, idle): none held for the one that left.
    expect(await upstream.openConnections()).toBeLessThanOrEqual(1);
    const early = await recordOf(rundesk, '/agents/weather-agent/runs?left=early');
    expect(early).toMatchObject({ state: 'aborted', forwarded: false });
    const live = await desk<{ runs: LiveRun[] }>(rundesk, '/desk/live-runs');
    expect(live.runs.map((r) => r.request_id)).not.toContain(early!.id);
  });

  it('When it leaves after the request was forwarded, before the upstream\'s first byte, then the upstream request is cancelled and the request is recorded as aborted', async () => {
    const token = await toHanging.token({ sub: 'alice', scopes: ['agents:run'] });
    const abort = new AbortController();
    const cancelled = hanging.cancelledOnce('/agents/slow-agent/runs');
    const leaving = run(toHanging, '/agents/slow-agent/runs', 'never answered', token, abort.signal).catch(() => null);
    await expect.poll(() => hanging.requests.some((r) => r.url === '/agents/slow-agent/runs')).toBe(true);
    abort.abort();
    await leaving;
    await cancelled;
    await expect.poll(async () => (await recordOf(toHanging, '/agents/slow-agent/runs'))?.state).toBe('aborted');
    const record = await recordOf(toHanging, '/agents/slow-agent/runs');
    expect(record).toMatchObject({ forwarded: true, status: null });
    const live = await desk<{ runs: LiveRun[] }>(toHanging, '/desk/live-runs');
    expect(live.runs.filter((r) => r.status === 'running')).toEqual([]);
  });
});
