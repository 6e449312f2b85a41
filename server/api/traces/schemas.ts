import { z } from 'zod';
import { PaginationInfoSchema } from '../common/schemas.js';

/**
 * The trace routes' boundary schemas: their query parameters and bodies as the platform
 * (AgentOS 2.9) takes them, and its response models (`TraceSummary`, `TraceDetail`,
 * `TraceNode`, `TraceSessionStats`, `FilterSchemaResponse`), from which `/openapi.json` and the
 * renderer's types are made. Optional fields are left out when null, as the platform answers.
 */

const dateTime = z.string().meta({ description: 'ISO 8601 date-time (UTC, `Z`)' });
const id = z.string().min(1).max(512);
/** What `GET /traces` can be ordered by (a rundesk extension; the platform lists newest first only). */
export const TRACE_SORT_KEYS = ['start_time', 'duration_ms', 'total_spans', 'error_count'] as const;

/** A whole number in a query string, as FastAPI reads `int` parameters. */
const queryInt = (min: number) => z.coerce.number().int().min(min);

const timeParam = (description: string) => z.string().max(100).optional().meta({ description });

export const TracesQuerySchema = z.object({
  run_id: id.optional().meta({ description: 'Filter by run ID' }),
  session_id: id.optional().meta({ description: 'Filter by session ID' }),
  user_id: id.optional().meta({ description: 'Filter by user ID (under user isolation a non-admin caller sees only their own)' }),
  agent_id: id.optional().meta({ description: 'Filter by agent ID' }),
  team_id: id.optional().meta({ description: 'Filter by team ID' }),
  workflow_id: id.optional().meta({ description: 'Filter by workflow ID' }),
  status: z.string().max(100).optional().meta({ description: 'Filter by status (OK, ERROR)' }),
  start_time: timeParam('Traces starting at or after this time (ISO 8601; naive = UTC)'),
  end_time: timeParam('Traces ending at or before this time (ISO 8601; naive = UTC)'),
  min_duration_ms: z.coerce.number().min(0).optional().meta({ description: 'rundesk extension: traces lasting at least this many milliseconds' }),
  max_duration_ms: z.coerce.number().min(0).optional().meta({ description: 'rundesk extension: traces lasting at most this many milliseconds' }),
  sort_by: z.enum(TRACE_SORT_KEYS).optional().meta({ description: 'rundesk extension: order the whole listing by this (default start_time)' }),
  sort_order: z.enum(['asc', 'desc']).optional().meta({ description: 'rundesk extension: ascending or descending (default desc)' }),
  page: queryInt(0).default(1).meta({ description: 'Page number (1-indexed; 0 reads as 1)' }),
  limit: queryInt(1).default(20).meta({ description: 'Number of traces per page' }),
  db_id: id.optional().meta({ description: 'Database ID to query traces from' }),
});

export const TraceParamsSchema = z.object({ trace_id: z.string().min(1).max(512) });

export const TraceQuerySchema = z.object({
  span_id: id.optional().meta({ description: 'One span of the trace instead of the whole tree' }),
  shape: z
    .enum(['tree', 'columns'])
    .optional()
    .meta({ description: 'rundesk extension: `columns` answers the spans as flat arrays without their input and output (`TraceColumns`); default `tree` (the platform’s `TraceDetail`). Ignored with `span_id`.' }),
  limit: queryInt(1)
    .optional()
    .meta({ description: 'rundesk extension: with `shape=columns`, only the first this many spans in the order shown (root first), and `spans.total` the count of all: a page’s first screen before the rest. Ignored otherwise.' }),
  run_id: id.optional().meta({ description: 'Accepted for the platform’s clients; the path’s trace_id decides' }),
  db_id: id.optional().meta({ description: 'Database ID to query the trace from' }),
});

