import fs from 'node:fs';

/**
 * What rundesk checks of an attached SQLite file before every use, outside SQLite: SQLite's own
 * counters only see changes made through SQLite, on the file it opened. A file replaced by
 * rename (`mv next.db agents.db`) is a new inode SQLite never sees; a file truncated or
 * overwritten from outside leaves SQLite's page cache (and rundesk's run cache) describing
 * bytes that are gone. So each use stats the path (a few microseconds) and compares:
 *
 * - device and inode — another file now at the path (`replaced`), or none (`damaged`);
 * - size, mtime and ctime — unchanged means nothing touched the bytes (`unchanged`);
 * - when they moved, the 100-byte header, read through a descriptor kept open on the attached
 *   inode: the magic string, the size the header declares (a file shorter than that was
 *   truncated), and the change counter, which every SQLite commit in rollback-journal mode
 *   increments. Bytes that changed while the counter did not were written by something other
 *   than SQLite, or by a WAL checkpoint (`changed-outside`): the caller reopens the file so no
 *   cache outlives them.
 *
 * The descriptor is only read, never closed while the SQLite connection on the same inode is
 * open: closing any descriptor of a file drops every POSIX lock the process holds on it,
 * SQLite's included.
 */

export type FileChange =
  | { kind: 'unchanged' }
  /** Written through SQLite (the change counter moved): SQLite's own checks cover it. */
  | { kind: 'written' }
  /** Bytes changed without the counter moving: no cache built on the old bytes may be used. */
  | { kind: 'changed-outside' }
  /** Another file is at the path now (a rename over it, or delete and recreate). */
  | { kind: 'replaced' }
  /** Gone, emptied, truncated below its declared size, or its header overwritten. */
  | { kind: 'damaged'; reason: string };

interface Stamp {
  dev: bigint;
  ino: bigint;
  size: bigint;
  mtimeNs: bigint;
  ctimeNs: bigint;
}

const HEADER_BYTES = 100;
/** How often, and how far apart, a file shorter than its header says is looked at again. */
const RECHECKS = 10;
const RECHECK_MS = 2;
const sleeper = new Int32Array(new SharedArrayBuffer(4));
/** Blocks for `ms`: only on the rare path above, where the answer must wait for the file. */
const pause = (ms: number) => void Atomics.wait(sleeper, 0, 0, ms);
const MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

export class WatchedFile {
  private stamp: Stamp;
  private changeCounter: number | null;
  private fd: number | null;
  private readonly header = Buffer.alloc(HEADER_BYTES);

  /** Opens a read-only descriptor on `path`; throws the `fs` error when it cannot. */
  constructor(readonly path: string) {
    this.fd = fs.openSync(path, 'r');
    this.stamp = stampOf(fs.fstatSync(this.fd, { bigint: true }));
    this.changeCounter = this.readHeader().counter;
  }

  /** Whether the path still names the inode this descriptor is on (what SQLite opened). */
  isSameFile(): boolean {
    let now: Stamp | null;
    try {
      now = statPath(this.path);
    } catch {
      return false;
    }
    return now !== null && now.dev === this.stamp.dev && now.ino === this.stamp.ino;
  }

