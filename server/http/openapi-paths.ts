import type { OpenAPIRegistry, RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ErrorBodySchema } from './schemas.js';
import type { Route } from './route.js';
import type { ErrorKind } from '../error-kinds.js';
import { ERROR_TABLE } from '../error-table.js';

/** Where a list of route objects is served, and under which credential. */
export interface Surface {
  /** Prepended to each route's path (`/desk/view`), `''` for the platform API. */
  prefix: string;
  security: 'bearerAuth' | 'deskToken';
  operationId: (route: Route) => string;
  summary: (route: Route) => string;
  tags: (route: Route) => string[];
  /**
   * What a 401 and a 403 mean on this surface, per route: a surface without scopes answers no
   * 403 (`null`), the desk only to writes (a foreign `Origin`).
   */
  unauthorized: string;
  forbidden: string | null | ((route: Route) => string | null);
  /** What a status means on this surface where the platform's text would say otherwise. */
  errorText?: Partial<Record<number, string>>;
  /** The `error_code`s a status carries on this surface, where not the platform's. */
  statusCodes?: Partial<Record<number, readonly ErrorKind[]>>;
}

export const PLATFORM_SURFACE: Surface = {
  prefix: '',
  security: 'bearerAuth',
  operationId: (r) => r.operationId,
  summary: (r) => r.summary,
  tags: (r) => [...r.tags],
  unauthorized: 'Missing, invalid or expired token, or wrong audience',
  forbidden: 'Token scopes are insufficient',
};

export const DESK_VIEW_SURFACE: Surface = {
  prefix: '/desk/view',
  security: 'deskToken',
  operationId: (r) => `desk_view_${r.operationId}`,
  summary: (r) => `${r.summary} (desk view: every row, whatever the JWT settings)`,
  tags: () => ['Workbench'],
  unauthorized: 'Desk token missing or wrong',
  forbidden: null,
};

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad request',
  404: 'Not found',
  409: 'Conflict (`CONFLICT`), the database is read-only (`READ_ONLY_DATABASE`), or the write matches several rows (`SESSION_AMBIGUOUS`, with `user_ids` and `session_types` to choose from with `?user_id=` / `?type=`)',
  413: 'Request body too large',
  415: 'Request body is not JSON, or in an unsupported Content-Encoding',
  422: 'Validation error',
  500: 'Internal server error',
  501: 'Not implemented (`NOT_IMPLEMENTED`): rundesk does not perform this route itself and `upstream.url` is not set',
  502: 'The upstream AgentOS (`upstream.url`) cannot be reached (`UPSTREAM_UNAVAILABLE`, with `upstream_url`)',
  504: 'The upstream AgentOS did not answer within `upstream.timeout_seconds` (`UPSTREAM_TIMEOUT`, with `upstream_url`)',
  503: 'The database is locked by another process (`DATABASE_BUSY`, with `Retry-After`) or its file cannot be read (`DATABASE_UNAVAILABLE`)',
};

/** The `error_code` each status carries on every route that documents it (`server/error-table.ts`). */
const STATUS_CODES: Partial<Record<number, readonly ErrorKind[]>> = {
  400: ['BAD_REQUEST'],
  401: ['UNAUTHENTICATED'],
  403: ['FORBIDDEN'],
  404: ['NOT_FOUND'],
  409: ['CONFLICT', 'READ_ONLY_DATABASE', 'SESSION_AMBIGUOUS'],
  413: ['PAYLOAD_TOO_LARGE'],
  415: ['UNSUPPORTED_MEDIA_TYPE'],
  422: ['VALIDATION_ERROR'],
  500: ['INTERNAL_SERVER_ERROR'],
};

/** What a kind a route names in `emits` means, for the description of its status. */
const EMITTED_TEXT: Partial<Record<ErrorKind, string>> = {
  LAST_TRUSTED_KEY: 'the change would leave no key to verify tokens with (`LAST_TRUSTED_KEY`)',
  STORAGE_WRITE_FAILED: 'A file in the data folder could not be written (`STORAGE_WRITE_FAILED`); nothing changed',
  INSUFFICIENT_STORAGE: 'The disk is full (`INSUFFICIENT_STORAGE`); nothing changed',
  SESSION_UNREADABLE: "the session's stored runs cannot be read (`SESSION_UNREADABLE`, with `db_id` and `session_id`); nothing is written",
};