export const TraceSessionStatsQuerySchema = z.object({
  user_id: id.optional().meta({ description: 'Filter by user ID' }),
  agent_id: id.optional().meta({ description: 'Filter by agent ID' }),
  team_id: id.optional().meta({ description: 'Filter by team ID' }),
  workflow_id: id.optional().meta({ description: 'Filter by workflow ID' }),
  start_time: timeParam('Sessions with traces created at or after this time (ISO 8601)'),
  end_time: timeParam('Sessions with traces created at or before this time (ISO 8601)'),
  page: queryInt(1).default(1).meta({ description: 'Page number (1-indexed)' }),
  limit: queryInt(1).default(20).meta({ description: 'Number of sessions per page' }),
  db_id: id.optional().meta({ description: 'Database ID to query statistics from' }),
});

export const TraceSearchQuerySchema = z.object({ db_id: id.optional().meta({ description: 'Database ID to query traces from' }) });


export const TraceSearchBodySchema = z
  .object({
    filter: z
      .record(z.string(), z.unknown())
      .nullable()
      .optional()
      .meta({
        description:
          'Filter expression: `{op, key, value}` with EQ, NEQ, GT, GTE, LT, LTE, CONTAINS, STARTSWITH; `{op: "IN", key, values}`; `{op: "AND"|"OR", conditions}`; `{op: "NOT", condition}`; at most 10 deep.',
      }),
    group_by: z.enum(['run', 'session']).default('run').meta({ description: '`run`: traces with their span trees; `session`: per-session statistics' }),
    page: z.number().int().min(1).default(1),
    limit: z.number().int().min(1).max(100).default(20).meta({ description: 'At most 100' }),
  })
  .meta({ id: 'TraceSearchRequest' });

export interface TraceNode {
  id: string;
  name: string;
  type: string;
  duration: string;
  start_time: string;
  end_time: string;
  status: string;
  input?: string;
  output?: string;
  error?: string;
  spans?: TraceNode[];
  step_type?: string;
  /** rundesk: the span is one of a set whose parent links form a cycle (shown after the root's tree). */
  parent_cycle?: boolean;
  metadata?: Record<string, unknown>;
  extra_data?: Record<string, unknown>;
}

export const TraceNodeSchema: z.ZodType<TraceNode> = z
  .object({
    id: z.string().meta({ description: 'Span ID' }),
    name: z.string(),
    type: z.string().meta({ description: 'AGENT, TEAM, WORKFLOW, LLM, TOOL, …' }),
    duration: z.string().meta({ description: 'Human-readable duration (`123ms`, `1.50s`)' }),
    start_time: dateTime,
    end_time: dateTime,
    status: z.string().meta({ description: 'OK, ERROR or UNSET' }),
    input: z.string().optional(),
    output: z.string().optional(),
    error: z.string().optional(),
    get spans(): z.ZodOptional<z.ZodArray<z.ZodType<TraceNode>>> {
      return z.array(TraceNodeSchema).optional();
    },
    step_type: z.string().optional().meta({ description: 'Workflow step type of a workflow’s direct child' }),
    parent_cycle: z.literal(true).optional().meta({
      description:
        'rundesk extension: this span is one of a set whose `parent_span_id` links form a cycle (no root reaches them). Each such set is shown as one more ' +
        'top-level tree after the root\'s, entered at its earliest span, with the link back into it cut; its other descendants hang under it as usual.',
    }),
    metadata: z.record(z.string(), z.unknown()).optional(),
    extra_data: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'TraceNode' });

const traceContext = {
  run_id: z.string().optional(),
  session_id: z.string().optional(),
  user_id: z.string().optional(),
  agent_id: z.string().optional(),
  team_id: z.string().optional(),
  workflow_id: z.string().optional(),
};

const traceHead = {
  trace_id: z.string(),
  name: z.string().meta({ description: 'Trace name (the root span’s)' }),
  status: z.string(),
  duration: z.string(),
  start_time: dateTime,
  end_time: dateTime,
  total_spans: z.number().int(),
  error_count: z.number().int(),
};

export const TraceSummarySchema = z
  .object({ ...traceHead, input: z.string().optional(), ...traceContext, created_at: dateTime })
  .meta({ id: 'TraceSummary' });
export type TraceSummary = z.infer<typeof TraceSummarySchema>;

