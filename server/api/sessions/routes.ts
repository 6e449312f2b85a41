import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { SessionStore, SessionType, StoredRun } from '../../db/types.js';
import { BadRequestError, NotFoundError, ValidationError } from '../../errors.js';
import { dropNullFields } from '../../agno-format/json-values.js';
import { RunShapeSchema, TeamRunShapeSchema, WorkflowRunShapeSchema } from './run-shapes.js';
import { toRunShape } from './to-run-shape.js';
import { RunSummarySchema, toRunSummary } from './run-summary.js';
import * as sessions from './use-cases.js';
import * as writes from './session-writes.js';
import { keepAnsweringDatabase } from './keep-answering.js';
import { AccessScope } from '../../access/scope.js';
import { listedShapeOf, presentSessionDetail, presentSessionListItem } from './present.js';
import { selectDatabase, selectStore } from '../../http/request-scope.js';
import { defineRoute, json, noContent, type RouteContext } from '../../http/route.js';
import { getRunBody, RUN_BODY_CONTENT_TYPE } from './run-body.js';
import {
  IngestResultSchema,
  CreateSessionBodySchema,
  CreateSessionQuerySchema,
  RenameSessionBodySchema,
  UpdateSessionBodySchema,
  DeleteSessionsBodySchema,
  DeleteSessionsQuerySchema,
  IngestRunBodySchema,
  ListSessionsQuerySchema,
  RunParamsSchema,
  RunQuerySchema,
  RunReadQuerySchema,
  SessionDetailSchema,
  SessionIdParamsSchema,
  SessionPageSchema,
  SessionQuerySchema,
  SessionRunsQuerySchema,
  SessionDetailQuerySchema,
  RunsPageMetaSchema,
  RunsWindowMetaSchema,
  DEFAULT_RUNS_PAGE,
} from './schemas.js';

/** Ingest bodies are one run; 10 MB holds a run with thousands of messages and inline media. */
export const INGEST_BODY_LIMIT = '10mb';

const AnyRunShapeSchema = z.union([RunShapeSchema, TeamRunShapeSchema, WorkflowRunShapeSchema]);

const RunsPageSchema = z
  .object({ data: z.array(z.union([AnyRunShapeSchema, RunSummarySchema])), meta: RunsPageMetaSchema })
  .meta({ id: 'RunsPage', description: 'rundesk extension: one page of a session\'s runs (full or summaries) and how many there are.' });

const RunsWindowSchema = z
  .object({ data: z.array(z.union([AnyRunShapeSchema, RunSummarySchema])), meta: RunsWindowMetaSchema })
  .meta({ id: 'RunsWindow', description: 'rundesk extension: the runs (full or summaries) around one run of a session, its position and how many runs there are.' });

/** AgentOS's bare list (full or, with `summary=true`, summaries), or rundesk's page or window. */
const SessionRunsAnswerSchema = z.union([z.array(AnyRunShapeSchema), z.array(RunSummarySchema), RunsPageSchema, RunsWindowSchema]);

/** Query parameters `around` cannot be combined with: it answers one window of the whole list. */
const NOT_WITH_AROUND = ['page', 'created_after', 'created_before', 'parent_run_id'] as const;

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function typeName(type: string): string {
  return type.charAt(0).toUpperCase() + type.slice(1);
}

/** The session detail `GET /sessions/{id}` answers (and the session writes answer with). */
async function sessionDetail(store: SessionStore, scope: AccessScope, sessionId: string, type: SessionType | undefined, chatHistory = true) {
  const found = await sessions.getSessionDetail(store, scope, sessionId, type, chatHistory);
  if (found.kind === 'not-found') {
    throw new NotFoundError(type ? `${typeName(type)} Session with id '${sessionId}' not found` : `Session with id '${sessionId}' not found`);
  }
  const row = found.listing;
  return presentSessionDetail(
    found.session,
    { session_name: row?.session_name ?? '', run_count: row?.run_count ?? 0, total_tokens: row?.total_tokens ?? null },
    chatHistory ? found.runs : null,
  );
}

/** Rename and update: the write, then the session as it now is. */
async function updateAndRead(
  ctx: RouteContext,
  sessionId: string,
  q: { type?: SessionType | undefined; user_id?: string | undefined; db_id?: string | undefined; table?: string | undefined },
  update: writes.SessionUpdate,
) {
  const store = selectStore(ctx.runtime, q);
  const scope = ctx.scope(q.user_id);
  await writes.updateSession(store, scope, sessionId, q.type, update, nowSeconds());
  return sessionDetail(store, scope, sessionId, q.type);
}

