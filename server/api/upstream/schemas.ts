import { z } from 'zod';
import { UpstreamSettingsSchema } from '../../settings/schema.js';

/** `POST /desk/upstream/check`: which URL to try (default: `upstream.url` in force). */
export const UpstreamCheckRequestSchema = z
  .object({ url: UpstreamSettingsSchema.shape.url.unwrap().unwrap().optional() })
  .meta({ id: 'DeskUpstreamCheckRequest' });

export const UpstreamCheckResponseSchema = z
  .object({
    url: z.string().nullable().meta({ description: 'The URL tried; null when none is given and upstream.url is not set.' }),
    reachable: z.boolean(),
    status: z.number().int().nullable().meta({ description: "The HTTP status of the upstream's GET /health." }),
    latency_ms: z.number().nullable(),
    listing_status: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The status of the upstream's GET /agents asked without a token, as rundesk asks it for the developer (401: its live agents show only to a token it trusts); null when not asked." }),
    detail: z.string().meta({ description: 'What was found, in one sentence (why it is not reachable, when it is not).' }),
  })
  .meta({ id: 'DeskUpstreamCheck' });

export const RequestsQuerySchema = z.object({
  after: z.coerce.number().int().min(0).optional().meta({ description: 'Only requests with a larger id (poll with the last id seen).' }),
});

export const LiveRunParamsSchema = z.object({ request_id: z.coerce.number().int().min(1) });

const VerdictSchema = z
  .object({
    outcome: z.enum(['allow', 'deny', 'excluded']),
    rule: z.string().nullable().meta({ description: 'The scope mapping (or excluded path) that decided; null when none matched.' }),
    rule_source: z.enum(['default', 'custom', 'excluded']).nullable(),
    required_scopes: z.array(z.string()),
    detail: z.string().nullable(),
  })
  .meta({ id: 'DeskRequestVerdict' });

const RequestRunSchema = z.object({
  run_id: z.string(),
  session_id: z.string().nullable(),
  kind: z.enum(['agent', 'team', 'workflow']),
  component_id: z.string(),
});

export const RequestRecordSchema = z
  .object({
    id: z.number().int(),
    started_at: z.string(),
    method: z.string(),
    url: z.string(),
    subject: z.string().nullable(),
    verdict: VerdictSchema.nullable(),
    status: z.number().int().nullable(),
    ttfb_ms: z.number().nullable(),
    duration_ms: z.number().nullable(),
    forwarded: z.boolean(),
    run: RequestRunSchema.nullable(),
    state: z.enum(['open', 'done', 'aborted']),
  })
  .meta({ id: 'DeskRequestRecord' });

export const RequestListSchema = z.object({ requests: z.array(RequestRecordSchema) }).meta({ id: 'DeskRequestList' });

const LiveRunCommon = {
  request_id: z.number().int(),
  kind: z.enum(['agent', 'team', 'workflow']),
  component_id: z.string(),
  run_id: z.string().nullable(),
  session_id: z.string().nullable(),
  status: z.enum(['running', 'completed', 'error', 'cancelled', 'cut']),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  tokens: z.object({ input: z.number(), output: z.number(), total: z.number() }),
  content: z.string(),
  dropped_events: z.number().int(),
};

export const LiveRunSummarySchema = z.object({ ...LiveRunCommon, event_count: z.number().int() }).meta({ id: 'DeskLiveRunSummary' });
export const LiveRunListSchema = z.object({ runs: z.array(LiveRunSummarySchema) }).meta({ id: 'DeskLiveRunList' });
export const LiveRunSchema = z
  .object({
    ...LiveRunCommon,
    events: z.array(z.object({ index: z.number().int(), event: z.string(), data: z.record(z.string(), z.unknown()), at: z.string() })),
    request: RequestRecordSchema.nullable(),
  })
  .meta({ id: 'DeskLiveRun' });
