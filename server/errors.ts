/**
 * One error class per failure kind. Each carries its HTTP status and the `error_code`
 * of the `{ detail, error_code }` body (SPEC §2.5, §7), so the single error middleware maps
 * errors by `instanceof AppError` and never by message text.
 *
 * @example
 * throw new NotFoundError(`Session with ID ${id} not found`);
 */
export abstract class AppError extends Error {
  abstract readonly status: number;
  abstract readonly code: string;
  /** Extra headers the HTTP answer must carry (e.g. `WWW-Authenticate`). */
  readonly headers: Readonly<Record<string, string>> = {};

  constructor(detail: string, options?: { cause?: unknown }) {
    super(detail, options);
    this.name = new.target.name;
  }

  /** The body every HTTP error answer carries. */
  toBody(): ErrorBody {
    return { detail: this.message, error_code: this.code };
  }
}

export interface ErrorBody {
  detail: string;
  error_code: string | null;
}

export class BadRequestError extends AppError {
  readonly status = 400;
  readonly code = 'BAD_REQUEST';
}

/** 401. Always answered with `WWW-Authenticate: Bearer` (RFC 6750 §3). */
export class UnauthenticatedError extends AppError {
  readonly status = 401;
  readonly code = 'UNAUTHENTICATED';
  override readonly headers: Readonly<Record<string, string>>;

  constructor(
    detail: string,
    /** Which RFC 6750 error this is; `invalid_request` for a missing token is left out per §3.1. */
    readonly reason: 'missing' | 'invalid' | 'expired' | 'audience' | 'not_yet_valid',
    options?: { cause?: unknown },
  ) {
    super(detail, options);
    this.headers = {
      'WWW-Authenticate':
        reason === 'missing' ? 'Bearer' : `Bearer error="invalid_token", error_description="${detail.replace(/["\\]/g, '')}"`,
    };
  }
}

export class ForbiddenError extends AppError {
  readonly status = 403;
  readonly code = 'FORBIDDEN';
  constructor(
    detail: string,
    readonly requiredScopes: readonly string[] = [],
    options?: { cause?: unknown },
  ) {
    super(detail, options);
  }
}

export class NotFoundError extends AppError {
  readonly status = 404;
  readonly code = 'NOT_FOUND';
}

export class ConflictError extends AppError {
  readonly status = 409;
  readonly code = 'CONFLICT';
}

export class PayloadTooLargeError extends AppError {
  readonly status = 413;
  readonly code = 'PAYLOAD_TOO_LARGE';
}

/** 422: input that parsed but does not fit the schema. `issues` name each bad field. */
export class ValidationError extends AppError {
  readonly status = 422;
  readonly code = 'VALIDATION_ERROR';
  constructor(
    detail: string,
    readonly issues: readonly FieldIssue[] = [],
    options?: { cause?: unknown },
  ) {
    super(detail, options);
  }
  override toBody(): ErrorBody & { issues?: FieldIssue[] } {
    return this.issues.length > 0 ? { ...super.toBody(), issues: [...this.issues] } : super.toBody();
  }
}

export interface FieldIssue {
  /** Dotted path of the offending field, e.g. `auth.algorithm` or `query.type`. */
  path: string;
  message: string;
}

export class InternalError extends AppError {
  readonly status = 500;
  readonly code = 'INTERNAL_SERVER_ERROR';
}

/**
 * A problem with configuration or an input file found at startup (or when settings are
 * applied live). Not an HTTP error by itself: the CLI prints its message on one line and
 * exits non-zero; the desk turns it into a 422.
 */
export class ConfigError extends Error {
  constructor(
    message: string,
    readonly issues: readonly FieldIssue[] = [],
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ConfigError';
  }
}