/** `GET /sessions/{session_id}/runs/{run_id}`: the platform's run endpoint, the product's hot route. */
export const getSessionRun = defineRoute({
  method: 'get',
  path: '/sessions/{session_id}/runs/{run_id}',
  operationId: 'get_session_run',
  tags: ['Sessions'],
  summary: 'Get run by ID',
  description: 'Retrieves one run of a session, looked up by id whatever `type` says; the shape is the run\'s own: a Workflow run when it has `workflow_id`, else a Team run when it has `team_id`, else a Run (a team\'s member run is a Run), as AgentOS 2.9 and 3 answer. `type` is validated (422 for other values).',
  params: RunParamsSchema,
  query: RunReadQuerySchema,
  answers: { 200: { description: 'Run retrieved', schema: AnyRunShapeSchema } },
  errors: [400, 404, 500, 503],
  emits: ['SESSION_UNREADABLE'],
  scopes: ['sessions:read'],
  deskView: true,
  quick: true,
  async handle({ params, query }, ctx) {
    const { session_id, run_id } = params;
    const found = await getRunBody(ctx.runtime.caches, selectDatabase(ctx.runtime, query), query.table, ctx.scope(query.user_id), session_id, run_id);
    switch (found.kind) {
      case 'found':
        // What res.json sends, from bytes serialized once (run-body.ts).
        return { kind: 'bytes', status: 200, body: found.body, contentType: RUN_BODY_CONTENT_TYPE };
      case 'no-session':
        throw new NotFoundError(`Session with ID ${session_id} not found`);
      case 'wrong-type':
        // Not asked for: the lookup names no type.
        throw new NotFoundError(`Session with ID ${session_id} not found`);
      case 'no-runs':
        throw new NotFoundError(`Session with ID ${session_id} has no runs`);
      case 'no-run':
        throw new NotFoundError(`Run with ID ${run_id} not found in session ${session_id}`);
    }
  },
});

