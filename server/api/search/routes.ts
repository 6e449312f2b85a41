import { toIsoDateTime } from '../../agno-format/dates.js';
import { formatSearchQuery, mergeQueries, parseSearchQuery } from './search-query.js';
import { searchRuns } from './search-runs.js';
import { databaseOwner } from '../../caches/owners.js';
import { selectDatabase } from '../../http/request-scope.js';
import { defineRoute, json } from '../../http/route.js';
import { RunSearchPageSchema, RunSearchQuerySchema } from './schemas.js';

const lower = (v: string | undefined) => (v ? [v.toLowerCase()] : []);

/** `GET /search/runs`: rundesk's full-text search over the runs of one session table. */
export const runSearchRoutes = [
  defineRoute({
    method: 'get',
    path: '/search/runs',
    operationId: 'search_runs',
    tags: ['Sessions'],
    summary: 'Search runs by their content (rundesk extension)',
    description:
      'Every run of the table whose input, output, messages or tool calls hold the words, filtered by status, tool, model, user and session type; sorted and paged, each with the text around its matches. Under user isolation only the caller\u2019s runs are searched.',
    query: RunSearchQuerySchema,
    answers: { 200: { description: 'A page of matching runs', schema: RunSearchPageSchema } },
    errors: [400, 404, 503],
    emits: ['SESSION_UNREADABLE'],
    scopes: ['sessions:read'],
    deskView: true,
    async handle({ query: q }, ctx) {
      const started = performance.now();
      const query = mergeQueries(parseSearchQuery(q.q), {
        status: lower(q.status),
        tools: lower(q.tool),
        models: lower(q.model),
        users: lower(q.user),
        errorsOnly: q.errors === 'true',
      });
      const db = selectDatabase(ctx.runtime, q);
      const caches = ctx.runtime.caches;
      const documents = await caches.searchDocuments.of(db, q.table, caches.generation(databaseOwner(db.id)));
      const page = await searchRuns(documents, ctx.scope(q.user_id), {
        query,
        sessionType: q.type,
        sortBy: q.sort_by,
        sortOrder: q.sort_order,
        page: q.page,
        limit: q.limit,
      });
      return json({
        data: page.items.map(({ doc, hits }) => ({
          session_id: doc.sessionId,
          session_type: doc.sessionType,
          session_name: doc.sessionName,
          run_id: doc.runId,
          parent_run_id: doc.parentRunId,
          user_id: doc.userId,
          component_id: doc.componentId,
          status: doc.status,
          model: doc.model,
          created_at: toIsoDateTime(doc.createdAt),
          tools: doc.tools,
          tool_call_count: doc.toolCallCount,
          has_error: doc.hasError,
          hits,
        })),
        meta: {
          page: q.page,
          limit: q.limit,
          total_count: page.total,
          total_pages: Math.ceil(page.total / q.limit),
          searched_runs: page.searched,
          search_time_ms: Math.round((performance.now() - started) * 100) / 100,
          query: formatSearchQuery(query),
        },
        facets: page.facets,
      });
    },
  }),
];
