import express from 'express';
import { NotFoundError } from '../../errors.js';
import { deskGuard } from '../../http/desk-guard.js';
import { jsonBody } from '../../http/json-body.js';
import { parseInput } from '../../http/validate.js';
import type { Runtime } from '../../runtime/runtime-types.js';
import { checkUpstream } from './check.js';
import type { Gateway } from './gateway.js';
import type { LiveRun } from './live-runs.js';
import { LiveRunParamsSchema, RequestsQuerySchema, UpstreamCheckRequestSchema } from './schemas.js';

/** A live run without its events: what a listing and the stream's updates carry. */
function summaryOf(run: LiveRun): Omit<LiveRun, 'events'> & { event_count: number } {
  const { events, ...rest } = run;
  return { ...rest, event_count: events.length + run.dropped_events };
}

/** A slow stream reader is cut rather than buffered for without bound. */
const MAX_PENDING_BYTES = 1024 * 1024;

/**
 * The gateway's workbench routes under `/desk` (behind the desk credential, never cached): the
 * Settings page's reachability check, the requests page (the ring of recent requests, and a
 * stream of changes) and the live runs.
 */
export function gatewayDeskRouter(runtime: Runtime, gateway: Gateway): express.Router {
  const router = express.Router();
  const guard = deskGuard(runtime);
  const noStore: express.RequestHandler = (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
  const desk = [guard, noStore];

  router.post('/upstream/check', ...desk, jsonBody({ limit: '16kb', requireJson: true }), async (req, res) => {
    const body = parseInput(UpstreamCheckRequestSchema, req.body ?? {}, 'body');
    res.json(await checkUpstream(body.url ?? runtime.settings().settings.upstream.url));
  });

  router.get('/requests', ...desk, (req, res) => {
    const query = parseInput(RequestsQuerySchema, req.query, 'query');
    res.json({ requests: gateway.requests.list(query.after ?? 0) });
  });

  // Server-Sent Events: `request` on every change of a request's record, `live-run` on every
  // change of a live run (its summary and the event that changed it).
  router.get('/requests/stream', ...desk, (req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    res.flushHeaders();
    const send = (event: string, data: unknown) => {
      if (res.writableLength > MAX_PENDING_BYTES) {
        res.destroy();
        return;
      }
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    const offRequests = gateway.requests.subscribe((record) => send('request', record));
    const offRuns = gateway.liveRuns.subscribe((run, event) => send('live-run', { run: summaryOf(run), event }));
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), 15_000);
    heartbeat.unref();
    req.socket.setTimeout(0);
    res.on('close', () => {
      offRequests();
      offRuns();
      clearInterval(heartbeat);
    });
  });

  router.get('/live-runs', ...desk, (_req, res) => {
    res.json({ runs: gateway.liveRuns.list().map(summaryOf) });
  });

  router.get('/live-runs/:request_id', ...desk, (req, res) => {
    const { request_id } = parseInput(LiveRunParamsSchema, req.params, 'path');
    const run = gateway.liveRuns.get(request_id);
    if (!run) throw new NotFoundError(`No live run for request ${request_id}: it was not a run, or it is older than the newest 50`);
    res.json({ ...run, request: gateway.requests.get(request_id) });
  });

  return router;
}