/** The session routes (docs/api.md): parse → use case → present. */
export const sessionRoutes = [
  defineRoute({
    method: 'get',
    path: '/sessions',
    operationId: 'list_sessions',
    tags: ['Sessions'],
    summary: 'List sessions (newest first, paginated)',
    query: ListSessionsQuerySchema,
    answers: { 200: { description: 'A page of sessions', schema: SessionPageSchema } },
    errors: [400, 404, 503],
    scopes: ['sessions:read'],
    deskView: true,
    async handle({ query: q }, ctx) {
      const started = performance.now();
      const page = await sessions.listSessions(selectStore(ctx.runtime, q), ctx.scope(q.user_id), {
        type: q.type,
        componentId: q.component_id,
        search: q.search,
        sessionName: q.session_name,
        userSearch: q.user_search,
        page: q.page,
        limit: q.limit,
        sortBy: q.sort_by,
        sortOrder: q.sort_order,
      });
      return json({
        data: page.items.map(presentSessionListItem),
        // AgentOS's PaginationInfo: no page at all when nothing matched.
        meta: {
          page: page.page,
          limit: page.limit,
          total_count: page.total,
          total_pages: Math.ceil(page.total / page.limit),
          search_time_ms: Math.round((performance.now() - started) * 100) / 100,
        },
      });
    },
  }),

  defineRoute({
    method: 'get',
    path: '/sessions/{session_id}',
    operationId: 'get_session',
    tags: ['Sessions'],
    summary: 'Get a session',
    params: SessionIdParamsSchema,
    query: SessionDetailQuerySchema,
    answers: { 200: { description: 'The session', schema: SessionDetailSchema } },
    errors: [400, 404, 503],
    emits: ['SESSION_UNREADABLE'],
    scopes: ['sessions:read'],
    deskView: true,
    quick: true,
    async handle({ params: { session_id }, query: q }, ctx) {
      return json(await sessionDetail(selectStore(ctx.runtime, q), ctx.scope(q.user_id), session_id, q.type, q.chat_history));
    },
  }),

  defineRoute({
    method: 'get',
    path: '/sessions/{session_id}/runs',
    operationId: 'get_session_runs',
    tags: ['Sessions'],
    summary: 'List the runs of a session in stored order',
    description:
      "Without `limit`, `page`, `summary`, `around` and `parent_run_id`, AgentOS's answer: every run, in full. rundesk extensions: `limit`/`page` answer one page " +
      'as a `RunsPage` (reading only that page\'s runs), `summary=true` answers `RunSummary` items (no bodies), `around` answers the `RunsWindow` ' +
      'of `limit` runs around one run (its position found without reading the whole list), and `parent_run_id` keeps only that run\'s child runs.',
    params: SessionIdParamsSchema,
    query: SessionRunsQuerySchema,
    answers: { 200: { description: 'The runs (a list), one page of them (`limit` or `page`), or the window around one (`around`)', schema: SessionRunsAnswerSchema } },
    errors: [400, 404, 503],
    emits: ['SESSION_UNREADABLE'],
    scopes: ['sessions:read'],
    deskView: true,
    quick: true,
    async handle({ params: { session_id }, query: q }, ctx) {
      const store = selectStore(ctx.runtime, q);
      const scope = ctx.scope(q.user_id);
      const created = { after: q.created_after, before: q.created_before, parentRunId: q.parent_run_id };
      // As AgentOS 2.9 and 3: the session is found by id whatever `type` says, and its runs are
      // classified by `type` when given, else by the session's own type.
      const present = (sessionType: SessionType) => (run: StoredRun) => {
        const shape = toRunShape(run, listedShapeOf(q.type ?? sessionType, run));
        // AgentOS's list leaves null fields out (`exclude_none`, unlike its single-run GET); pages of it do too.
        return q.summary ? toRunSummary(shape) : dropNullFields(shape as unknown as Record<string, unknown>);
      };
      if (q.around !== undefined) {
        const clash = NOT_WITH_AROUND.filter((name) => q[name] !== undefined);
        if (clash.length > 0) {
          throw new ValidationError(`around cannot be combined with ${clash.join(', ')}`, clash.map((name) => ({ path: `query.${name}`, message: 'not with around' })));
        }
        const limit = q.limit ?? DEFAULT_RUNS_PAGE;
        const found = await sessions.runsAround(store, scope, session_id, undefined, q.around, limit);
        if (found.kind === 'no-session') throw new NotFoundError(`Session with ID ${session_id} not found`);
        if (found.kind === 'no-run') throw new NotFoundError(`Run with ID ${q.around} not found in session ${session_id}`);
        return json({
          data: found.runs.map(present(found.session.session_type)),
          meta: { offset: found.offset, limit, position: found.position, total_count: found.total },
        });
      }
      if (q.limit === undefined && q.page === undefined) {
        const found = await sessions.listRuns(store, scope, session_id, undefined, created);
        if (found.kind === 'not-found') throw new NotFoundError(`Session with ID ${session_id} not found`);
        return json(found.runs.map(present(found.session.session_type)));
      }
      const limit = q.limit ?? DEFAULT_RUNS_PAGE;
      const page = q.page ?? 1;
      const found = await sessions.pageRuns(store, scope, session_id, undefined, created, { offset: (page - 1) * limit, limit });
      if (found.kind === 'not-found') throw new NotFoundError(`Session with ID ${session_id} not found`);
      return json({
        data: found.runs.map(present(found.session.session_type)),
        meta: { page, limit, total_count: found.total, total_pages: Math.ceil(found.total / limit) },
      });
    },
  }),

  getSessionRun,

  defineRoute({
    method: 'post',
    path: '/sessions/{session_id}/runs',
    operationId: 'ingest_session_run',
    tags: ['Sessions'],
    summary: 'Ingest one run (upsert by run_id; the session is created if missing)',
    params: SessionIdParamsSchema,
    query: RunQuerySchema,
    body: { schema: IngestRunBodySchema, limit: INGEST_BODY_LIMIT, asSent: true },
    answers: {
      200: { description: 'Run replaced', schema: IngestResultSchema },
      201: { description: 'Run created', schema: IngestResultSchema },
    },
    errors: [400, 404, 409, 503],
    emits: ['SESSION_UNREADABLE'],
    scopes: ['sessions:write'],
    deskView: false,
    async handle({ params: { session_id }, query: q, body }, ctx) {
      // Validated, and as sent (asSent): JSON.parse keeps a client's `__proto__` key as an own key.
      const run = body as StoredRun & z.output<typeof IngestRunBodySchema>;
      const target = selectDatabase(ctx.runtime, q, 'write');
      await keepAnsweringDatabase(ctx.runtime, target);
      const result = await sessions.ingestRun(target.sessions(q.table), ctx.scope(undefined), session_id, q.type, run);
      return json(
        { session_id, run_id: run.run_id, session_created: result.sessionCreated, run_created: result.runCreated },
        result.runCreated ? 201 : 200,
      );
    },
  }),

  defineRoute({
    method: 'post',
    path: '/sessions',
    operationId: 'create_session',
    tags: ['Sessions'],
    summary: 'Create a session without runs',
    description: "AgentOS's create: the owner is the token's user when it names one, else the body's `user_id`; an id already taken is a 409.",
    query: CreateSessionQuerySchema,
    body: { schema: CreateSessionBodySchema, limit: '1mb' },
    answers: { 201: { description: 'The new session', schema: SessionDetailSchema } },
    errors: [400, 404, 409, 503],
    scopes: ['sessions:write'],
    deskView: false,
    async handle({ query: q, body }, ctx) {
      const target = selectDatabase(ctx.runtime, q, 'write');
      await keepAnsweringDatabase(ctx.runtime, target);
      const store = target.sessions();
      const created = await writes.createSession(store, ctx.scope(undefined), q.type, body, ctx.auth?.user_id ?? null, nowSeconds(), randomUUID);
      // The session just written, whoever the body or token made its owner.
      return json(await sessionDetail(store, AccessScope.all(), created.session_id, q.type), 201);
    },
  }),

  defineRoute({
    method: 'post',
    path: '/sessions/{session_id}/rename',
    operationId: 'rename_session',
    tags: ['Sessions'],
    summary: 'Rename a session',
    params: SessionIdParamsSchema,
    query: SessionQuerySchema,
    body: { schema: RenameSessionBodySchema, limit: '1mb' },
    answers: { 200: { description: 'The renamed session', schema: SessionDetailSchema } },
    errors: [400, 404, 409, 503],
    emits: ['SESSION_UNREADABLE'],
    scopes: ['sessions:write'],
    deskView: false,
    async handle({ params: { session_id }, query: q, body }, ctx) {
      return json(await updateAndRead(ctx, session_id, q, { session_name: body.session_name }));
    },
  }),

  defineRoute({
    method: 'patch',
    path: '/sessions/{session_id}',
    operationId: 'update_session',
    tags: ['Sessions'],
    summary: 'Update a session (name, state, metadata, summary)',
    params: SessionIdParamsSchema,
    query: SessionQuerySchema,
    body: { schema: UpdateSessionBodySchema, limit: '1mb' },
    answers: { 200: { description: 'The updated session', schema: SessionDetailSchema } },
    errors: [400, 404, 409, 503],
    emits: ['SESSION_UNREADABLE'],
    scopes: ['sessions:write'],
    deskView: false,
    async handle({ params: { session_id }, query: q, body }, ctx) {
      return json(await updateAndRead(ctx, session_id, q, body));
    },
  }),

  defineRoute({
    method: 'delete',
    path: '/sessions',
    operationId: 'delete_sessions',
    tags: ['Sessions'],
    summary: 'Delete several sessions and their runs',
    description: 'Deletes each named session of the caller by id (as AgentOS, `session_types` must only be as long as `session_ids`).',
    query: DeleteSessionsQuerySchema,
    body: { schema: DeleteSessionsBodySchema, limit: '1mb' },
    answers: { 204: { description: 'Deleted (ids that matched nothing included)' } },
    errors: [400, 404, 409, 503],
    scopes: ['sessions:delete'],
    deskView: false,
    async handle({ query: q, body }, ctx) {
      if (body.session_ids.length !== body.session_types.length) {
        throw new BadRequestError('Session IDs and session types must have the same length');
      }
      await sessions.deleteSessions(selectStore(ctx.runtime, q), ctx.scope(q.user_id), body.session_ids);
      return noContent();
    },
  }),

  defineRoute({
    method: 'delete',
    path: '/sessions/{session_id}',
    operationId: 'delete_session',
    tags: ['Sessions'],
    summary: 'Delete a session and its runs',
    params: SessionIdParamsSchema,
    query: SessionQuerySchema,
    answers: { 204: { description: 'Deleted, or there was no such session (of this caller)' } },
    errors: [400, 404, 409, 503],
    scopes: ['sessions:delete'],
    deskView: false,
    async handle({ params: { session_id }, query: q }, ctx) {
      // 204 whether or not a row matched, as AgentOS: a delete says nothing about what exists.
      await sessions.deleteSession(selectStore(ctx.runtime, q), ctx.scope(q.user_id), session_id, q.type);
      return noContent();
    },
  }),
];
