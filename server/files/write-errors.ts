import { AppError } from '../errors.js';

/**
 * The disk (or the user's quota) is full: a file of the data folder could not be written.
 * Nothing was changed — the write was all-or-nothing — so freeing space and retrying works.
 *
 * @example
 * throw new StorageFullError('/home/ada/.local/share/rundesk/settings.json', 'ENOSPC');
 */
export class StorageFullError extends AppError {
  readonly code = 'INSUFFICIENT_STORAGE';

  constructor(
    readonly file: string,
    readonly errno: 'ENOSPC' | 'EDQUOT',
    options?: { cause?: unknown },
  ) {
    super(`Cannot write ${file}: ${errno === 'EDQUOT' ? 'the disk quota is exhausted' : 'the disk is full'} (${errno}); nothing was changed. Free some space and retry.`, options);
  }
}

/**
 * The file system refused a write of the data folder for another reason (read-only mount,
 * permissions, I/O error). Nothing was changed.
 */
export class StorageWriteError extends AppError {
  readonly code = 'STORAGE_WRITE_FAILED';

  constructor(
    readonly file: string,
    readonly errno: string,
    options?: { cause?: unknown },
  ) {
    super(`Cannot write ${file} (${errno}); nothing was changed.`, options);
  }
}

export type StorageError = StorageFullError | StorageWriteError;
