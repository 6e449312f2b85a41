import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AuthLayer, RequestAuthState } from '../auth/types.js';
import { authorizeRequest } from './pipeline.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /**
       * Set by `authMiddleware`: the request state of an authenticated request, or `null`
       * on an excluded route. Read it with `authStateOf(res)`.
       */
      auth?: RequestAuthState | null;
    }
  }
}

/**
 * The thin Express adapter over the auth core. `getLayer` is called per request, so a
 * settings change takes effect by swapping the layer. Denials go to the error middleware
 * as `UnauthenticatedError` (401, with `WWW-Authenticate`) or `ForbiddenError` (403).
 *
 * @example
 * app.use(authMiddleware(() => currentLayer));
 * app.get('/agents', (req, res) => res.json(listAgents(authStateOf(res))));
 */
export function authMiddleware(getLayer: () => AuthLayer): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      // Express's own parse of the URL (also right for absolute-form request targets such as
      // `GET http://host/agents`), prefixed with the mount path: exactly what routes see.
      res.locals.auth = await authorizeRequest(getLayer(), req.method, `${req.baseUrl}${req.path}` || '/', req.headers);
      next();
    } catch (err) {
      next(err);
    }
  };
}

/**
 * The request's auth state: `null` on excluded routes. Throws a `TypeError` when the
 * middleware did not run for this request (a wiring mistake, not a client error).
 */
export function authStateOf(res: Response): RequestAuthState | null {
  const state = res.locals.auth;
  if (state === undefined) throw new TypeError('authStateOf: authMiddleware did not run for this request');
  return state;
}
