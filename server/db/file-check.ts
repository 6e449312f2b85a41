import fs from 'node:fs';

import { assertRegularFile, FileReadError } from '../files/regular-file.js';
import { DatabaseFileError } from './errors.js';

/**
 * Checks an attached database file before SQLite sees it, so a wrong path in settings gives
 * one readable line (`database "x" (/p/file.db) is not an SQLite file`) instead of a driver
 * error, and a text file is never "opened" (a writable open could even initialise it).
 */

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

export { describeDatabase } from './errors.js';

export function checkDatabaseFile(id: string, path: string, readOnly: boolean): void {
  try {
    // Non-blocking open on the path itself: a FIFO or a device is refused, never waited on.
    assertRegularFile(path);
  } catch (error) {
    if (error instanceof FileReadError && error.errno === null) throw new DatabaseFileError(id, path, 'is not a file', { cause: error });
    throw new DatabaseFileError(id, path, errnoPhrase((error as { cause?: unknown }).cause ?? error, 'cannot be read'), { cause: error });
  }

  const header = Buffer.alloc(SQLITE_HEADER.length);
  let bytesRead = 0;
  try {
    const fd = fs.openSync(path, 'r');
    try {
      bytesRead = fs.readSync(fd, header, 0, header.length, 0);
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    throw new DatabaseFileError(id, path, errnoPhrase(error, 'cannot be read'), { cause: error });
  }
  if (bytesRead < header.length || !header.equals(SQLITE_HEADER)) {
    throw new DatabaseFileError(id, path, 'is not an SQLite file');
  }

  if (!readOnly) {
    try {
      fs.accessSync(path, fs.constants.W_OK);
    } catch (error) {
      throw new DatabaseFileError(id, path, 'is not writable; attach it with "read_only": true', { cause: error });
    }
  }
}

function errnoPhrase(error: unknown, fallback: string): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return 'does not exist';
  if (code === 'EACCES' || code === 'EPERM') return 'is not readable (permission denied)';
  if (code === 'EISDIR') return 'is not a file';
  return code ? `${fallback} (${code})` : fallback;
}
