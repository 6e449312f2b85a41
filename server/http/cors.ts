import type { ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { CorsOriginError } from '../errors.js';

/**
 * CORS for the platform API, with AgentOS's semantics (Starlette's CORSMiddleware as AgentOS
 * configures it): an exact-match origin list, credentials allowed, every method, the request's
 * own headers, a 10-minute preflight cache. The headers go on every answer to a listed origin —
 * 401, 403, 404, 422 and 500 included — because they are set before any route or error handler
 * runs. Pages on other origins get no CORS header at all, and their preflights a 400.
 *
 * `/desk` and `/ui` never answer CORS: the desk is the local control plane and must stay
 * same-origin.
 */

const PREFLIGHT_METHODS = 'DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT';
const PREFLIGHT_MAX_AGE = '600';
/** Answer headers a page may read besides the CORS-safelisted ones. */
const EXPOSED_HEADERS = 'WWW-Authenticate, Retry-After, Content-Disposition, Location';
/** A header list as a browser sends it: tokens separated by commas. */
const HEADER_LIST = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(\s*,\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/;

/** Paths outside the platform API, which never answer CORS. */
export function isDeskOrUiPath(path: string): boolean {
  return /^\/(desk|ui)(\/|$)/i.test(path);
}

/**
 * Every platform answer depends on Origin, also one sent without it: a cache (the browser's
 * included) must not serve it to a page on another origin. All a request without `Origin` gets.
 */
export function varyOnOrigin(res: ServerResponse): void {
  // The first Vary of every answer (CORS runs before anything else that varies it).
  res.setHeader('Vary', 'Origin');
}

export function corsMiddleware(allowedOrigins: () => readonly string[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (isDeskOrUiPath(req.path)) return next();
    varyOnOrigin(res);
    const origin = req.headers.origin;
    if (origin === undefined) return next();
    const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
    if (!allowedOrigins().includes(origin)) {
      // Foreign origins learn nothing; a preflight is refused outright, as the platform does.
      if (preflight) return next(new CorsOriginError(origin));
      return next();
    }
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    if (!preflight) {
      res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
      return next();
    }
    res.setHeader('Access-Control-Allow-Methods', PREFLIGHT_METHODS);
    res.setHeader('Access-Control-Max-Age', PREFLIGHT_MAX_AGE);
    const requested = req.headers['access-control-request-headers'];
    if (typeof requested === 'string' && HEADER_LIST.test(requested.trim())) {
      res.setHeader('Access-Control-Allow-Headers', requested.trim());
    }
    // Chromium's Private Network Access: a page on a public origin (the platform's control plane
    // on https://os.agno.com) calling a loopback server must be allowed to explicitly.
    if (req.headers['access-control-request-private-network'] === 'true') {
      res.setHeader('Access-Control-Allow-Private-Network', 'true');
    }
    res.vary('Access-Control-Request-Method');
    res.vary('Access-Control-Request-Headers');
    res.status(200).type('text/plain').send('OK');
  };
}
