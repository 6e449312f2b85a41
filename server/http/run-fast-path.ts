import type { IncomingMessage, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import type { Runtime } from '../runtime-types.js';
import { accessScopeOf, type AccessScope } from '../sessions/access-scope.js';
import { TraceParamsSchema, TraceQuerySchema } from '../traces/schemas.js';
import { isAllowedHost } from './host-guard.js';
import { selectDatabase, selectStore } from './request-scope.js';
import { getRunBody, RUN_BODY_CONTENT_TYPE } from './run-body.js';
import { RunParamsSchema, RunQuerySchema } from './schemas.js';
import { SECURITY_HEADERS } from './security-headers.js';
import { getTraceBody } from './trace-body.js';
import { parseInput } from './validate.js';

/** The routes, lower-case and without a trailing slash; every other spelling goes to Express. */
const RUN_PATH = /^\/sessions\/([^/]+)\/runs\/([^/]+)$/;
/** `/traces/filter-schema` is its own route, served before this one. */
const TRACE_PATH = /^\/traces\/(?!filter-schema$)([^/]+)$/;
/** Characters after which parseurl stops taking the URL as a plain path and query. */
const UNPLAIN = /[\t\n\f\r #\u00a0\ufeff]/;

/** Route params as Express's router decodes them; `null` where it would answer 400. */
function decodeParam(value: string): string | null {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * A GET the fast path answers: its path pattern and how to read its ids and query into the
 * user filter and the answer's bytes (`null`, a throw or a rejection: Express answers instead).
 */
interface FastRoute {
  /** A cheap first test of the URL. */
  prefix: string;
  pattern: RegExp;
  parse(ids: string[], query: querystring.ParsedUrlQuery): { queryUserId: string | undefined; body(scope: AccessScope): Promise<Buffer | null> };
}

function fastRoutes(runtime: Runtime): FastRoute[] {
  return [
    {
      prefix: '/sessions/',
      pattern: RUN_PATH,
      parse(ids, query) {
        const params = parseInput(RunParamsSchema, { session_id: ids[0], run_id: ids[1] }, 'path');
        const q = parseInput(RunQuerySchema, query, 'query');
        return {
          queryUserId: q.user_id,
          body: async (scope) => {
            const found = await getRunBody(selectStore(runtime, q), scope, params.session_id, params.run_id, q.type);
            return found.kind === 'found' ? found.body : null;
          },
        };
      },
    },
    {
      prefix: '/traces/',
      pattern: TRACE_PATH,
      parse(ids, query) {
        const params = parseInput(TraceParamsSchema, { trace_id: ids[0] }, 'path');
        const q = parseInput(TraceQuerySchema, query, 'query');
        return { queryUserId: undefined, body: (scope) => getTraceBody(selectDatabase(runtime, q).traces(), scope, params.trace_id, q.span_id) };
      },
    },
  ];
}

/**
 * The two hottest reads — `GET /sessions/{session_id}/runs/{run_id}` and `GET /traces/{trace_id}` —
 * answered without Express, which costs more per request than the rest of a cached read together
 * (issue #14). They are the same routes, not second implementations: the same Host check,
 * security headers, auth layer, schemas, store selection, use case and serialized body, written
 * with the headers Express would write.
 *
 * It answers only the plain success case. Anything else — another method or spelling of the
 * path, a body, CORS (`Origin`), conditional headers, a bad Host, bad params or query, a denied
 * or failed authorization, a missing session, run, trace or span, a failing database — is handed
 * to Express untouched (nothing has been written yet), and Express answers it exactly as before.
 */
export function createFastPath(
  runtime: Runtime,
  address: () => { host: string; port: number },
  observe: (outcome: 'answered' | 'express') => void = () => {},
) {
  const routes = fastRoutes(runtime);
  const answer = async (req: IncomingMessage, res: ServerResponse, route: FastRoute, path: string, query: string | null, ids: string[]): Promise<boolean> => {
    let parsed;
    try {
      parsed = route.parse(ids, querystring.parse(query ?? ''));
    } catch {
      return false;
    }
    const decision = await runtime.auth().authorize({ method: 'GET', path, headers: req.headers });
    if (decision.outcome === 'deny') return false;
    const scope = accessScopeOf(decision.outcome === 'allow' ? decision.state : null, parsed.queryUserId);
    const body = await parsed.body(scope);
    if (body === null) return false;
    res.statusCode = 200;
    // As corsMiddleware: every platform answer varies on Origin, also one asked without it.
    res.setHeader('Vary', 'Origin');
    for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
    res.setHeader('Content-Type', RUN_BODY_CONTENT_TYPE);
    res.setHeader('Content-Length', body.length);
    res.end(body);
    return true;
  };

  /** Answers the request, or calls `express` (at once, or after an await) to answer it. */
  return (req: IncomingMessage, res: ServerResponse, toExpress: () => void): void => {
    const express = () => {
      observe('express');
      toExpress();
    };
    const url = req.url;
    const h = req.headers;
    const route = url === undefined ? undefined : routes.find((r) => url.startsWith(r.prefix));
    if (
      req.method !== 'GET' ||
      url === undefined ||
      route === undefined ||
      UNPLAIN.test(url) ||
      h.origin !== undefined ||
      h['if-none-match'] !== undefined ||
      h['if-modified-since'] !== undefined ||
      h['content-length'] !== undefined ||
      h['transfer-encoding'] !== undefined
    ) {
      express();
      return;
    }
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const m = route.pattern.exec(path);
    const bound = address();
    const ids = m ? m.slice(1).map((id) => decodeParam(id)) : null;
    if (ids === null || ids.some((id) => id === null) || !isAllowedHost(h.host, bound.port, bound.host)) {
      express();
      return;
    }
    answer(req, res, route, path, q < 0 ? null : url.slice(q + 1), ids as string[]).then(
      (done) => {
        if (done) observe('answered');
        else express();
      },
      () => express(),
    );
  };
}
