import type { AnyAppError, ErrorKind } from './error-kinds.js';
import { DENY_STATUS } from './auth/inspection.js';
import type { AppError, ErrorBody } from './errors.js';

type ErrorOf<K extends ErrorKind> = Extract<AnyAppError, { code: K }>;

/** How one failure kind is answered at the edges: over HTTP and as a CLI exit code. */
interface KindAnswer<K extends ErrorKind> {
  status: number;
  /** Exit code of a CLI command that fails with this kind (sysexits.h where one fits). */
  exitCode: number;
  headers?: (err: ErrorOf<K>) => Record<string, string>;
  /** Fields the body carries besides `detail` and `error_code`. */
  extra?: (err: ErrorOf<K>) => Record<string, unknown> | undefined;
  /** Replaces the detail when the message must not reach the client. */
  detail?: string;
}

/** RFC 6750 §3: a missing token gets a bare challenge, any other failure `invalid_token`. */
function bearerChallenge(err: ErrorOf<'UNAUTHENTICATED'>): Record<string, string> {
  return {
    'WWW-Authenticate':
      err.reason === 'missing' ? 'Bearer' : `Bearer error="invalid_token", error_description="${err.message.replace(/["\\]/g, '')}"`,
  };
}

/**
 * The one table from failure kind to answer. The `error_code` of every body is the kind itself;
 * the statuses are the platform's where it has one. The compiler requires a row for every kind of
 * `AnyAppError`.
 */
export const ERROR_TABLE: { readonly [K in ErrorKind]: KindAnswer<K> } = {
  BAD_REQUEST: { status: 400, exitCode: 1 },
  CORS_ORIGIN_NOT_ALLOWED: { status: 400, exitCode: 1 },
  UNAUTHENTICATED: { status: DENY_STATUS.UNAUTHENTICATED, exitCode: 1, headers: bearerChallenge },
  FORBIDDEN: { status: DENY_STATUS.FORBIDDEN, exitCode: 1 },
  NOT_FOUND: { status: 404, exitCode: 1 },
  CONFLICT: { status: 409, exitCode: 1 },
  READ_ONLY_DATABASE: { status: 409, exitCode: 1 },
  LAST_TRUSTED_KEY: { status: 409, exitCode: 1 },
  // The caller names the row and sends the write again; the candidates are in the body.
  SESSION_AMBIGUOUS: { status: 409, exitCode: 1, extra: (err) => ({ session_id: err.sessionId, user_ids: [...err.userIds], session_types: [...err.sessionTypes] }) },
  REQUEST_TIMEOUT: { status: 408, exitCode: 1 },
  PAYLOAD_TOO_LARGE: { status: 413, exitCode: 1 },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, exitCode: 1 },
  VALIDATION_ERROR: {
    status: 422,
    exitCode: 2,
    extra: (err) => (err.issues.length > 0 ? { issues: [...err.issues] } : undefined),
  },
  // Pasted or stored key material at fault (EX_DATAERR); an import collects these into one VALIDATION_ERROR.
  INVALID_KEY_MATERIAL: { status: 422, exitCode: 65, extra: (err) => ({ issues: [err.issue] }) },
  INVALID_KEY_SET: { status: 422, exitCode: 65 },
  // EX_DATAERR: the stored data, not the request, is at fault.
  SESSION_UNREADABLE: { status: 422, exitCode: 65, extra: (err) => ({ db_id: err.databaseId, session_id: err.sessionId }) },
  HEADERS_TOO_LARGE: { status: 431, exitCode: 1 },
  CONFIG_ERROR: { status: 500, exitCode: 1 },
  // A configured JWKS file; at startup and on a settings save it arrives wrapped in a CONFIG_ERROR.
  JWKS_FILE_UNUSABLE: { status: 500, exitCode: 1 },
  INTERNAL_SERVER_ERROR: { status: 500, exitCode: 70, detail: 'Internal server error' },
  NOT_IMPLEMENTED: { status: 501, exitCode: 69 },
  NOT_IMPLEMENTED_LOCALLY: { status: 501, exitCode: 69, extra: (err) => ({ route: err.route }) },
  UPSTREAM_UNAVAILABLE: { status: 502, exitCode: 69, extra: (err) => ({ upstream_url: err.upstreamUrl }) },
  UPSTREAM_TIMEOUT: { status: 504, exitCode: 75, extra: (err) => ({ upstream_url: err.upstreamUrl }) },
  DATABASE_UNAVAILABLE: { status: 503, exitCode: 69 },
  DATABASE_BUSY: { status: 503, exitCode: 75, headers: (err) => ({ 'Retry-After': String(err.retryAfterSeconds) }) },
  // 507 Insufficient Storage (RFC 4918); EX_CANTCREAT for the CLI.
  INSUFFICIENT_STORAGE: { status: 507, exitCode: 73 },
  STORAGE_WRITE_FAILED: { status: 503, exitCode: 74 },
};

/** An HTTP answer: status, headers and the `{ detail, error_code }` body. */
export interface HttpErrorAnswer {
  status: number;
  headers: Record<string, string>;
  body: ErrorBody & Record<string, unknown>;
}

const UNKNOWN_KIND: KindAnswer<'INTERNAL_SERVER_ERROR'> = ERROR_TABLE.INTERNAL_SERVER_ERROR;

function rowOf(err: AppError): KindAnswer<ErrorKind> | null {
  const row = (ERROR_TABLE as Record<string, KindAnswer<ErrorKind> | undefined>)[err.code];
  return row ?? null;
}

/**
 * The HTTP answer of an error. An `AppError` whose kind has no row (a wiring mistake) is answered
 * as an internal error rather than with its message.
 *
 * @example
 * const { status, headers, body } = httpAnswerOf(new NotFoundError('Session with ID s1 not found'));
 */
export function httpAnswerOf(err: AppError): HttpErrorAnswer {
  const row = rowOf(err);
  if (!row) return { status: UNKNOWN_KIND.status, headers: {}, body: { detail: UNKNOWN_KIND.detail!, error_code: 'INTERNAL_SERVER_ERROR' } };
  const e = err as ErrorOf<ErrorKind>;
  return {
    status: row.status,
    headers: row.headers?.(e as never) ?? {},
    body: { detail: row.detail ?? err.message, error_code: err.code, ...row.extra?.(e as never) },
  };
}

/** The HTTP status an error is answered with. */
export function httpStatusOf(err: AppError): number {
  return (rowOf(err) ?? UNKNOWN_KIND).status;
}

/** The exit code of a CLI command that fails with `err`. */
export function exitCodeOf(err: AppError): number {
  return (rowOf(err) ?? UNKNOWN_KIND).exitCode;
}
