import { Router } from 'express';
import { NotFoundError } from '../../errors.js';
import type { StoredRun } from '../../db/types.js';
import type { Runtime } from '../../runtime-types.js';
import type { z } from 'zod';
import { toRunShape } from '../../runs/shapes.js';
import { listedShapeOf, presentSessionDetail, presentSessionListItem } from '../present.js';
import { selectStore, userFilterFor, writerUserFor } from '../request-scope.js';
import {
  IngestRunBodySchema,
  ListSessionsQuerySchema,
  RunParamsSchema,
  RunQuerySchema,
  SessionIdParamsSchema,
  SessionQuerySchema,
} from '../schemas.js';
import { jsonBody } from '../json-body.js';
import { parseInput } from '../validate.js';

/** Ingest bodies are one run; 10 MB holds a run with thousands of messages and inline media. */
export const INGEST_BODY_LIMIT = '10mb';

function typeName(type: string): string {
  return type.charAt(0).toUpperCase() + type.slice(1);
}

/** The session routes of SPEC §4.1 and DESIGN.md "HTTP API". Handlers stay thin over the store. */
export function sessionsRouter(runtime: Runtime): Router {
  const router = Router();

  router.get('/sessions', (req, res) => {
    const q = parseInput(ListSessionsQuerySchema, req.query, 'query');
    const store = selectStore(runtime, q);
    const started = performance.now();
    const page = store.listSessions({
      type: q.type,
      userId: userFilterFor(res, q.user_id),
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

  router.get('/sessions/:session_id', (req, res) => {
    const { session_id } = parseInput(SessionIdParamsSchema, req.params, 'path');
    const q = parseInput(SessionQuerySchema, req.query, 'query');
    const store = selectStore(runtime, q);
    const filter = { type: q.type, userId: userFilterFor(res, q.user_id) };
    const session = store.getSession(session_id, filter);
    if (!session) {
      throw new NotFoundError(
        q.type ? `${typeName(q.type)} Session with id '${session_id}' not found` : `Session with id '${session_id}' not found`,
      );
    }
    // The listing row carries the derived name and counts; reuse it rather than recompute.
    const row = store
      .listSessions({ ...filter, search: undefined, componentId: undefined, page: 1, limit: 1, sortOrder: 'desc', sessionId: session_id })
      .items[0];
    res.json(
      presentSessionDetail(
        session,
        { session_name: row?.session_name ?? '', run_count: row?.run_count ?? 0, total_tokens: row?.total_tokens ?? null },
        store.listRuns(session_id, filter) ?? [],
      ),
    );
  });

  router.get('/sessions/:session_id/runs', (req, res) => {
    const { session_id } = parseInput(SessionIdParamsSchema, req.params, 'path');
    const q = parseInput(SessionQuerySchema, req.query, 'query');
    const store = selectStore(runtime, q);
    const filter = { type: q.type, userId: userFilterFor(res, q.user_id) };
    const session = store.getSession(session_id, filter);
    const runs = session ? store.listRuns(session_id, filter) : null;
    if (!session || !runs) throw new NotFoundError(`Session with ID ${session_id} not found`);
    res.json(runs.map((run) => toRunShape(run, listedShapeOf(session.session_type, run))));
  });

  router.get('/sessions/:session_id/runs/:run_id', (req, res) => {
    const { session_id, run_id } = parseInput(RunParamsSchema, req.params, 'path');
    const q = parseInput(RunQuerySchema, req.query, 'query');
    const store = selectStore(runtime, q);
    const found = store.getRun(session_id, run_id, { type: q.type, userId: userFilterFor(res, q.user_id) });
    switch (found.kind) {
      case 'found':
        res.json(toRunShape(found.run, q.type));
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

  router.post('/sessions/:session_id/runs', jsonBody({ limit: INGEST_BODY_LIMIT }), (req, res) => {
    const { session_id } = parseInput(SessionIdParamsSchema, req.params, 'path');
    const q = parseInput(RunQuerySchema, req.query, 'query');
    parseInput(IngestRunBodySchema, req.body, 'body');
    // Validated, then stored as sent: zod rebuilds objects by assignment, which turns a client's
    // `__proto__` key into a prototype change and drops it. JSON.parse keeps it as an own key.
    const run = req.body as StoredRun & z.output<typeof IngestRunBodySchema>;
    const store = selectStore(runtime, q, 'write');
    const userId = writerUserFor(res, run.user_id);
    const stamped = userId === null ? run : { ...run, user_id: userId };
    const result = store.upsertRun({ sessionId: session_id, type: q.type, run: stamped, userId });
    res.status(result.runCreated ? 201 : 200).json({
      session_id,
      run_id: run.run_id,
      session_created: result.sessionCreated,
      run_created: result.runCreated,
    });
  });

  router.delete('/sessions/:session_id', (req, res) => {
    const { session_id } = parseInput(SessionIdParamsSchema, req.params, 'path');
    const q = parseInput(SessionQuerySchema, req.query, 'query');
    const store = selectStore(runtime, q);
    const deleted = store.deleteSession(session_id, { type: q.type, userId: userFilterFor(res, q.user_id) });
    if (!deleted) throw new NotFoundError(`Session with ID ${session_id} not found`);
    res.status(204).end();
  });

  return router;
}
