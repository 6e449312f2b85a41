import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { httpAnswerOf } from '../error-table.js';
import type { AppError } from '../errors.js';
import type { Runtime } from '../runtime/runtime-types.js';
import { varyOnOrigin } from './cors.js';
import { fromExpressError } from './error-middleware.js';
import { isAllowedHost } from './host-guard.js';
import { authorizedBefore, authorizeRequest, callerOf, errorKindOf, routeContext, runRoute } from './pipeline.js';
import { templateParams, type Route, type RouteAnswer } from './route.js';
import { setSecurityHeaders } from './security-headers.js';
import { jsonText } from '../json-text.js';

/**
 * A request target the quick path takes: origin-form, made only of RFC 3986 unreserved and
 * sub-delimiter characters, `:`, `@`, `/`, `%` escapes and one `?` (the query). Anything else —
 * spaces, `#`, non-ASCII, an absolute-form target — goes to Express, whose URL parsing decides.
 */
export const PLAIN_TARGET = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*(\?[A-Za-z0-9\-._~!$&'()*+,;=:@%/?]*)?$/;

interface Compiled {
  route: Route;
  /** The template as a regular expression: literals any letter case (as Express), `{name}` one segment. */
  pattern: RegExp;
  names: string[];
}

function compile(route: Route): Compiled {
  const literals = route.path.split(/\{[^/}]+\}/).map((p) => p.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&'));
  return { route, pattern: new RegExp(`^${literals.join('([^/]+)')}$`, 'i'), names: templateParams(route.path) };
}

/** Params decoded as URI components; `null` for a malformed escape (Express answers that 400). */
function decodeParams(names: readonly string[], values: readonly string[]): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (let i = 0; i < names.length; i++) {
    const raw = values[i] as string;
    try {
      out[names[i] as string] = raw.includes('%') ? decodeURIComponent(raw) : raw;
    } catch {
      return null;
    }
  }
  return out;
}

/** JSON bodies exactly as Express's `res.json` sends them. */
const JSON_TYPE = 'application/json; charset=utf-8';

function writeBody(res: ServerResponse, status: number, contentType: string, body: Buffer): void {
  res.statusCode = status;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

function writeAnswer(res: ServerResponse, answer: RouteAnswer): void {
  switch (answer.kind) {
    case 'json':
      for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
      writeBody(res, answer.status, JSON_TYPE, Buffer.from(jsonText(answer.body)));
      return;
    case 'bytes':
      writeBody(res, answer.status, answer.contentType, answer.body);
      return;
    default:
      // defineRoute admits only JSON/bytes answers on the quick path; reaching here is a bug.
      throw new TypeError(`the quick path cannot write a ${answer.kind} answer`);
  }
}

export function writeError(res: ServerResponse, err: AppError): void {
  const answer = httpAnswerOf(err);
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  writeBody(res, answer.status, JSON_TYPE, Buffer.from(JSON.stringify(answer.body)));
}

export interface QuickPathOptions {
  /** The bound address, for the Host check. */
  address: () => { host: string; port: number };
  log: Logger;
  /** The Express app behind: its query parser and `accepts` are used, not copied. */
  app: Express;
  observe?: ((outcome: 'answered' | 'express') => void) | undefined;
}

/**
 * The route objects that opt in (`quick: true`) compiled into a dispatcher in front of Express,
 * which costs more per request than the rest of a cached run GET together (issue #14).
 *
 * It runs the pipeline's stages (`pipeline.ts`) — the same Host check, security headers, auth
 * layer, schemas, handler and error table Express's adapter runs — and writes what Express
 * would write. Once it takes a request it decides it: a 401, 403, 404 or 422 is answered here,
 * with auth and the store asked once. It takes only what it can answer the same way: a GET of a
 * plain target whose first matching route (in the list's order, as Express matches) is quick,
 * with no body, no `Origin` (CORS) and no conditional header (Express's freshness check), on an
 * allowed Host. Everything else goes to Express untouched, before any stage ran.
 */
export function createQuickPath(runtime: Runtime, routes: readonly Route[], opts: QuickPathOptions) {
  // Every GET route, in order, so a quick route never takes a request an earlier route would.
  const gets = routes.filter((r) => r.method === 'get').map(compile);
  const parseQuery = opts.app.get('query parser fn') as (text: string) => unknown;
  const accepts = (opts.app.request as unknown as { accepts(this: IncomingMessage, types: string[]): string | false }).accepts;
  const observe = opts.observe ?? (() => {});

  const answer = async (req: IncomingMessage, res: ServerResponse, route: Route, path: string, params: Record<string, string>, query: string): Promise<void> => {
    varyOnOrigin(res);
    setSecurityHeaders(res);
    try {
      const layer = runtime.auth();
      const auth = authorizedBefore(layer, 'GET', path, req.headers, req.socket) ?? (await authorizeRequest(layer, 'GET', path, req.headers, req.socket));
      const ctx = routeContext(runtime, callerOf(auth), (types) => accepts.call(req, types), req.headers);
      writeAnswer(res, await runRoute(route, { params, query: parseQuery(query), body: undefined }, ctx));
    } catch (err) {
      const kind = errorKindOf(err, fromExpressError, opts.log, { method: 'GET', path });
      if (res.headersSent) res.destroy();
      else writeError(res, kind);
    }
  };

  /** Answers the request, or calls `toExpress` at once, having done nothing. */
  return (req: IncomingMessage, res: ServerResponse, toExpress: () => void): void => {
    const url = req.url;
    const h = req.headers;
    const express = () => {
      observe('express');
      toExpress();
    };
    if (
      req.method !== 'GET' ||
      url === undefined ||
      !PLAIN_TARGET.test(url) ||
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
    let match: RegExpExecArray | null = null;
    let compiled: Compiled | undefined;
    for (const c of gets) {
      match = c.pattern.exec(path);
      if (match) {
        compiled = c;
        break;
      }
    }
    const bound = opts.address();
    const params = compiled?.route.quick && match ? decodeParams(compiled.names, match.slice(1)) : null;
    if (!compiled || params === null || !isAllowedHost(h.host, bound.port, bound.host)) {
      express();
      return;
    }
    observe('answered');
    void answer(req, res, compiled.route, path, params, q < 0 ? '' : url.slice(q + 1));
  };
}
