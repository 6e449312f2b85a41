import fs from 'node:fs';
import path from 'node:path';
import { StorageFullError, StorageWriteError } from './write-errors.js';

/**
 * Every write rundesk makes to its data folder (settings, keys, the trusted JWKS, preset
 * fixtures) goes through here, so each is atomic and all-or-nothing:
 *  - each file is written whole to a temporary sibling, flushed (fsync) and renamed over the
 *    target, so a crash leaves the old or the new file, never a half-written one;
 *  - a group of files that belong together (a key's private file, the key index and the trusted
 *    JWKS) is written as temporaries first and renamed only once every one is on disk: a full
 *    disk fails the group before anything is replaced;
 *  - a failed write removes its temporaries and throws `StorageFullError` (ENOSPC, EDQUOT) or
 *    `StorageWriteError` (anything else the file system refuses);
 *  - temporaries a crash left behind are removed at the next start (`removeStaleTempFiles`).
 */

export interface FileWrite {
  file: string;
  contents: string;
}

/** `settings.json.<pid>.<stamp>.tmp`: the pid tells a live writer's temporary from a crashed one's. */
const TEMP_NAME = /^(?<target>.+)\.(?<pid>\d+)\.(?<stamp>\d+)\.tmp$/;

let counter = 0;

function tempNameFor(file: string): string {
  counter = (counter + 1) % 1000;
  return `${file}.${process.pid}.${Date.now() * 1000 + counter}.tmp`;
}

/** The seam the disk-full tests use: every byte rundesk writes to its data folder goes through it. */
function writeWhole(tmp: string, contents: string): void {
  const fd = fs.openSync(tmp, 'wx', 0o600);
  try {
    const bytes = Buffer.from(contents, 'utf8');
    let offset = 0;
    while (offset < bytes.length) offset += fs.writeSync(fd, bytes, offset, bytes.length - offset);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function failureOf(err: unknown, file: string): Error {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return new StorageFullError(file, code, { cause: err });
  if (typeof code === 'string') return new StorageWriteError(file, code, { cause: err });
  return err as Error;
}

/** Makes the renames durable; some file systems cannot sync a folder, which is harmless here. */
function syncFolder(folder: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(folder, 'r');
    fs.fsyncSync(fd);
  } catch {
    // best effort
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * Writes every file of `writes` or none (mode 0600). Throws `StorageFullError` /
 * `StorageWriteError` naming the file that could not be written; nothing is replaced then and
 * no temporary is left.
 *
 * @example
 * writeFilesAtomic([{ file: privatePath, contents: jwk }, { file: indexPath, contents: index }]);
 */
export function writeFilesAtomic(writes: readonly FileWrite[]): void {
  const staged: { tmp: string; file: string }[] = [];
  try {
    for (const { file, contents } of writes) {
      const tmp = tempNameFor(file);
      staged.push({ tmp, file });
      try {
        writeWhole(tmp, contents);
      } catch (err) {
        throw failureOf(err, file);
      }
    }
    for (const { tmp, file } of staged) {
      try {
        fs.renameSync(tmp, file);
      } catch (err) {
        throw failureOf(err, file);
      }
    }
  } catch (err) {
    for (const { tmp } of staged) fs.rmSync(tmp, { force: true });
    throw err;
  }
  for (const folder of new Set(staged.map((s) => path.dirname(s.file)))) syncFolder(folder);
}

/** One file, atomically (see `writeFilesAtomic`). */
export function writeFileAtomic(file: string, contents: string): void {
  writeFilesAtomic([{ file, contents }]);
}

function processIsAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A temporary older than this is stale even if its pid was reused by a live process. */
const STALE_AFTER_MS = 60_000;

/**
 * Removes the temporaries of `writeFilesAtomic` that a crash (kill -9, power loss) left in
 * `folders`: only names of our own pattern (`<file>.<pid>.<stamp>.tmp`), only regular files,
 * and only when the writer is gone or the file is over a minute old. Returns what it removed.
 */
export function removeStaleTempFiles(folders: readonly string[], now: number = Date.now()): string[] {
  const removed: string[] = [];
  for (const folder of folders) {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(folder, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const match = TEMP_NAME.exec(entry.name);
      if (!match?.groups || !entry.isFile()) continue;
      const file = path.join(folder, entry.name);
      const pid = Number(match.groups['pid']);
      let old = false;
      try {
        old = now - fs.lstatSync(file).mtimeMs > STALE_AFTER_MS;
      } catch {
        continue;
      }
      if (!old && processIsAlive(pid)) continue;
      fs.rmSync(file, { force: true });
      removed.push(file);
    }
  }
  return removed;
}
