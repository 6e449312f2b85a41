import { Router } from 'express';
import { NotFoundError } from '../../errors.js';
import type { StoredRun } from '../../db/types.js';
import type { Runtime } from '../../runtime-types.js';
import type { z } from 'zod';
import { toRunShape } from '../../runs/shapes.js';
import { listedShapeOf, presentSessionDetail, presentSessionListItem } from '../present.js';
import * as sessions from '../../sessions/use-cases.js';
import { scopeOf, selectStore } from '../request-scope.js';
import {
  IngestRunBodySchema,
  ListSessionsQuerySchema,
  RunParamsSchema,
  RunQuerySchema,
  SessionIdParamsSchema,
  SessionQuerySchema,
  SessionRunsQuerySchema,
} from '../schemas.js';
import { jsonBody } from '../json-body.js';
import { getRunBody, RUN_BODY_CONTENT_TYPE } from '../run-body.js';
import { parseInput } from '../validate.js';

/** Ingest bodies are one run; 10 MB holds a run with thousands of messages and inline media. */
export const INGEST_BODY_LIMIT = '10mb';

function typeName(type: string): string {
  return type.charAt(0).toUpperCase() + type.slice(1);
}

/** The session routes of SPEC §4.1 and DESIGN.md "HTTP API": parse → use case → present. */
export function sessionsRouter(runtime: Runtime): Router {
  const router = Router();

  router.get('/sessions', async (req, res) => {
    const q = parseInput(ListSessionsQuerySchema, req.query, 'query');
    const started = performance.now();
    const page = await sessions.listSessions(selectStore(runtime, q), scopeOf(res, q.user_id), {
      type: q.type,
      componentId: q.component_id,
      search: q.search,
      sessionName: q.session_name,
      page: q.page,
      limit: q.limit,
      sortBy: q.sort_by,
      sortOrder: q.sort_order,
    });
    res.json({
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
  });

  router.get('/sessions/:session_id', async (req, res) => {
    const { session_id } = parseInput(SessionIdParamsSchema, req.params, 'path');
    const q = parseInput(SessionQuerySchema, req.query, 'query');
    const found = await sessions.getSessionDetail(selectStore(runtime, q), scopeOf(res, q.user_id), session_id, q.type);
    if (found.kind === 'not-found') {
      throw new NotFoundError(
        q.type ? `${typeName(q.type)} Session with id '${session_id}' not found` : `Session with id '${session_id}' not found`,
      );
    }
    const row = found.listing;
    res.json(
      presentSessionDetail(
        found.session,
        { session_name: row?.session_name ?? '', run_count: row?.run_count ?? 0, total_tokens: row?.total_tokens ?? null },
        found.runs,
      ),
    );
  });

  router.get('/sessions/:session_id/runs', async (req, res) => {
    const { session_id } = parseInput(SessionIdParamsSchema, req.params, 'path');
    const q = parseInput(SessionRunsQuerySchema, req.query, 'query');
    const found = await sessions.listRuns(selectStore(runtime, q), scopeOf(res, q.user_id), session_id, q.type, {
      after: q.created_after,
      before: q.created_before,
    });
    if (found.kind === 'not-found') throw new NotFoundError(`Session with ID ${session_id} not found`);
    res.json(found.runs.map((run) => toRunShape(run, listedShapeOf(found.session.session_type, run))));
  });

  router.get('/sessions/:session_id/runs/:run_id', async (req, res) => {
    const { session_id, run_id } = parseInput(RunParamsSchema, req.params, 'path');
    const q = parseInput(RunQuerySchema, req.query, 'query');
    const found = await getRunBody(selectStore(runtime, q), scopeOf(res, q.user_id), session_id, run_id, q.type);
    switch (found.kind) {
      case 'found':
        // What res.json sends, from bytes serialized once (run-body.ts).
        res.set('Content-Type', RUN_BODY_CONTENT_TYPE).send(found.body);
        return;
      case 'no-session':
        throw new NotFoundError(`Session with ID ${session_id} not found`);
      case 'wrong-type':
        throw new NotFoundError(
          `Session with ID ${session_id} not found with type=${q.type}; it is a ${found.actualType} session, use ?type=${found.actualType}`,
        );
      case 'no-runs':
        throw new NotFoundError(`Session with ID ${session_id} has no runs`);
      case 'no-run':
        throw new NotFoundError(`Run with ID ${run_id} not found in session ${session_id}`);
    }
  });

  router.post('/sessions/:session_id/runs', jsonBody({ limit: INGEST_BODY_LIMIT }), async (req, res) => {
    const { session_id } = parseInput(SessionIdParamsSchema, req.params, 'path');
    const q = parseInput(RunQuerySchema, req.query, 'query');
    parseInput(IngestRunBodySchema, req.body, 'body');
    // Validated, then stored as sent: zod rebuilds objects by assignment, which turns a client's
    // `__proto__` key into a prototype change and drops it. JSON.parse keeps it as an own key.
    const run = req.body as StoredRun & z.output<typeof IngestRunBodySchema>;
    const result = await sessions.ingestRun(selectStore(runtime, q, 'write'), scopeOf(res, undefined), session_id, q.type, run);
    res.status(result.runCreated ? 201 : 200).json({
      session_id,
      run_id: run.run_id,
      session_created: result.sessionCreated,
      run_created: result.runCreated,
    });
  });

  router.delete('/sessions/:session_id', async (req, res) => {
    const { session_id } = parseInput(SessionIdParamsSchema, req.params, 'path');
    const q = parseInput(SessionQuerySchema, req.query, 'query');
    const deleted = await sessions.deleteSession(selectStore(runtime, q), scopeOf(res, q.user_id), session_id, q.type);
    if (!deleted) throw new NotFoundError(`Session with ID ${session_id} not found`);
    res.status(204).end();
  });

  return router;
}