  /** What happened to the file since the last call (or since opening). */
  observe(): FileChange {
    let now: Stamp | null;
    try {
      now = statPath(this.path);
    } catch (error) {
      return { kind: 'damaged', reason: `the file cannot be checked (${(error as NodeJS.ErrnoException).code ?? String(error)})` };
    }
    if (now === null) return { kind: 'damaged', reason: 'the file is gone (removed, or renamed away)' };
    const before = this.stamp;
    if (now.dev !== before.dev || now.ino !== before.ino) return { kind: 'replaced' };
    if (now.size === before.size && now.mtimeNs === before.mtimeNs && now.ctimeNs === before.ctimeNs) return { kind: 'unchanged' };
    let header = this.readHeader();
    let damage = damageOf(now.size, header);
    // A file shorter than its header says may be another process's commit under way (SQLite
    // writes page 1, with the new page count, before the pages that grow the file): looked at
    // again a few times over a few milliseconds, such a file catches up; a truncated one does not.
    for (let look = 0; damage !== null && header.declaredBytes !== null && look < RECHECKS; look++) {
      pause(RECHECK_MS);
      let again: Stamp | null;
      try {
        again = statPath(this.path);
      } catch {
        break;
      }
      if (again === null || again.dev !== before.dev || again.ino !== before.ino) break;
      now = again;
      header = this.readHeader();
      damage = damageOf(now.size, header);
    }
    if (damage !== null) return { kind: 'damaged', reason: damage };
    // Only now: a damaged file is compared again on the next call, with the stamp it had before.
    this.stamp = now;
    const counterMoved = header.counter !== this.changeCounter;
    this.changeCounter = header.counter;
    return counterMoved ? { kind: 'written' } : { kind: 'changed-outside' };
  }

  /** Call only after the SQLite connection on this inode is closed (see above). */
  close(): void {
    if (this.fd !== null) fs.closeSync(this.fd);
    this.fd = null;
  }

  private readHeader(): Header {
    if (this.fd === null) throw new Error(`${this.path}: watched file already closed`);
    this.header.fill(0);
    const length = fs.readSync(this.fd, this.header, 0, HEADER_BYTES, 0);
    return parseHeader(this.header, length);
  }
}

interface Header {
  length: number;
  magic: boolean;
  counter: number;
  /** Bytes the header declares the database to hold, when that field is valid (else null). */
  declaredBytes: bigint | null;
}

function parseHeader(bytes: Buffer, length: number): Header {
  const magic = length >= MAGIC.length && bytes.subarray(0, MAGIC.length).equals(MAGIC);
  if (length < HEADER_BYTES) return { length, magic, counter: -1, declaredBytes: null };
  const rawPageSize = bytes.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  const counter = bytes.readUInt32BE(24);
  const pageCount = bytes.readUInt32BE(28);
  // The in-header size is trusted by SQLite only while "version-valid-for" equals the counter.
  // In WAL mode (format bytes 18/19 = 2) another process's checkpoint writes page 1 before the
  // pages that grow the file, so the file is briefly shorter than its header says: not damage.
  const wal = bytes[18] === 2 || bytes[19] === 2;
  const valid = !wal && pageCount > 0 && bytes.readUInt32BE(92) === counter && pageSize >= 512;
  return { length, magic, counter, declaredBytes: valid ? BigInt(pageCount) * BigInt(pageSize) : null };
}

function damageOf(size: bigint, header: Header): string | null {
  if (size === 0n) return 'the file is empty (truncated to 0 bytes)';
  if (header.length < HEADER_BYTES || !header.magic) return 'the SQLite header is gone (the file was truncated or overwritten)';
  if (header.declaredBytes !== null && size < header.declaredBytes) {
    return `the file is truncated (${size} bytes; its header says ${header.declaredBytes})`;
  }
  return null;
}

/**
 * The path's stamp as text ('' when nothing is there): while it is unchanged, a file that
 * could not be opened is not tried again.
 */
export function pathStamp(path: string): string {
  try {
    const now = statPath(path);
    return now === null ? '' : `${now.dev}:${now.ino}:${now.size}:${now.mtimeNs}:${now.ctimeNs}`;
  } catch {
    return '';
  }
}

function statPath(path: string): Stamp | null {
  const stats = fs.statSync(path, { bigint: true, throwIfNoEntry: false });
  return stats === undefined ? null : stampOf(stats);
}

function stampOf(stats: fs.BigIntStats): Stamp {
  return { dev: stats.dev, ino: stats.ino, size: stats.size, mtimeNs: stats.mtimeNs, ctimeNs: stats.ctimeNs };
}
