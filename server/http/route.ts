/**
 * A route is one object. Everything the server knows about a platform route — method, path,
 * input schemas, answers per status, the default scopes, the handler and whether the desk view
 * serves it — is written once, here in this shape, and everything else is derived from the list
 * of route objects (`server/api/platform/platform-routes.ts`):
 *
 * - the Express router of the platform API and of the desk view (`route-express.ts`);
 * - both OpenAPI descriptions, the platform's and the desk view's (`server/http/openapi-paths.ts`), and from
 *   them the renderer's generated types (`npm run gen:api-types`);
 * - the default scope table (`defaultScopeMappingsOf`, fed to the auth layer).
 *
 * ## How to add a read route (one object in one file, registered in one list)
 *
 * 1. In `server/api/<area>/routes.ts` (a new file for a new area, e.g. `traces.ts`), export the
 *    route objects built with `defineRoute`:
 *    ```ts
 *    export const traceRoutes = [
 *      defineRoute({
 *        method: 'get',
 *        path: '/traces/{trace_id}',               // OpenAPI template; `{name}` is one segment
 *        operationId: 'get_trace',
 *        tags: ['Traces'],
 *        summary: 'Get a trace',
 *        params: TraceParamsSchema,                // zod objects; `query` likewise, `body` for writes
 *        query: TraceQuerySchema,
 *        answers: { 200: { description: 'The trace', schema: TraceSchema } },
 *        errors: [400, 404, 503],                  // the route's own failures; 401/403/422 are added
 *        scopes: ['traces:read'],                  // the default scope table's entry
 *        deskView: true,                           // also served at /desk/view/traces/{trace_id}
 *        async handle({ params, query }, ctx) {
 *          const store = selectStore(ctx.runtime, query);                       // parse …
 *          const found = await traces.getTrace(store, ctx.scope(query.user_id), params.trace_id); // … use case …
 *          if (!found) throw new NotFoundError(`Trace with ID ${params.trace_id} not found`);
 *          return json(presentTrace(found));                                    // … present
 *        },
 *      }),
 *    ];
 *    ```
 *    Schemas live beside the route (or in `server/http/schemas.ts` when several areas share them);
 *    give answer schemas a `.meta({ id })` so the document names them.
 * 2. Add the array to `PLATFORM_ROUTES` in `server/api/platform/platform-routes.ts`. That is all:
 *    the route is served, documented on both surfaces, typed for the renderer after
 *    `npm run gen:api-types`, and its scopes enter the default table (remove the route from
 *    `UNANSWERED_ROUTES` in `server/api/upstream/unanswered-routes.ts` if the platform route was
 *    listed there; `platform-routes.test.ts` fails while both spell it).
 *
 * Handlers throw the error kinds of `server/errors.ts` (each carries its status and `error_code`);
 * they never touch Express. `scopes: 'public'` is for routes the default `excluded_route_paths`
 * open (`/health`), and `deskView` is for reads only (the view is read-only).
 */
import type { z } from 'zod';
import type { RequestAuthState } from '../auth/types.js';
import type { Runtime } from '../runtime/runtime-types.js';
import type { AccessScope } from '../access/scope.js';
import type { ErrorKind } from '../error-kinds.js';

export type RouteMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Statuses a route may fail with on its own; the kit adds 401/403 (auth) and 413/415/422 (input). */
export type RouteErrorStatus = 400 | 404 | 409 | 500 | 501 | 502 | 503 | 504;

/** One documented answer: its description and, unless it has no body, its schema. */
export interface AnswerDoc {
  description: string;
  schema?: z.ZodType;
  /** Default `application/json`. */
  contentType?: string;
}

/** What a handler answers; the adapters (Express, the quick path) write it. */
export type RouteAnswer =
  /** `headers`: set before the body's own (e.g. a `Content-Disposition` naming a download). */
  | { kind: 'json'; status: number; body: unknown; headers?: Readonly<Record<string, string>> | undefined }
  /** Bytes already serialized (the run GET's cached body), sent as they are. */
  | { kind: 'bytes'; status: number; body: Buffer; contentType: string }
  | { kind: 'empty'; status: number }
  | { kind: 'redirect'; status: 301 | 302 | 303 | 307 | 308; location: string }
  /**
   * A Server-Sent Events stream (200, `text/event-stream`), open until the client leaves:
   * `open` starts sending (`send(event, data)` writes one event, its data as JSON) and returns
   * what stops it. The adapter writes the head at once, a comment line now and then to keep the
   * connection open, and cuts a client that reads too slowly. Express only (not the quick path).
   */
  | { kind: 'events'; open(send: (event: string, data: unknown) => void): () => void };

export const json = (body: unknown, status = 200, headers?: Readonly<Record<string, string>>): RouteAnswer =>
  headers ? { kind: 'json', status, body, headers } : { kind: 'json', status, body };
export const noContent = (): RouteAnswer => ({ kind: 'empty', status: 204 });

