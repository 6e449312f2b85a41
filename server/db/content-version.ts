import type { SqliteHandle, SqliteStatement } from './connection.js';

let nextKey = 0;

/**
 * What lets an answer built from an SQLite table be reused without reading the table again:
 * a key unique to this open connection's table, and a version that changes whenever anything in
 * the file may have changed — another connection or process committed (`PRAGMA data_version`)
 * or this connection wrote (`total_changes()`, which `data_version` does not count). Coarse on
 * purpose: any write anywhere in the file invalidates, so nothing is ever served stale.
 */
export class ContentVersion {
  readonly key = `sqlite:${nextKey++}`;
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
