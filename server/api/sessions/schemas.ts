import { z } from 'zod';
import { SESSION_SORT_FIELDS } from '../../db/types.js';
import { SessionTypeSchema } from '../../http/schemas.js';
import { isoDate, jsonObject, optionalId, StoreSelectorSchema, userIdFilter } from '../common/schemas.js';

/**
 * Query, body and answer schemas of the session and run routes: they validate requests and are
 * the source of the OpenAPI document, so the docs cannot drift from behaviour.
 */

/** rundesk's paged run list: the largest page, and the page size when only `page` is given. */
export const MAX_RUNS_PAGE = 1000;
export const DEFAULT_RUNS_PAGE = 100;

export const RunQuerySchema = StoreSelectorSchema.extend({
  type: SessionTypeSchema.default('agent').meta({ description: 'Session type; chooses the response shape.' }),
  user_id: userIdFilter.optional().meta({ description: 'User to query the run for.' }),
});

/** The run GET's query: `type` is validated but, as on AgentOS, neither finds nor shapes the run. */
export const RunReadQuerySchema = RunQuerySchema.extend({
  type: SessionTypeSchema.default('agent').meta({
    description: "Session type (validated). As AgentOS 2.9 and 3: the session is looked up by id whatever it says, and the shape is the run's own.",
  }),
});

export const SessionQuerySchema = StoreSelectorSchema.extend({
  type: SessionTypeSchema.optional().meta({ description: 'Only a session of this type.' }),
  user_id: userIdFilter.optional(),
});

/** `'true'`/`'false'` in a query string, as a boolean. */
const queryFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true');

/** `GET /sessions/{id}`: AgentOS's query, plus rundesk's switch to leave the chat history out. */
export const SessionDetailQuerySchema = SessionQuerySchema.extend({
  chat_history: queryFlag(true).meta({
    description:
      'rundesk extension: `false` answers `chat_history: null` without reading the runs (a long session\'s history is megabytes). Default `true`, as AgentOS.',
  }),
});

/** `GET /sessions/{id}/runs`: AgentOS's window on the runs' `created_at` (epoch seconds, bounds included). */
export const SessionRunsQuerySchema = SessionQuerySchema.extend({
  created_after: z.coerce.number().int().optional().meta({ description: 'Only runs created at or after this Unix time (seconds).' }),
  created_before: z.coerce.number().int().optional().meta({ description: 'Only runs created at or before this Unix time (seconds).' }),
  limit: z.coerce.number().int().min(1).max(MAX_RUNS_PAGE).optional().meta({
    description: `rundesk extension: at most this many runs, answered as a \`RunsPage\` (\`data\` + \`meta\`) instead of AgentOS's bare list. At most ${MAX_RUNS_PAGE}.`,
  }),
  page: z.coerce.number().int().min(1).optional().meta({
    description: `rundesk extension: 1-based page of \`limit\` runs (default limit ${DEFAULT_RUNS_PAGE}), answered as a \`RunsPage\`.`,
  }),
  summary: queryFlag(false).meta({
    description: 'rundesk extension: `true` answers each run as a `RunSummary` (list columns, input cut short, no messages, tools, events or content).',
  }),
  around: optionalId.optional().meta({
    description:
      'rundesk extension: the window of `limit` runs (default ' + DEFAULT_RUNS_PAGE + ') around this run, in stored order, answered as a `RunsWindow` ' +
      'with the run\'s position and the session\'s run count. Not with `page`, `created_after`, `created_before` or `parent_run_id`; 404 when the session has no such run.',
  }),
  parent_run_id: optionalId.optional().meta({
    description: 'rundesk extension: only the runs whose `parent_run_id` is this run (the members of a team run).',
  }),
});

/** rundesk's window around a run (`GET /sessions/{id}/runs?around=`). */
export const RunsWindowMetaSchema = z.object({
  offset: z.number().int().describe('Position of the first run of `data` in the session\'s stored order (0-based).'),
  limit: z.number().int(),
  position: z.number().int().describe('Position of the `around` run in the session\'s stored order (0-based).'),
  total_count: z.number().int().describe('Runs in the session.'),
});

/** rundesk's paged run list (`GET /sessions/{id}/runs` with `limit` or `page`). */
export const RunsPageMetaSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total_count: z.number().int().describe('Runs in the session (under `created_after`/`created_before` when given).'),
  total_pages: z.number().int(),
});

export const ListSessionsQuerySchema = StoreSelectorSchema.extend({
  type: SessionTypeSchema.optional(),
  user_id: userIdFilter.optional(),
  component_id: optionalId.optional().meta({ description: 'agent_id, team_id or workflow_id.' }),
  session_name: z.string().max(200).optional().meta({ description: 'Substring of the session name, any letter case (AgentOS).' }),
  search: z.string().max(200).optional().meta({ description: 'Substring of the session id or name.' }),
  user_search: z.string().max(200).optional().meta({ description: 'rundesk: substring of the user id, any letter case (`user_id` is exact).' }),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(20),
  sort_by: z.enum(SESSION_SORT_FIELDS).default('created_at'),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
});

export const SessionIdParamsSchema = z.object({ session_id: z.string().min(1).max(512) });
export const RunParamsSchema = SessionIdParamsSchema.extend({ run_id: z.string().min(1).max(512) });

