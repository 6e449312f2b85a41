import { z } from 'zod';
import { NotFoundError } from '../../errors.js';
import { defineRoute, json, type Route } from '../../http/route.js';
import { checkUpstream } from './check.js';
import type { Gateway } from './gateway.js';
import type { LiveRun } from './live-runs.js';
import {
  LiveRunListSchema,
  LiveRunParamsSchema,
  LiveRunSchema,
  RequestListSchema,
  RequestsQuerySchema,
  UpstreamCheckRequestSchema,
  UpstreamCheckResponseSchema,
} from './schemas.js';

/** A live run without its events: what a listing and the stream's updates carry. */
function summaryOf(run: LiveRun): Omit<LiveRun, 'events'> & { event_count: number } {
  const { events, ...rest } = run;
  return { ...rest, event_count: events.length + run.dropped_events };
}

/**
 * The gateway's workbench routes (`/desk/...`, behind the desk credential like every desk
 * route): the Settings page's reachability check, the requests page (the ring of recent
 * requests, and a stream of changes) and the live runs. `gateway` is asked per request: the
 * routes are also built without a server, for `/openapi.json`.
 *
 * @example
 * deskRouter(runtime, [...DESK_ROUTES, ...gatewayDeskRoutes(() => gateway)]);
 */
export function gatewayDeskRoutes(gateway: () => Gateway): Route[] {
  return [
    defineRoute({
      method: 'post',
      path: '/upstream/check',
      operationId: 'desk_check_upstream',
      tags: ['Workbench'],
      summary: "Whether the developer's AgentOS answers at upstream.url (or at the URL given)",
      body: { schema: UpstreamCheckRequestSchema, limit: '16kb', required: false },
      answers: { 200: { description: 'What was found', schema: UpstreamCheckResponseSchema } },
      errors: [],
      errorNotes: { 422: 'Validation error (`VALIDATION_ERROR`): the URL is not an http(s) URL' },
      scopes: 'public',
      deskView: false,
      async handle({ body }, { runtime }) {
        return json(await checkUpstream(body.url ?? runtime.settings().settings.upstream.url));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/requests',
      operationId: 'desk_list_requests',
      tags: ['Workbench'],
      summary: 'The recent platform requests through rundesk (the newest 500): verdict and rule, status, time to first byte, duration, the run produced',
      query: RequestsQuerySchema,
      answers: { 200: { description: 'Oldest first', schema: RequestListSchema } },
      errors: [],
      scopes: 'public',
      deskView: false,
      handle({ query }) {
        return json({ requests: gateway().requests.list(query.after ?? 0) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/requests/stream',
      operationId: 'desk_stream_requests',
      tags: ['Workbench'],
      summary: "Server-Sent Events: `request` (a record, each time it changes) and `live-run` (a live run's summary and the event that changed it)",
      description:
        'Each event is `event: request` with a `DeskRequestRecord` as its data, or `event: live-run` with `{ run, event }` (a `DeskLiveRunSummary` and the run event that changed it, or null). ' +
        'A comment line every 15 s keeps the connection open; a client that reads too slowly (1 MB behind) is cut, and reconnects.',
      answers: { 200: { description: 'An event stream', schema: z.string(), contentType: 'text/event-stream' } },
      errors: [],
      scopes: 'public',
      deskView: false,
      handle() {
        const { requests, liveRuns } = gateway();
        return {
          kind: 'events',
          open(send) {
            const offRequests = requests.subscribe((record) => send('request', record));
            const offRuns = liveRuns.subscribe((run, event) => send('live-run', { run: summaryOf(run), event }));
            return () => {
              offRequests();
              offRuns();
            };
          },
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/live-runs',
      operationId: 'desk_list_live_runs',
      tags: ['Workbench'],
      summary: 'The runs streamed or answered through rundesk (the newest 50), newest first, without their events',
      answers: { 200: { description: 'Newest first', schema: LiveRunListSchema } },
      errors: [],
      scopes: 'public',
      deskView: false,
      handle() {
        return json({ runs: gateway().liveRuns.list().map(summaryOf) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/live-runs/{request_id}',
      operationId: 'desk_get_live_run',
      tags: ['Workbench'],
      summary: 'One live run with every event so far, by the id of the request that started it (`X-Rundesk-Request-Id`)',
      params: LiveRunParamsSchema,
      answers: { 200: { description: 'The run so far', schema: LiveRunSchema } },
      errors: [404],
      errorNotes: { 404: 'Not found (`NOT_FOUND`): not a run, or older than the newest 50' },
      scopes: 'public',
      deskView: false,
      handle({ params }) {
        const { liveRuns, requests } = gateway();
        const run = liveRuns.get(params.request_id);
        if (!run) throw new NotFoundError(`No live run for request ${params.request_id}: it was not a run, or it is older than the newest 50`);
        return json({ ...run, request: requests.get(params.request_id) });
      },
    }),
  ];
}
