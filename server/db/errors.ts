import { AppError } from '../errors.js';

/**
 * A write (ingest, delete) aimed at a database attached with `read_only: true`. A 409 rather
 * than a 403: the caller may be allowed to write, the target simply refuses writes.
 *
 * @example
 * throw new ReadOnlyDatabaseError('my-agents');
 */
export class ReadOnlyDatabaseError extends AppError {
  readonly status = 409;
  readonly code = 'READ_ONLY_DATABASE';

  constructor(readonly databaseId: string, options?: { cause?: unknown }) {
    super(`Database with ID ${databaseId} is read-only`, options);
  }
}
