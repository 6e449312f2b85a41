import { Router } from 'express';
import type { Runtime } from '../../runtime-types.js';
import { TRACE_FILTER_SCHEMA } from '../../traces/filter-schema.js';
import {
  TraceParamsSchema,
  TraceQuerySchema,
  TraceSearchBodySchema,
  TraceSearchQuerySchema,
  TraceSessionStatsQuerySchema,
  TracesQuerySchema,
} from '../../traces/schemas.js';
import * as traces from '../../traces/use-cases.js';
import { jsonBody } from '../json-body.js';
import { scopeOf, selectDatabase } from '../request-scope.js';
import { parseInput } from '../validate.js';

/** A search body is a filter expression and paging: small. */
const SEARCH_BODY_LIMIT = '256kb';

/** The trace routes of the platform (AgentOS 2.9's `/traces` family): parse → use case → answer. */
export function tracesRouter(runtime: Runtime): Router {
  const router = Router();
  const store = (q: { db_id?: string | undefined }) => selectDatabase(runtime, q).traces();

  router.get('/traces', async (req, res) => {
    const q = parseInput(TracesQuerySchema, req.query, 'query');
    res.json(await traces.listTraces(store(q), scopeOf(res, q.user_id), q));
  });

  router.get('/traces/filter-schema', (_req, res) => {
    res.json(TRACE_FILTER_SCHEMA);
  });

  router.get('/traces/:trace_id', async (req, res) => {
    const { trace_id } = parseInput(TraceParamsSchema, req.params, 'path');
    const q = parseInput(TraceQuerySchema, req.query, 'query');
    res.json(await traces.getTrace(store(q), scopeOf(res, undefined), trace_id, q.span_id));
  });

  router.get('/trace_session_stats', async (req, res) => {
    const q = parseInput(TraceSessionStatsQuerySchema, req.query, 'query');
    res.json(await traces.traceSessionStats(store(q), scopeOf(res, q.user_id), q));
  });

  router.post('/traces/search', jsonBody({ limit: SEARCH_BODY_LIMIT }), async (req, res) => {
    const q = parseInput(TraceSearchQuerySchema, req.query, 'query');
    const body = parseInput(TraceSearchBodySchema, req.body ?? {}, 'body');
    res.json(await traces.searchTraces(store(q), scopeOf(res, undefined), body));
  });

  return router;
}
