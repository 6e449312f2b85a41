/**
 * The error model: one class per failure kind, each with a literal `code` (its kind) and the
 * structured fields a caller needs, in the style of jose's `JOSEError` family. Nothing here knows
 * about HTTP or exit codes: the edge (`server/error-table.ts`) maps each kind to a status,
 * headers and body for HTTP and to an exit code for the CLI. Handlers branch on `err.code` or
 * `instanceof`, never on the message.
 *
 * @example
 * throw new NotFoundError(`Session with ID ${id} not found`);
 */
export abstract class AppError extends Error {
  /** The failure kind; also the `error_code` of the HTTP body. */
  abstract readonly code: string;

  constructor(detail: string, options?: { cause?: unknown }) {
    super(detail, options);
    this.name = new.target.name;
  }
}

export interface ErrorBody {
  detail: string;
  error_code: string | null;
}

/** Input that could not be read at all (malformed URL, broken encoding, unparsable JSON). */
export class BadRequestError extends AppError {
  readonly code = 'BAD_REQUEST';
}

/** Which RFC 6750 error a 401 is; `missing` (no token) leaves out the error attribute (§3.1). */
export type UnauthenticatedReason = 'missing' | 'invalid' | 'expired' | 'audience' | 'not_yet_valid';

export class UnauthenticatedError extends AppError {
  readonly code = 'UNAUTHENTICATED';
  constructor(
    detail: string,
    readonly reason: UnauthenticatedReason,
    options?: { cause?: unknown },
  ) {
    super(detail, options);
  }
}

export class ForbiddenError extends AppError {
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
  readonly code = 'NOT_FOUND';
}

export class ConflictError extends AppError {
  readonly code = 'CONFLICT';
}

export class PayloadTooLargeError extends AppError {
  readonly code = 'PAYLOAD_TOO_LARGE';
}

/** A body in a format the route does not take (only JSON is read). */
export class UnsupportedMediaTypeError extends AppError {
  readonly code = 'UNSUPPORTED_MEDIA_TYPE';
}

/** The request's header block is larger than the server reads. */
export class HeadersTooLargeError extends AppError {
  readonly code = 'HEADERS_TOO_LARGE';
}

/** The client did not send its request in time. */
export class RequestTimeoutError extends AppError {
  readonly code = 'REQUEST_TIMEOUT';
}

/** A route of the platform that rundesk knows but does not perform (running agents). */
export class NotImplementedError extends AppError {
  readonly code = 'NOT_IMPLEMENTED';
}

/**
 * A platform route rundesk knows but leaves to the developer's own AgentOS (running agents,
 * knowledge search and uploads, schedules, approvals…): 501 naming the setting that forwards it.
 */
export class NotImplementedLocallyError extends AppError {
  readonly code = 'NOT_IMPLEMENTED_LOCALLY';
  constructor(
    /** `POST /knowledge/search`: the platform route asked for. */
    readonly route: string,
    detail: string,
  ) {
    super(detail);
  }
}

/** A CORS preflight from an origin that `cors_allowed_origins` does not list. */
export class CorsOriginError extends AppError {
  readonly code = 'CORS_ORIGIN_NOT_ALLOWED';
  constructor(readonly origin: string) {
    super('Disallowed CORS origin');
  }
}

/** Input that parsed but does not fit the schema. `issues` name each bad field. */
export class ValidationError extends AppError {
  readonly code = 'VALIDATION_ERROR';
  constructor(
    detail: string,
    readonly issues: readonly FieldIssue[] = [],
    options?: { cause?: unknown },
  ) {
    super(detail, options);
  }
}

export interface FieldIssue {
  /** Dotted path of the offending field, e.g. `auth.algorithm` or `query.type`. */
  path: string;
  message: string;
}

/** A failure the client cannot fix or learn from; its detail is generic. */
export class InternalError extends AppError {
  readonly code = 'INTERNAL_SERVER_ERROR';
}

/**
 * A problem with configuration or one of rundesk's own files (settings, key index, an attached
 * database at startup). The message is one line and names the file; the CLI prints it and
 * exits non-zero, the desk turns it into a `ValidationError` where the user is editing settings.
 */
export class ConfigError extends AppError {
  readonly code = 'CONFIG_ERROR';
  constructor(
    message: string,
    readonly issues: readonly FieldIssue[] = [],
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
