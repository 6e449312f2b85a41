/**
 * The one HTTP client of the renderer. Components never call `fetch`; they use the per-domain
 * query/mutation options built on `route`.
 *
 * - `route(method, path, input, token)` calls a route of the document, typed from it: with a
 *   token it sends `Authorization: Bearer <token>` (the token the user is "acting as"); without,
 *   the desk credential travels as the HttpOnly cookie set by the login URL (same-origin).
 * - `exchange` sends any request and reports the status as sent (the compare view).
 */

import { fillPath, type Answer, type CallInput, type Method, type PathFor } from './routes';
import type { InputIssue } from '../api-types/shapes';

/** Why a request failed, as data the UI can render (status 0 = the server was unreachable). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** `error_code` of the body, `NETWORK_ERROR`, or `BAD_RESPONSE`. */
  readonly code: string | null;
  /** `detail` of the body, or a sentence describing the failure. */
  readonly detail: string;
  readonly method: string;
  /** Path without the query string, e.g. `/sessions/abc/runs`. */
  readonly path: string;
  /** Path with the query string, as requested. */
  readonly url: string;
  readonly body: unknown;
  /** The bearer token the request was sent with (platform requests only). */
  readonly token: string | null;

  constructor(init: {
    status: number;
    code: string | null;
    detail: string;
    method: string;
    path: string;
    url: string;
    body?: unknown;
    token?: string | null;
  }) {
    super(`${init.method} ${init.path} → ${init.status || 'network error'}: ${init.detail}`);
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.method = init.method;
    this.path = init.path;
    this.url = init.url;
    this.body = init.body;
    this.token = init.token ?? null;
  }

  /** The auth layer refused the token (UNAUTHENTICATED, FORBIDDEN) — `/desk/inspect` can explain why. */
  get isAuthError(): boolean {
    return this.code === 'UNAUTHENTICATED' || this.code === 'FORBIDDEN';
  }

  get isNotFound(): boolean {
    return this.code === 'NOT_FOUND';
  }

  /**
   * Worth asking again: the server was unreachable or answered garbage, failed inside, or its
   * database was busy or away. Every other kind is a decision (a bad token, a missing row, a
   * refused input) that asking again will not change.
   */
  get isTransient(): boolean {
    return this.code === null || TRANSIENT_CODES.has(this.code);
  }
}

const TRANSIENT_CODES: ReadonlySet<string> = new Set(['NETWORK_ERROR', 'BAD_RESPONSE', 'INTERNAL_SERVER_ERROR', 'DATABASE_UNAVAILABLE', 'DATABASE_BUSY']);

/** `true` when `err` is an `ApiError` (use instead of `instanceof` across module copies). */
export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

/** Reads `issues` from an error body (`{ detail, error_code, issues }`). */
export function issuesOf(body: unknown): InputIssue[] {
  if (!body || typeof body !== 'object') return [];
  const raw = (body as { issues?: unknown }).issues;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((i) =>
    i && typeof i === 'object' && typeof (i as InputIssue).message === 'string'
      ? [{ path: String((i as InputIssue).path ?? ''), message: (i as InputIssue).message }]
      : [],
  );
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal | undefined;
  headers?: Record<string, string>;
}

/** Builds `path?query`, dropping empty values. */
export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** What the server answered: the HTTP status as sent and the parsed body (text when not JSON). */
export interface Exchange {
  status: number;
  body: unknown;
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Exchange & { response: Response }> {
  const method = options.method ?? 'GET';
  const url = buildUrl(path, options.query);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  let payload: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: payload ?? null,
      signal: options.signal ?? null,
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      detail: 'The rundesk server could not be reached. Is it still running?',
      method,
      path,
      url,
      token,
    });
  }

  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: response.status, body, response };
}

/** One JSON request; a non-2xx answer throws `ApiError`. Prefer `route`, typed from the document. */
export async function request<T>(path: string, options: RequestOptions, token: string | null): Promise<T> {
  const method = options.method ?? 'GET';
  const url = buildUrl(path, options.query);
  const { body, response } = await send(path, options, token);

  if (!response.ok) {
    const detail = describeErrorBody(body, response);
    const code =
      body && typeof body === 'object' && 'error_code' in body && typeof body.error_code === 'string'
        ? body.error_code
        : null;
    throw new ApiError({ status: response.status, code, detail, method, path, url, body, token });
  }
  if (typeof body === 'string') {
    throw new ApiError({
      status: response.status,
      code: 'BAD_RESPONSE',
      detail: 'The server answered with something that is not JSON.',
      method,
      path,
      url,
      body,
      token,
    });
  }
  return body as T;
}

/**
 * Sends one request as `token` and reports the answer as it came — status as sent (200, 201,
 * 204, 4xx…) and body — without throwing on an HTTP error; only an unreachable server throws
 * (`ApiError` with status 0). For views that show answers side by side (the compare view).
 */
export async function exchange(path: string, token: string | null, options: RequestOptions = {}): Promise<Exchange> {
  const { status, body } = await send(path, options, token);
  return { status, body };
}

function describeErrorBody(body: unknown, response: Response): string {
  if (body && typeof body === 'object' && 'detail' in body) {
    const detail = (body as { detail: unknown }).detail;
    if (typeof detail === 'string') return detail;
    if (Array.isArray(detail)) {
      // FastAPI-style validation list: [{ loc, msg }]
      return detail
        .map((d) => (d && typeof d === 'object' && 'msg' in d ? String((d as { msg: unknown }).msg) : JSON.stringify(d)))
        .join('; ');
    }
  }
  if (typeof body === 'string' && body.length < 300) return body;
  return `${response.status} ${response.statusText || 'error'}`;
}

/**
 * Calls a documented route: `route('get', '/desk/keys/{kid}/pem', { path: { kid } })`. The
 * method and path must be in the document; the input and the answer are typed from it.
 * `token` null sends the desk cookie (same-origin) and no bearer token.
 */
export function route<M extends Method, P extends PathFor<M>>(method: M, path: P, input: CallInput<M, P>, token: string | null = null): Promise<Answer<M, P>> {
  const { path: params, query, body, signal } = input as { path?: Record<string, string>; query?: Record<string, QueryValue>; body?: unknown; signal?: AbortSignal };
  const options: RequestOptions = { method: method.toUpperCase() as RequestOptions['method'], query, body, signal };
  return request<Answer<M, P>>(fillPath(path, params), options, token);
}
