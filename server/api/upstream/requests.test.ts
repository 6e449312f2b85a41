import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAgentOs, type FakeAgentOs } from '../../testing/fake-agentos.js';
import { startTestServer, type TestServer } from '../../testing/server-harness.js';
import type { LiveRun } from './live-runs.js';
import type { RequestRecord } from './request-log.js';
import { createSseParser } from './sse-parser.js';

describe('Given rundesk in front of a live AgentOS, the requests page and live runs', () => {
  let upstream: FakeAgentOs;
  let rundesk: TestServer;

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'rundesk-requests-'));
    // Slow enough that the run is still going when the test looks at it.
    upstream = await startFakeAgentOs({ dbFile: path.join(dir, 'live.db'), paceMs: 40 });
    rundesk = await startTestServer({ upstream: { url: upstream.url }, auth: { authorization: true } });
  });
  afterAll(async () => {
    await rundesk?.stop();
    await upstream?.stop();
  });

  const desk = async <T>(p: string): Promise<T> => {
    const res = await fetch(`${rundesk.baseUrl}${p}`, { headers: { 'x-desk-token': rundesk.server.deskToken } });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };

  it('When a run streams through rundesk, then its live view shows each event as it arrives and counts the tokens, and the request names the run', async () => {
    const token = await rundesk.token({ sub: 'alice', scopes: ['agents:run'] });
    const res = await fetch(`${rundesk.baseUrl}/agents/weather-agent/runs`, {
      method: 'POST',
      body: new URLSearchParams({ message: 'What is the weather in Paris?', stream: 'true' }),
      headers: { authorization: `Bearer ${token}` },
    });
    const id = Number(res.headers.get('x-rundesk-request-id'));
    expect(id).toBeGreaterThan(0);
    const reader = res.body!.getReader();
    const parse = createSseParser();
    let first: string | undefined;
    while (first === undefined) first = parse(Buffer.from((await reader.read()).value!))[0]?.event;
    expect(first).toBe('RunStarted');

    // While the agent is still running, the live view already holds what arrived.
    const during = await desk<LiveRun>(`/desk/live-runs/${id}`);
    expect(during.status).toBe('running');
    expect(during.events[0]?.event).toBe('RunStarted');
    expect(during.run_id).toBe('b6a277db-95ea-4f0a-a040-5553286c0fb0');

    while (!(await reader.read()).done);
    await expect.poll(async () => (await desk<LiveRun>(`/desk/live-runs/${id}`)).status).toBe('completed');
    const after = await desk<LiveRun & { request: RequestRecord }>(`/desk/live-runs/${id}`);
    expect(after.events.map((e) => e.event).at(-1)).toBe('RunCompleted');
    expect(after.events.find((e) => e.event === 'ToolCallStarted')?.data['tool']).toMatchObject({ tool_name: 'get_weather', tool_args: { city: 'Paris' } });
    expect(after.tokens).toEqual({ input: 98, output: 24, total: 122 });
    expect(after.content).toContain('sunny');

    await expect.poll(async () => (await desk<{ requests: RequestRecord[] }>('/desk/requests')).requests.find((r) => r.id === id)?.state).toBe('done');
    const record = (await desk<{ requests: RequestRecord[] }>('/desk/requests')).requests.find((r) => r.id === id)!;
    expect(record).toMatchObject({
      method: 'POST',
      url: '/agents/weather-agent/runs',
      subject: 'alice',
      status: 200,
      forwarded: true,
      verdict: { outcome: 'allow', required_scopes: ['agents:run'] },
      run: { run_id: 'b6a277db-95ea-4f0a-a040-5553286c0fb0', session_id: 's-weather-2.9', kind: 'agent', component_id: 'weather-agent' },
    });
    expect(record.verdict?.rule).toMatch(/^POST \/agents\//);
    expect(record.ttfb_ms).toBeGreaterThanOrEqual(0);
    expect(record.duration_ms).toBeGreaterThanOrEqual(record.ttfb_ms!);
  });

  it('When a request is refused, then its record names the verdict, the rule and the refusal, and it was not forwarded', async () => {
    const token = await rundesk.token({ sub: 'bob', scopes: ['sessions:read'] });
    const before = (await desk<{ requests: RequestRecord[] }>('/desk/requests')).requests.at(-1)?.id ?? 0;
    const res = await fetch(`${rundesk.baseUrl}/teams/research-team/runs`, { method: 'POST', body: new URLSearchParams({ message: 'x' }), headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(403);
    await expect.poll(async () => (await desk<{ requests: RequestRecord[] }>(`/desk/requests?after=${before}`)).requests.length).toBeGreaterThan(0);
    const [record] = (await desk<{ requests: RequestRecord[] }>(`/desk/requests?after=${before}`)).requests;
    expect(record).toMatchObject({ method: 'POST', subject: 'bob', status: 403, forwarded: false, run: null, verdict: { outcome: 'deny', required_scopes: ['teams:run'] } });
    expect(record!.verdict!.detail).toContain('teams:run');
  });

  it('When Express answers a request (not the quick path), then its record has a time to first byte too', async () => {
    const before = (await desk<{ requests: RequestRecord[] }>('/desk/requests')).requests.at(-1)?.id ?? 0;
    // An Origin header sends a platform request through Express (CORS lives there).
    expect((await fetch(`${rundesk.baseUrl}/health`, { headers: { origin: 'http://elsewhere.example' } })).status).toBe(200);
    await expect.poll(async () => (await desk<{ requests: RequestRecord[] }>(`/desk/requests?after=${before}`)).requests[0]?.state).toBe('done');
    const [record] = (await desk<{ requests: RequestRecord[] }>(`/desk/requests?after=${before}`)).requests;
    expect(record).toMatchObject({ method: 'GET', url: '/health', status: 200 });
    expect(record!.ttfb_ms).toBeGreaterThanOrEqual(0);
  });

  it('When the workbench itself calls /desk, then nothing is recorded', async () => {
    const before = (await desk<{ requests: RequestRecord[] }>('/desk/requests')).requests.length;
    await desk('/desk/live-runs');
    expect((await desk<{ requests: RequestRecord[] }>('/desk/requests')).requests.length).toBe(before);
  });

  it('When the requests stream is open, then a new request arrives on it', async () => {
    const abort = new AbortController();
    const res = await fetch(`${rundesk.baseUrl}/desk/requests/stream`, { headers: { 'x-desk-token': rundesk.server.deskToken }, signal: abort.signal });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    await rundesk.get('/health');
    const parse = createSseParser();
    let seen: RequestRecord | undefined;
    while (!seen) {
      for (const e of parse(Buffer.from((await reader.read()).value!))) {
        const r = JSON.parse(e.data) as RequestRecord;
        if (e.event === 'request' && r.url === '/health') seen = r;
      }
    }
    expect(seen.method).toBe('GET');
    abort.abort();
  });
});
