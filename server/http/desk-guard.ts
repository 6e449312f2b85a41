import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { httpAnswerOf } from '../error-table.js';
import { ForbiddenError, UnauthenticatedError } from '../errors.js';
import { sendError } from './error-middleware.js';
import type { Runtime } from '../runtime/runtime-types.js';
import { deskTokenMatches } from './desk-credential.js';

/** Header a script sends the desk credential in. */
export const DESK_TOKEN_HEADER = 'x-desk-token';
/** Cookie the UI login URL sets (HttpOnly, SameSite=Strict, Path=/). */
export const DESK_COOKIE = 'rundesk_desk';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The `rundesk_desk` cookie's value, or undefined. Parsed by hand: one cookie, no dependency. */
export function readDeskCookie(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== DESK_COOKIE) continue;
    const raw = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

function presentedToken(req: Request): string | undefined {
  const header = req.headers[DESK_TOKEN_HEADER];
  if (typeof header === 'string' && header.length > 0) return header;
  return readDeskCookie(req.headers.cookie);
}

const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Whether an `Origin` header names this server. The server's own base URL always counts; so
 * does a loopback name on the same port (the UI may be opened as `localhost` while the
 * server reports `127.0.0.1`). Anything else, including the opaque `null`, is foreign.
 */
export function isOwnOrigin(origin: string, baseUrl: string): boolean {
  let o: URL;
  let base: URL;
  try {
    o = new URL(origin);
    base = new URL(baseUrl);
  } catch {
    return false;
  }
  if (o.origin === 'null' || o.origin !== origin.replace(/\/$/, '')) return false;
  if (o.origin === base.origin) return true;
  return o.protocol === base.protocol && o.port === base.port && LOOPBACK_HOST.test(o.hostname) && LOOPBACK_HOST.test(base.hostname);
}

/**
 * Guards `/desk/*` (and, through `uiGuard`, `/ui/*`): the desk sits outside the configurable
 * JWT layer, so it has its own credential. Cross-origin writes are refused even before the
 * credential is looked at, since a foreign page must never drive the control plane.
 * No CORS headers are ever sent, so browsers keep foreign pages from reading answers.
 */
export function deskGuard(runtime: Runtime): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    if (STATE_CHANGING.has(req.method) && typeof origin === 'string' && !isOwnOrigin(origin, runtime.baseUrl())) {
      throw new ForbiddenError(`Cross-origin request refused: Origin ${origin} is not this server (${new URL(runtime.baseUrl()).origin})`);
    }
    const token = presentedToken(req);
    if (token === undefined) {
      throw new UnauthenticatedError(
        'Desk token missing: send the X-Desk-Token header or open the UI login URL printed at startup',
        'missing',
      );
    }
    if (!deskTokenMatches(runtime.deskToken, token)) {
      throw new UnauthenticatedError('Desk token invalid', 'invalid');
    }
    next();
  };
}

/** The request URL with the `token` query parameter removed (kept relative). */
export function withoutTokenParam(originalUrl: string): string {
  const url = new URL(originalUrl, 'http://placeholder');
  url.searchParams.delete('token');
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * `GET /ui/...?token=<desk token>`: the login URL printed at startup. A valid token becomes the
 * HttpOnly cookie and the browser is redirected to the same URL without it, so the credential
 * neither stays in the address bar nor leaks through `Referer`. Requests without `token` pass.
 */
export function uiLoginHandler(runtime: Runtime): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const params = new URL(req.originalUrl, 'http://placeholder').searchParams;
    if (!params.has('token') || (req.method !== 'GET' && req.method !== 'HEAD')) {
      next();
      return;
    }
    // URLSearchParams decodes each name once: `%74oken` is `token`, `%2574oken` is not. Two
    // `token` parameters are not a login link rundesk printed.
    const tokens = params.getAll('token');
    if (tokens.length !== 1 || !deskTokenMatches(runtime.deskToken, tokens[0])) {
      sendUiUnauthenticated(req, res, 'The login link is not valid for this rundesk install.');
      return;
    }
    res.setHeader('Set-Cookie', `${DESK_COOKIE}=${encodeURIComponent(runtime.deskToken)}; Path=/; HttpOnly; SameSite=Strict`);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.redirect(302, withoutTokenParam(req.originalUrl));
  };
}

/**
 * Everything `/ui` needs in front of the static files: the login handler, then the desk
 * credential check. Browsers navigating without the cookie get a short HTML page that says
 * how to log in rather than a JSON error.
 *
 * @example
 * app.use('/ui', uiGuard(runtime), express.static(uiDir));
 */
export function uiGuard(runtime: Runtime): express.Router {
  const router = express.Router();
  router.use(uiLoginHandler(runtime));
  router.use((req: Request, res: Response, next: NextFunction) => {
    const token = presentedToken(req);
    if (token !== undefined && deskTokenMatches(runtime.deskToken, token)) {
      next();
      return;
    }
    sendUiUnauthenticated(
      req,
      res,
      token === undefined
        ? 'Open the login URL that rundesk printed at startup (it ends in /ui/?token=…).'
        : 'Your rundesk login has expired or belongs to another install. Open the login URL printed at startup.',
    );
  });
  return router;
}

function sendUiUnauthenticated(req: Request, res: Response, message: string): void {
  res.setHeader('Cache-Control', 'no-store');
  const error = new UnauthenticatedError(message, 'missing');
  if (req.accepts(['json', 'html']) === 'html') {
    const { status, headers } = httpAnswerOf(error);
    res.status(status).set(headers).type('html').send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>rundesk: log in</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto">` +
        `<h1>rundesk</h1><p>${message.replace(/[<>&]/g, '')}</p></body></html>`,
    );
    return;
  }
  sendError(res, error);
}