/** What a handler knows about its request beyond the parsed input. */
export interface RouteContext {
  readonly runtime: Runtime;
  /**
   * The caller's request state; `null` on a route the JWT layer leaves open and in the desk
   * view (which reads as the developer, with the scope `all`).
   */
  readonly auth: RequestAuthState | null;
  /**
   * Which surface answers: the platform API (`platform`, the platform's answers exactly) or the
   * desk view (`desk`, the UI's reads as the developer), where a route may add what rundesk
   * knows and the platform leaves out (a knowledge content's stored `linked_to`).
   */
  readonly surface: 'platform' | 'desk';
  /**
   * The request's access scope (built once, from the auth decision or asked for by the desk
   * view), narrowed by the query's `user_id` where it may be: pass `undefined` for writes.
   */
  scope(queryUserId: string | undefined): AccessScope;
  /** The best of `types` for the request's `Accept` header, as Express's `req.accepts`. */
  accepts(types: string[]): string | false;
  /**
   * The request's headers, for a handler that asks the upstream AgentOS on the caller's behalf
   * (live listings forward the caller's own credential); empty where there is no request.
   */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteBody<B extends z.ZodType> {
  schema: B;
  /** body-parser's size limit, e.g. `'10mb'` (413 beyond). */
  limit: string;
  /**
   * Hand the handler the JSON as sent (after validation) instead of zod's output: zod rebuilds
   * objects by assignment, which turns a client's `__proto__` key into a prototype change.
   */
  asSent?: boolean;
  /** `false`: a request without a body is read as `{}` (default: the body is required). */
  required?: boolean;
  /**
   * The schema the OpenAPI document shows, where `schema` checks only the outer shape and the
   * use case validates the rest (the desk's settings: as the settings file is validated).
   */
  documented?: z.ZodType;
}

export interface RouteSpec<P extends z.ZodType | undefined, Q extends z.ZodType | undefined, B extends z.ZodType | undefined> {
  method: RouteMethod;
  /** OpenAPI path template, e.g. `/sessions/{session_id}`; `{name}` is exactly one segment. */
  path: string;
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  params?: P;
  query?: Q;
  body?: B extends z.ZodType ? RouteBody<B> : undefined;
  /** Success answers by status. */
  answers: Record<number, AnswerDoc>;
  errors: readonly RouteErrorStatus[];
  /** What a failure status means on this route, where the generic text says too little. */
  errorNotes?: Partial<Record<RouteErrorStatus | 403 | 422, string>>;
  /** Error kinds the route answers beyond its statuses' usual ones, documented under their status. */
  emits?: readonly ErrorKind[];
  /** The default scope table's entry (any one suffices), or `'public'` for an excluded path. */
  scopes: readonly [string, ...string[]] | 'public';
  /** Also served, read-only and as the developer, under `/desk/view`. */
  deskView: boolean;
  /**
   * Answered by the quick path in front of Express (`quick-path.ts`) when the request is plain:
   * for hot GETs whose answer is JSON or bytes. `quick-path.test.ts` compares every such route
   * with Express, byte for byte.
   */
  quick?: boolean;
  /**
   * A platform route rundesk does not perform itself: with `upstream.url` set it is forwarded to
   * the developer's AgentOS after the auth decision (`server/api/upstream/`), else it answers
   * 501 naming `upstream.url`. The handler is then never reached on the platform API.
   */
  upstream?: boolean;
  handle(input: RouteInput<Out<P>, Out<Q>, Out<B>>, ctx: RouteContext): Promise<RouteAnswer> | RouteAnswer;
}

/** A route object with its input types erased, as the list holds it. */
export interface Route {
  readonly method: RouteMethod;
  readonly path: string;
  readonly operationId: string;
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description?: string | undefined;
  readonly params?: z.ZodType | undefined;
  readonly query?: z.ZodType | undefined;
  readonly body?: RouteBody<z.ZodType> | undefined;
  readonly answers: Readonly<Record<number, AnswerDoc>>;
  readonly errors: readonly RouteErrorStatus[];
  readonly errorNotes?: Partial<Record<RouteErrorStatus | 403 | 422, string>> | undefined;
  readonly emits?: readonly ErrorKind[] | undefined;
  readonly scopes: readonly [string, ...string[]] | 'public';
  readonly deskView: boolean;
  readonly quick?: boolean | undefined;
  readonly upstream?: boolean | undefined;
  handle(input: RouteInput<unknown, unknown, unknown>, ctx: RouteContext): Promise<RouteAnswer> | RouteAnswer;
}

/**
 * Types a route object from its schemas (the handler's input is the schemas' output) and
 * checks the shape once, when the module loads.
 */
export function defineRoute<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(spec: RouteSpec<P, Q, B>): Route {
  if (spec.quick && (spec.method !== 'get' || spec.body)) throw new TypeError(`${spec.operationId}: only a GET without a body may take the quick path`);
  if (spec.deskView && spec.method !== 'get') throw new TypeError(`${spec.operationId}: the desk view is read-only, only GET routes may set deskView`);
  for (const name of templateParams(spec.path)) {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new TypeError(`${spec.operationId}: path parameter {${name}} must be snake_case`);
  }
  return spec as unknown as Route;
}

/** The `{name}` parameters of a path template, in order. */
export function templateParams(path: string): string[] {
  return [...path.matchAll(/\{([^/}]+)\}/g)].map((m) => m[1] as string);
}

/** The route's key in the scope table and in error messages: `GET /sessions/{session_id}`. */
export function routeKey(route: Pick<Route, 'method' | 'path'>): string {
  return `${route.method.toUpperCase()} ${route.path}`;
}