/** AgentOS 2.9's `SessionSchema` (the listing item), plus rundesk's `run_count`. */
export const SessionListItemSchema = z
  .object({
    session_id: z.string(),
    session_name: z.string(),
    session_type: SessionTypeSchema,
    session_state: jsonObject.meta({ description: '`session_data.session_state`' }),
    user_id: z.string().nullable(),
    agent_id: z.string().nullable(),
    team_id: z.string().nullable(),
    workflow_id: z.string().nullable(),
    session_summary: jsonObject.meta({ description: 'The stored `summary`' }),
    metrics: jsonObject.meta({ description: '`session_data.session_metrics`' }),
    total_tokens: z.number().nullable(),
    metadata: jsonObject,
    created_at: isoDate,
    updated_at: isoDate,
    run_count: z.number().int().meta({ description: 'rundesk: number of runs stored in the session.' }),
  })
  .meta({ id: 'SessionListItem' });

/**
 * AgentOS 2.9's session detail (`AgentSessionDetailSchema`, `TeamSessionDetailSchema`,
 * `WorkflowSessionDetailSchema` in one object: each type's fields are present), plus rundesk's
 * additions (the raw `*_data` columns, `summary`, `run_count`).
 */
export const SessionDetailSchema = SessionListItemSchema.extend({
  agent_session_id: z.string().optional().meta({ description: 'Agent sessions only: the session id (AgentOS).' }),
  workflow_name: z.string().nullable().optional().meta({ description: 'Workflow sessions only: `workflow_data.name`.' }),
  chat_history: z
    .array(z.record(z.string(), z.unknown()))
    .nullable()
    .meta({ description: 'Messages of the top-level runs in order, without those replayed from history (AgentOS `get_chat_history`).' }),
  session_data: jsonObject,
  agent_data: jsonObject,
  team_data: jsonObject,
  workflow_data: jsonObject,
  summary: jsonObject.meta({ description: 'rundesk: the stored summary (also as `session_summary`).' }),
}).meta({ id: 'SessionDetail' });

export const SessionPageSchema = z
  .object({
    data: z.array(SessionListItemSchema),
    meta: z.object({
      page: z.number().int(),
      limit: z.number().int(),
      total_count: z.number().int(),
      total_pages: z.number().int(),
      search_time_ms: z.number(),
    }),
  })
  .meta({ id: 'SessionPage' });

/**
 * The ingest body: one run dict in the stored (Agno `to_dict`) format. Only what rundesk relies
 * on is checked; every other key is kept as sent.
 */
export const IngestRunBodySchema = z
  .looseObject({
    run_id: z.string().min(1).max(512),
    status: z.string().nullable().optional(),
    created_at: z.union([z.number(), z.string()]).nullable().optional(),
    user_id: z.string().nullable().optional(),
    agent_id: z.string().nullable().optional(),
    team_id: z.string().nullable().optional(),
    workflow_id: z.string().nullable().optional(),
    parent_run_id: z.string().nullable().optional(),
    session_id: z.string().nullable().optional(),
    messages: z.array(z.record(z.string(), z.unknown())).nullable().optional(),
    tools: z.array(z.record(z.string(), z.unknown())).nullable().optional(),
    events: z.array(z.record(z.string(), z.unknown())).nullable().optional(),
    metrics: z.record(z.string(), z.unknown()).nullable().optional(),
  })
  .meta({ id: 'StoredRun', description: 'A run dict as Agno stores it (RunOutput/TeamRunOutput/WorkflowRunOutput.to_dict()).' });

export const IngestResultSchema = z
  .object({
    session_id: z.string(),
    run_id: z.string(),
    session_created: z.boolean(),
    run_created: z.boolean(),
  })
  .meta({ id: 'IngestResult' });

/** `DELETE /sessions`: AgentOS's `DeleteSessionRequest`. */
export const DeleteSessionsBodySchema = z
  .object({
    session_ids: z.array(z.string().min(1).max(512)).min(1).max(1000),
    session_types: z.array(SessionTypeSchema).min(1).max(1000),
  })
  .meta({ id: 'DeleteSessionRequest' });

export const DeleteSessionsQuerySchema = StoreSelectorSchema.extend({ user_id: userIdFilter.optional() });

const jsonObjectBody = z.record(z.string(), z.unknown());

/**
 * A body without its `null` values: the platform's optional fields (`Optional[...] = None`) read
 * an explicit `null` as absent, and its own client sends every unset field so.
 */
function withoutNulls<T extends Record<string, unknown>>(body: T): { [K in keyof T]: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null)) as { [K in keyof T]: Exclude<T[K], null> };
}

/** `POST /sessions`: AgentOS's `CreateSessionRequest` (every field optional, the body too; null means absent). */
export const CreateSessionBodySchema = z
  .object({
    session_id: z.string().min(1).max(512).nullish(),
    session_name: z.string().max(1000).nullish(),
    session_state: jsonObjectBody.nullish(),
    metadata: jsonObjectBody.nullish(),
    user_id: z.string().max(512).nullish(),
    agent_id: z.string().max(512).nullish(),
    team_id: z.string().max(512).nullish(),
    workflow_id: z.string().max(512).nullish(),
  })
  .meta({ id: 'CreateSessionRequest' })
  .transform(withoutNulls)
  .default({});

export const CreateSessionQuerySchema = z.object({
  type: SessionTypeSchema.default('agent'),
  db_id: optionalId.optional(),
});

/** `POST /sessions/{id}/rename`: `{ "session_name": … }` (required; empty allowed, as AgentOS). */
export const RenameSessionBodySchema = z.object({ session_name: z.string().max(1000) }).meta({ id: 'RenameSessionRequest' });

/** `PATCH /sessions/{id}`: AgentOS's `UpdateSessionRequest`; what is left out (or null) stays. */
export const UpdateSessionBodySchema = z
  .object({
    session_name: z.string().max(1000).nullish(),
    session_state: jsonObjectBody.nullish(),
    metadata: jsonObjectBody.nullish(),
    summary: jsonObjectBody.nullish(),
  })
  .meta({ id: 'UpdateSessionRequest' })
  .transform(withoutNulls);
