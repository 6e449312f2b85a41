import type { IncomingHttpHeaders } from 'node:http';
import type { Logger } from 'pino';
import type { AuthLayer, RequestAuthState } from '../auth/types.js';
import { AppError, InternalError } from '../errors.js';
import type { Runtime } from '../runtime/runtime-types.js';
import { AccessScope, accessScopeOf, narrowedTo } from '../access/scope.js';
import type { Route, RouteAnswer, RouteContext, RouteInput } from './route.js';
import { parseInput } from './validate.js';
import { noteDecision } from './decision-note.js';

/**
 * The stages every platform request goes through, whichever way it came in: through Express
 * (`route-express.ts`, `auth-middleware.ts`, `error-middleware.ts`) or through the quick path
 * (`quick-path.ts`). Each stage is written once here; the two adapters only differ in how they
 * read the request and write the answer.
 */

/**
 * The auth layer's decision as a stage: the caller's state (`null` on an excluded path), or
 * the denial thrown as its error kind (401/403).
 */
export async function authorizeRequest(layer: AuthLayer, method: string, path: string, headers: IncomingHttpHeaders, connection?: object): Promise<RequestAuthState | null> {
  const decision = await layer.authorize({ method, path, headers }, connection);
  noteDecision(headers, decision);
  if (decision.outcome === 'deny') throw decision.error;
  return decision.outcome === 'allow' ? decision.state : null;
}

/**
 * The stage above without waiting, when the layer already allowed this token and request line
 * on this connection (see `AuthLayer.decidedBefore`): the caller's state, or `undefined` when
 * `authorizeRequest` must decide.
 */
export function authorizedBefore(layer: AuthLayer, method: string, path: string, headers: IncomingHttpHeaders, connection: object): RequestAuthState | undefined {
  const decision = layer.decidedBefore({ method, path, headers }, connection);
  if (decision?.outcome !== 'allow') return undefined;
  noteDecision(headers, decision);
  return decision.state;
}

/** The route's input, each part checked by its schema (422 naming the bad field). */
export function parseRouteInput(route: Route, raw: { params: unknown; query: unknown; body: unknown }): RouteInput<unknown, unknown, unknown> {
  const params = route.params ? parseInput(route.params, raw.params, 'path') : undefined;
  const query = route.query ? parseInput(route.query, raw.query, 'query') : undefined;
  let body: unknown;
  if (route.body) {
    const sent: unknown = route.body.required === false ? (raw.body ?? {}) : raw.body;
    const parsed = parseInput(route.body.schema, sent, 'body');
    body = route.body.asSent ? sent : parsed;
  }
  return { params, query, body };
}

/**
 * Who asks: the JWT layer's state (`null` on a path it leaves open) and the access scope built
 * from it, once per request.
 */
export interface Caller {
  readonly auth: RequestAuthState | null;
  readonly access: AccessScope;
}

/** A caller of the platform API, as the JWT layer decided. */
export function callerOf(auth: RequestAuthState | null): Caller {
  return { auth, access: accessScopeOf(auth) };
}

/** The developer behind the desk credential (the desk view): no token, and every row, asked for explicitly. */
export const DEVELOPER: Caller = Object.freeze({ auth: null, access: AccessScope.all() });

/** The handler's context for one request. */
export function routeContext(runtime: Runtime, caller: Caller, accepts: (types: string[]) => string | false, headers: IncomingHttpHeaders = {}): RouteContext {
  const { auth, access } = caller;
  const surface = caller === DEVELOPER ? 'desk' : 'platform';
  return { runtime, auth, surface, scope: (queryUserId) => narrowedTo(access, queryUserId), accepts, headers };
}

/** Parse → handler (use case, present): the answer, or a thrown error kind. */
export async function runRoute(
  route: Route,
  raw: { params: unknown; query: unknown; body: unknown },
  ctx: RouteContext,
): Promise<RouteAnswer> {
  return route.handle(parseRouteInput(route, raw), ctx);
}

/**
 * The error kind a failure is answered with. Anything that is not one of our kinds (or that
 * `known` cannot map) is logged and becomes a 500 without its message or stack.
 */
export function errorKindOf(err: unknown, known: (err: unknown) => AppError | null, log: Logger, where: { method: string | undefined; path: string }): AppError {
  let appError = known(err);
  if (!appError || appError instanceof InternalError) {
    log.error({ err, method: where.method, path: where.path }, 'unhandled error');
    appError ??= new InternalError('Internal server error', { cause: err });
  }
  return appError;
}
