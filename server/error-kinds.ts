import type { KeyError } from './auth/key-errors.js';
import type { DatabaseError } from './db/errors.js';
import type { KeyMaterialError, LastTrustedKeyError } from './auth/trusted-key-errors.js';
import type {
  BadRequestError,
  ConfigError,
  ConflictError,
  CorsOriginError,
  ForbiddenError,
  HeadersTooLargeError,
  InternalError,
  NotFoundError,
  NotImplementedError,
  NotImplementedLocallyError,
  PayloadTooLargeError,
  RequestTimeoutError,
  UnauthenticatedError,
  UnsupportedMediaTypeError,
  ValidationError,
} from './errors.js';
import type { StorageError } from './files/write-errors.js';
import type { UpstreamTimeoutError, UpstreamUnavailableError } from './upstream-errors.js';

/**
 * Every error kind, for exhaustive `switch (err.code)` and the edge table. A new kind is a new
 * class in `server/errors.ts` (or in its area, like `server/db/errors.ts`) plus a member here and
 * a row in `ERROR_TABLE` (`server/error-table.ts`); the compiler asks for the row. The union has
 * a module of its own so that neither the classes' modules nor the table's users import back
 * into the areas it names.
 */
export type AnyAppError =
  | BadRequestError
  | UnauthenticatedError
  | ForbiddenError
  | NotFoundError
  | ConflictError
  | PayloadTooLargeError
  | UnsupportedMediaTypeError
  | HeadersTooLargeError
  | RequestTimeoutError
  | NotImplementedError
  | NotImplementedLocallyError
  | CorsOriginError
  | ValidationError
  | InternalError
  | ConfigError
  | DatabaseError
  | LastTrustedKeyError
  | KeyMaterialError
  | KeyError
  | StorageError
  | UpstreamUnavailableError
  | UpstreamTimeoutError;

export type ErrorKind = AnyAppError['code'];
