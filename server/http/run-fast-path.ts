import type { IncomingMessage, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import type { Runtime } from '../runtime-types.js';
import { accessScopeOf } from '../sessions/access-scope.js';
import { isAllowedHost } from './host-guard.js';
import { selectStore } from './request-scope.js';
import { getRunBody, RUN_BODY_CONTENT_TYPE } from './run-body.js';
import { RunParamsSchema, RunQuerySchema } from './schemas.js';
import { SECURITY_HEADERS } from './security-headers.js';
import { parseInput } from './validate.js';

/** The route, lower-case and without a trailing slash; every other spelling goes to Express. */
const RUN_PATH = /^\/sessions\/([^/]+)\/runs\/([^/]+)$/;
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
 * `GET /sessions/{session_id}/runs/{run_id}` answered without Express, which costs more per
 * request than the rest of a cached run GET together (issue #14). It is the same route, not a
 * second implementation: the same Host check, security headers, auth layer, schemas, store
 * selection, use case and serialized body, written with the headers Express would write.
 *
 * It answers only the plain success case. Anything else — another method or spelling of the
 * path, a body, CORS (`Origin`), conditional headers, a bad Host, bad params or query, a denied
 * or failed authorization, a missing session or run, a failing database — is handed to Express
 * untouched (nothing has been written yet), and Express answers it exactly as before.
 */
export function createRunFastPath(
  runtime: Runtime,
  address: () => { host: string; port: number },
  observe: (outcome: 'answered' | 'express') => void = () => {},
) {
  const answer = async (req: IncomingMessage, res: ServerResponse, path: string, query: string | null, ids: [string, string]): Promise<boolean> => {
    let params;
    let q;
    try {
      params = parseInput(RunParamsSchema, { session_id: ids[0], run_id: ids[1] }, 'path');
      q = parseInput(RunQuerySchema, querystring.parse(query ?? ''), 'query');
    } catch {
      return false;
    }
    const decision = await runtime.auth().authorize({ method: 'GET', path, headers: req.headers });
    if (decision.outcome === 'deny') return false;
    const scope = accessScopeOf(decision.outcome === 'allow' ? decision.state : null, q.user_id);
    const found = await getRunBody(selectStore(runtime, q), scope, params.session_id, params.run_id, q.type);
    if (found.kind !== 'found') return false;
    res.statusCode = 200;
    // As corsMiddleware: every platform answer varies on Origin, also one asked without it.
    res.setHeader('Vary', 'Origin');
    for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
    res.setHeader('Content-Type', RUN_BODY_CONTENT_TYPE);
    res.setHeader('Content-Length', found.body.length);
    res.end(found.body);
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
    if (
      req.method !== 'GET' ||
      url === undefined ||
      !url.startsWith('/sessions/') ||
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
    const m = RUN_PATH.exec(path);
    const bound = address();
    const sessionId = m && decodeParam(m[1] as string);
    const runId = m && decodeParam(m[2] as string);
    if (sessionId === null || runId === null || !isAllowedHost(h.host, bound.port, bound.host)) {
      express();
      return;
    }
    answer(req, res, path, q < 0 ? null : url.slice(q + 1), [sessionId, runId]).then(
      (done) => {
        if (done) observe('answered');
        else express();
      },
      () => express(),
    );
  };
}
