import fs from 'node:fs/promises';
import { ConfigError } from '../errors.js';
import { FileReadError, MAX_KEY_FILE_BYTES, readRegularFile } from '../files/regular-file.js';
import { emptySetWarning, parseKeySet, type ParsedKeySet } from './jwk-set.js';
import { JwksFileError, KeySetError } from './key-errors.js';

/** Health of the JWKS file as the layer last saw it, for the workbench. */
export interface JwksFileStatus {
  path: string;
  kids: string[];
  keyCount: number;
  skipped: string[];
  /** Set while the file on disk is missing or invalid and the last good set is served. */
  lastError: string | null;
}

interface Stamp {
  mtimeMs: number;
  size: number;
  ino: number;
}

/**
 * A JWKS file that is re-read when it changes on disk (rotation without restart). It is
 * checked on use, at most once per `checkIntervalMs`, by comparing mtime, size and inode;
 * a missing or broken file keeps the last good key set in service and is reported once.
 * A valid document with no key for the algorithm is not broken: it takes effect as an empty
 * set, so untrusting the last key revokes it (fail closed), and is reported once.
 */
export class JwksFile {
  /** Stamp of the file the current key set came from. */
  private good: Stamp;
  /** Stamp last looked at; `null` after the file went missing. */
  private seen: Stamp | null;
  private lastCheck = 0;
  private pending: Promise<boolean> | null = null;
  private lastError: string | null = null;

  private constructor(
    readonly path: string,
    private readonly algorithm: string,
    private set: ParsedKeySet,
    stamp: Stamp,
    private readonly checkIntervalMs: number,
    private readonly log: (msg: string) => void,
  ) {
    this.good = stamp;
    this.seen = stamp;
    this.lastCheck = Date.now();
  }

  /** Reads the file once; every problem is a one-line `ConfigError` naming the path. */
  static async open(
    path: string,
    algorithm: string,
    opts: { checkIntervalMs: number; log: (msg: string) => void },
  ): Promise<JwksFile> {
    try {
      const { set, stamp } = await read(path, algorithm);
      const warning = emptySetWarning(set, algorithm);
      if (warning) opts.log(`auth.jwks_file ${path} ${warning}`);
      return new JwksFile(path, algorithm, set, stamp, opts.checkIntervalMs, opts.log);
    } catch (err) {
      if (!(err instanceof JwksFileError)) throw err;
      throw new ConfigError(err.message, [{ path: 'auth.jwks_file', message: err.reason }], { cause: err });
    }
  }

  get keys(): ParsedKeySet {
    return this.set;
  }

  status(): JwksFileStatus {
    return {
      path: this.path,
      kids: [...this.set.kids],
      keyCount: this.set.keys.length,
      skipped: [...this.set.skipped],
      lastError: this.lastError,
    };
  }

  /**
   * Re-reads the file if it changed, looking at most once per check interval unless `now` (a
   * change rundesk itself just made, which must be in force when its answer is sent). Resolves
   * `true` when a new key set took effect.
   */
  refresh(now = false): Promise<boolean> {
    if (this.pending) return now ? this.pending.then((changed) => this.refresh(true).then((again) => changed || again)) : this.pending;
    if (!now && Date.now() - this.lastCheck < this.checkIntervalMs) return Promise.resolve(false);
    this.pending = this.check().finally(() => {
      this.lastCheck = Date.now();
      this.pending = null;
    });
    return this.pending;
  }

  private async check(): Promise<boolean> {
    let stamp: Stamp;
    try {
      stamp = toStamp(await fs.stat(this.path));
    } catch (err) {
      this.seen = null;
      this.fail(`is unreadable (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
      return false;
    }
    // A stamp already looked at (good or broken) is not re-parsed on every request.
    if (this.seen !== null && sameStamp(stamp, this.seen)) return false;
    this.seen = stamp;
    if (sameStamp(stamp, this.good)) {
      this.recovered();
      return false;
    }
    try {
      const next = await read(this.path, this.algorithm);
      this.set = next.set;
      this.good = next.stamp;
      this.seen = next.stamp;
      this.recovered();
      const warning = emptySetWarning(next.set, this.algorithm);
      this.log(`auth.jwks_file ${this.path} ${warning ?? `changed; loaded ${next.set.keys.length} key(s)`}`);
      return true;
    } catch (err) {
      if (!(err instanceof JwksFileError)) throw err;
      this.fail(err.reason);
      return false;
    }
  }

  private recovered(): void {
    if (this.lastError === null) return;
    this.lastError = null;
    this.log(`auth.jwks_file ${this.path} is readable again`);
  }

  private fail(message: string): void {
    if (this.lastError === message) return;
    this.lastError = message;
    this.log(`auth.jwks_file ${this.path} ${message}; keeping the last good key set (${this.set.keys.length} key(s))`);
  }
}

/** The file's key set and stamp; every failure is a `JwksFileError`. */
async function read(path: string, algorithm: string): Promise<{ set: ParsedKeySet; stamp: Stamp }> {
  let text: string;
  let stamp: Stamp;
  try {
    const file = await readRegularFile(path, MAX_KEY_FILE_BYTES);
    text = file.text;
    stamp = toStamp(file.stat);
  } catch (err) {
    const reason = err instanceof FileReadError ? err.reason : `is unreadable (${(err as NodeJS.ErrnoException).code ?? 'error'})`;
    throw new JwksFileError(path, reason, { cause: err });
  }
  try {
    return { set: await parseKeySet(text, algorithm), stamp };
  } catch (err) {
    if (err instanceof KeySetError) throw new JwksFileError(path, err.clause, { cause: err });
    throw err;
  }
}

function toStamp(s: { mtimeMs: number; size: number; ino: number }): Stamp {
  return { mtimeMs: s.mtimeMs, size: s.size, ino: s.ino };
}

function sameStamp(a: Stamp, b: Stamp): boolean {
  return a.mtimeMs === b.mtimeMs && a.size === b.size && a.ino === b.ino;
}
