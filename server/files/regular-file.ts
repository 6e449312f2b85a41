import fs from 'node:fs';
import fsp from 'node:fs/promises';

/**
 * Reading a file named by the user (a `jwks_file`, a key to import) so that a path to
 * something else cannot hang or flood the server: a FIFO would block the open (and a thread
 * of the pool) until a writer appears, `/dev/zero` would be read until memory runs out. The file
 * is opened non-blocking, checked to be a regular file on the open descriptor (no race with a
 * swap after a `stat`), and read only up to `maxBytes`.
 */

/** Why a file could not be read; `reason` is one clause (`is not a regular file`). */
export class FileReadError extends Error {
  constructor(
    readonly reason: string,
    readonly errno: string | null,
    options?: { cause?: unknown },
  ) {
    super(reason, options);
    this.name = 'FileReadError';
  }
}

/** Default cap for key material and key sets: far above any real JWKS or PEM. */
export const MAX_KEY_FILE_BYTES = 1024 * 1024;

// O_NONBLOCK makes open() of a FIFO return at once; Windows has no FIFOs and no such flag.
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);

function openFailure(err: unknown): FileReadError {
  const code = (err as NodeJS.ErrnoException).code ?? null;
  const reason =
    code === 'ENOENT' ? 'does not exist' : code === 'EACCES' || code === 'EPERM' ? 'is not readable (permission denied)' : code === 'EISDIR' ? 'is not a regular file' : `is unreadable (${code ?? 'error'})`;
  return new FileReadError(reason, code, { cause: err });
}

function checkStat(stat: fs.Stats, maxBytes: number): void {
  if (!stat.isFile()) throw new FileReadError('is not a regular file', null);
  if (stat.size > maxBytes) throw new FileReadError(`is larger than ${formatBytes(maxBytes)}`, null);
}

function formatBytes(n: number): string {
  return n % (1024 * 1024) === 0 ? `${n / (1024 * 1024)} MB` : n % 1024 === 0 ? `${n / 1024} KB` : `${n} bytes`;
}

/** The text (UTF-8) of a regular file of at most `maxBytes`, and its stat. Throws `FileReadError`. */
export async function readRegularFile(path: string, maxBytes: number = MAX_KEY_FILE_BYTES): Promise<{ text: string; stat: fs.Stats }> {
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(path, OPEN_FLAGS);
  } catch (err) {
    throw openFailure(err);
  }
  try {
    const stat = await handle.stat();
    checkStat(stat, maxBytes);
    // Read one byte past the cap: a file that grew since the stat is refused, not cut short.
    const buffer = Buffer.alloc(Math.min(stat.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length === buffer.length) break;
    }
    if (length > maxBytes) throw new FileReadError(`is larger than ${formatBytes(maxBytes)}`, null);
    return { text: buffer.subarray(0, length).toString('utf8'), stat };
  } finally {
    await handle.close();
  }
}

/** `readRegularFile`, synchronously, for callers that cannot await. */
export function readRegularFileSync(path: string, maxBytes: number = MAX_KEY_FILE_BYTES): string {
  let fd: number;
  try {
    fd = fs.openSync(path, OPEN_FLAGS);
  } catch (err) {
    throw openFailure(err);
  }
  try {
    const stat = fs.fstatSync(fd);
    checkStat(stat, maxBytes);
    const buffer = Buffer.alloc(Math.min(stat.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      const bytesRead = fs.readSync(fd, buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length === buffer.length) break;
    }
    if (length > maxBytes) throw new FileReadError(`is larger than ${formatBytes(maxBytes)}`, null);
    return buffer.subarray(0, length).toString('utf8');
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Checks that `path` is a regular file without reading it (attached databases: SQLite opens
 * them itself). Non-blocking open, so a FIFO is refused rather than waited on.
 */
export function assertRegularFile(path: string): fs.Stats {
  let fd: number;
  try {
    fd = fs.openSync(path, OPEN_FLAGS);
  } catch (err) {
    throw openFailure(err);
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw new FileReadError('is not a regular file', null);
    return stat;
  } finally {
    fs.closeSync(fd);
  }
}
