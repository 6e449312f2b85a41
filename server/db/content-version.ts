import type { SqliteHandle, SqliteStatement } from './connection.js';

/**
 * What lets an answer built from an SQLite file be reused without reading it again: a version
 * that changes whenever anything in the file may have changed — another connection or process committed (`PRAGMA data_version`)
 * or this connection wrote (`total_changes()`, which `data_version` does not count). Coarse on
 * purpose: any write anywhere in the file invalidates, so nothing is ever served stale.
 */
export class ContentVersion {
  private readonly dataVersion: SqliteStatement;
  private readonly ownChanges: SqliteStatement;

  constructor(handle: SqliteHandle) {
    this.dataVersion = handle.prepare('PRAGMA data_version').pluck();
    this.ownChanges = handle.prepare('SELECT total_changes()').pluck();
  }

  read(): string {
    return `${String(this.dataVersion.get())}:${String(this.ownChanges.get())}`;
  }
}

/**
 * A synchronous answer about a table, remembered until its content version changes. For
 * questions asked on every request (does the table hold any session?) whose query costs more
 * than reading the version.
 */
export class VersionedAnswer<T> {
  private known: { version: string; value: T } | null = null;

  constructor(
    private readonly version: ContentVersion,
    private readonly ask: () => T,
  ) {}

  get(): T {
    const version = this.version.read();
    if (this.known?.version === version) return this.known.value;
    const value = this.ask();
    this.known = { version, value };
    return value;
  }
}
