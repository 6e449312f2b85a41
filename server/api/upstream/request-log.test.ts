import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { TimedResponse } from '../../http/timed-response.js';
import { createRequestLog } from './request-log.js';

/** A request and its response as the server makes them, without a socket (never answered). */
function exchange(url: string, method = 'GET') {
  const req = new http.IncomingMessage(null as never);
  req.url = url;
  req.method = method;
  return { req, res: new TimedResponse(req) };
}

describe('the request log', () => {
  it('keeps the newest `capacity` records, and a request that outlived its slot does not touch the record now in it', () => {
    const log = createRequestLog(3);
    const xs = [1, 2, 3, 4, 5].map((i) => exchange(`/agents/a${i}`));
    for (const { req, res } of xs) log.observe(req, res);
    expect(log.list().map((r) => [r.id, r.url, r.state])).toEqual([
      [3, '/agents/a3', 'open'],
      [4, '/agents/a4', 'open'],
      [5, '/agents/a5', 'open'],
    ]);
    expect(log.get(1)).toBeNull();
    // Request 1 ends after request 4 took its slot: record 4 stays open, untouched.
    log.forwarded(xs[0]!.req);
    xs[0]!.res.emit('close');
    expect(log.get(4)).toMatchObject({ id: 4, state: 'open', forwarded: false, duration_ms: null });
    // Request 4 ends without an answer: aborted, no status, a duration.
    log.forwarded(xs[3]!.req);
    xs[3]!.res.emit('close');
    expect(log.get(4)).toMatchObject({ id: 4, state: 'aborted', status: null, forwarded: true });
    expect(log.get(4)!.duration_ms).toBeGreaterThanOrEqual(0);
    expect(log.idOf(xs[3]!.req)).toBeNull();
    expect(log.list(4).map((r) => r.id)).toEqual([5]);
  });

  it('leaves out the workbench\'s own calls and names what a listener hears', () => {
    const log = createRequestLog(10, (u) => u.replace('secret', '[redacted]'));
    const heard: string[] = [];
    log.subscribe((r) => heard.push(`${r.id} ${r.method} ${r.url} ${r.state}`));
    const ui = exchange('/ui/?token=x');
    log.observe(ui.req, ui.res);
    const run = exchange('/agents/a/runs?k=secret', 'POST');
    log.observe(run.req, run.res);
    log.producedRun(run.req, { run_id: 'r', session_id: 's', kind: 'agent', component_id: 'a' });
    expect(heard).toEqual(['1 POST /agents/a/runs?k=[redacted] open', '1 POST /agents/a/runs?k=[redacted] open']);
    expect(log.get(1)!.run).toEqual({ run_id: 'r', session_id: 's', kind: 'agent', component_id: 'a' });
    expect(log.list()).toHaveLength(1);
  });
});