/**
 * rundesk extension (`GET /traces/{trace_id}?shape=columns`, what the UI reads): the trace's own
 * fields as in `TraceDetail`, and its spans as parallel arrays (one entry per span, root first,
 * each span before its children) instead of a nested tree, without each span's input and output
 * (read one span with `?span_id=`). A 50,000-span trace is a few megabytes of flat arrays the UI
 * lays out at once, where the tree is 12 MB of nested objects.
 */
const TraceSpanColumnsSchema = z
  .object({
    count: z.number().int(),
    total: z.number().int().optional().meta({ description: 'With `limit`: how many spans the whole answer holds (`count` is how many this one does)' }),
    text: z.array(z.string()).meta({ description: 'The distinct names, types and statuses; `name`, `type` and `status` index into it' }),
    id: z.array(z.string()),
    parent: z.array(z.string().nullable()).meta({ description: 'The parent span’s id; null for the root and for the entry of a cycle' }),
    name: z.array(z.number().int()),
    type: z.array(z.number().int()),
    status: z.array(z.number().int()),
    start_ms: z.array(z.number().nullable()).meta({ description: 'Start, epoch milliseconds (null: a stored time that is no time); the root’s is the trace’s' }),
    end_ms: z.array(z.number().nullable()),
    metadata: z.array(z.record(z.string(), z.unknown()).nullable()).meta({ description: 'As `TraceNode.metadata` (a tool span’s `parameters` left out); null: none' }),
    error: z.record(z.string(), z.string()).meta({ description: 'A failed span’s error, by the span’s index' }),
    step_type: z.record(z.string(), z.string()).meta({ description: 'A workflow step’s type, by the span’s index' }),
    parent_cycle: z.array(z.number().int()).meta({ description: 'Indexes of the spans flagged `parent_cycle` in the tree' }),
  })
  .meta({ id: 'TraceSpanColumns' });

export const TraceDetailSchema = z
  .object({
    ...traceHead,
    input: z.string().optional(),
    output: z.string().optional(),
    error: z.string().optional(),
    ...traceContext,
    created_at: dateTime,
    tree: z.array(TraceNodeSchema),
  })
  .meta({ id: 'TraceDetail' });
export type TraceDetail = z.infer<typeof TraceDetailSchema>;

export const TraceColumnsSchema = TraceDetailSchema.omit({ tree: true })
  .extend({ spans: TraceSpanColumnsSchema })
  .meta({ id: 'TraceColumns', description: 'rundesk extension: a trace with its spans as columns (`shape=columns`)' });
export type TraceColumns = z.infer<typeof TraceColumnsSchema>;

export const TraceSessionStatsSchema = z
  .object({
    session_id: z.string(),
    user_id: z.string().optional(),
    agent_id: z.string().optional(),
    team_id: z.string().optional(),
    workflow_id: z.string().optional(),
    total_traces: z.number().int(),
    first_trace_at: dateTime,
    last_trace_at: dateTime,
  })
  .meta({ id: 'TraceSessionStats' });
export type TraceSessionStats = z.infer<typeof TraceSessionStatsSchema>;

export const TraceSummaryPageSchema = z.object({ data: z.array(TraceSummarySchema), meta: PaginationInfoSchema }).meta({ id: 'TraceSummaryPage' });
export const TraceDetailPageSchema = z.object({ data: z.array(TraceDetailSchema), meta: PaginationInfoSchema }).meta({ id: 'TraceDetailPage' });
export const TraceSessionStatsPageSchema = z
  .object({ data: z.array(TraceSessionStatsSchema), meta: PaginationInfoSchema })
  .meta({ id: 'TraceSessionStatsPage' });

export const FilterFieldSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    type: z.enum(['string', 'number', 'datetime', 'enum']),
    operators: z.array(z.string()),
    values: z.array(z.string()).nullable().meta({ description: "Allowed values of an enum field; null for the others" }),
  })
  .meta({ id: 'FilterFieldSchema' });

export const FilterSchemaResponseSchema = z
  .object({ fields: z.array(FilterFieldSchema), logical_operators: z.array(z.string()) })
  .meta({ id: 'FilterSchemaResponse' });
export type FilterSchemaResponse = z.infer<typeof FilterSchemaResponseSchema>;