/** `text`, naming each of `codes` it does not name yet. */
export function namingCodes(text: string, codes: readonly string[]): string {
  const missing = codes.filter((c) => !text.includes(`\`${c}\``));
  return missing.length === 0 ? text : `${text} (${missing.map((c) => `\`${c}\``).join(', ')})`;
}

const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ErrorBodySchema } } });

/** Every failure a route can answer on a surface: its own, plus what auth and input checks add. */
export function errorStatuses(route: Route, surface: Surface): Map<number, string> {
  const out = new Map<number, string>();
  const guarded = surface.security === 'deskToken' || route.scopes !== 'public';
  const textOf = (status: number) => surface.errorText?.[status] ?? ERROR_TEXT[status] ?? 'Error';
  const forbidden = typeof surface.forbidden === 'function' ? surface.forbidden(route) : surface.forbidden;
  if (guarded) out.set(401, surface.unauthorized);
  if (guarded && forbidden !== null) out.set(403, forbidden);
  if (route.params || route.query || route.body) out.set(422, textOf(422));
  if (route.body) {
    out.set(413, textOf(413));
    out.set(415, textOf(415));
  }
  for (const s of route.errors) out.set(s, textOf(s));
  for (const [s, text] of Object.entries(route.errorNotes ?? {})) if (out.has(Number(s))) out.set(Number(s), text);
  for (const [s, text] of out) out.set(s, namingCodes(text, surface.statusCodes?.[s] ?? STATUS_CODES[s] ?? []));
  for (const kind of route.emits ?? []) {
    const status = ERROR_TABLE[kind].status;
    const text = EMITTED_TEXT[kind] ?? `\`${kind}\``;
    out.set(status, out.has(status) ? `${out.get(status) as string}; or ${text}` : text);
  }
  return new Map([...out].sort(([a], [b]) => a - b));
}

/** The OpenAPI operation of one route object on one surface. */
export function routeConfigOf(route: Route, surface: Surface): RouteConfig {
  const responses: RouteConfig['responses'] = {};
  for (const [status, answer] of Object.entries(route.answers)) {
    responses[status] = answer.schema
      ? { description: answer.description, content: { [answer.contentType ?? 'application/json']: { schema: answer.schema } } }
      : { description: answer.description };
  }
  for (const [status, text] of errorStatuses(route, surface)) responses[status] = errorAnswer(text);
  const request: NonNullable<RouteConfig['request']> = {};
  if (route.params) request.params = route.params as z.ZodObject;
  if (route.query) request.query = route.query as z.ZodObject;
  if (route.body) request.body = { content: { 'application/json': { schema: route.body.documented ?? route.body.schema } }, required: route.body.required !== false };
  const open = surface.security === 'bearerAuth' && route.scopes === 'public';
  return {
    method: route.method,
    path: `${surface.prefix}${route.path}`,
    operationId: surface.operationId(route),
    tags: surface.tags(route),
    summary: surface.summary(route),
    ...(route.description ? { description: route.description } : {}),
    ...(open ? {} : { security: [{ [surface.security]: [] }] }),
    ...(Object.keys(request).length > 0 ? { request } : {}),
    responses,
  };
}

/** Registers route objects on a surface (the platform API, or the desk view). */
export function registerRoutes(registry: OpenAPIRegistry, routes: readonly Route[], surface: Surface): void {
  for (const route of routes) registry.registerPath(routeConfigOf(route, surface));
}

/**
 * The workbench API (`/desk/...`): behind the desk credential, outside the JWT layer, and
 * refusing a write from a foreign `Origin`.
 */
export const DESK_SURFACE: Surface = {
  prefix: '/desk',
  security: 'deskToken',
  operationId: (r) => r.operationId,
  summary: (r) => r.summary,
  tags: () => ['Workbench'],
  unauthorized: 'Desk token missing or wrong',
  forbidden: (r) => (r.method === 'get' ? null : 'Cross-origin write refused: foreign `Origin`'),
  errorText: {
    409: 'Conflict (`CONFLICT`: settings are read-only under --config, or the id is taken)',
    413: 'Request body larger than 1 MB',
    415: 'Request body is not JSON',
    422: 'Validation error (`VALIDATION_ERROR`); `issues` name each bad field',
  },
  statusCodes: { 409: ['CONFLICT'] },
};

/** The desk's security scheme: the desk credential, as a header or the UI's cookie. */
export function registerDeskScheme(registry: OpenAPIRegistry): void {
  registry.registerComponent('securitySchemes', 'deskToken', {
    type: 'apiKey',
    in: 'header',
    name: 'X-Desk-Token',
    description:
      'The per-install desk credential (`<data-dir>/desk-token`), or the `rundesk_desk` cookie set by opening the UI login URL. ' +
      'State-changing requests with a foreign `Origin` are refused.',
  });
}

/** The platform API's security scheme. */
export function registerBearerScheme(registry: OpenAPIRegistry): void {
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'A JWT signed with a key the server trusts.',
  });
}
