import { createHash } from 'node:crypto';

import { ConfigError } from '../errors.js';
import type { SqliteHandle } from './connection.js';

/**
 * Ordered, transactional, tamper-evident migrations (STYLE habit 5): each runs in its own
 * transaction and is recorded with the sha256 of its SQL, so a database whose applied
 * migrations differ from this build's — edited, reordered, or from a newer build — refuses to
 * open with one clear line instead of drifting silently.
 */

export interface Migration {
  /** `NNNN_name`; the order of application. */
  name: string;
  sql: string;
}

export function migrationHash(migration: Migration): string {
  return createHash('sha256').update(migration.sql, 'utf8').digest('hex');
}

/** Applies pending migrations; throws `ConfigError` when the applied history does not match. */
export function migrate(handle: SqliteHandle, migrations: readonly Migration[], what: string): { applied: string[] } {
  assertWellOrdered(migrations);
  handle.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (' +
      'name TEXT NOT NULL PRIMARY KEY, sha256 TEXT NOT NULL, applied_at INTEGER NOT NULL)',
  );
  const history = handle
    .prepare<[], { name: string; sha256: string }>('SELECT name, sha256 FROM schema_migrations ORDER BY name')
    .all();
  history.forEach((row, i) => {
    const expected = migrations[i];
    if (expected === undefined || expected.name !== row.name) {
      throw new ConfigError(`${what} has migration ${row.name}, which this version of rundesk does not know (written by a newer version?)`);
    }
    if (migrationHash(expected) !== row.sha256) {
      throw new ConfigError(`${what}: migration ${row.name} was changed after it was applied (sha256 mismatch)`);
    }
  });

  const record = handle.prepare('INSERT INTO schema_migrations (name, sha256, applied_at) VALUES (?, ?, ?)');
  const applied: string[] = [];
  for (const migration of migrations.slice(history.length)) {
    handle.transaction(() => {
      handle.exec(migration.sql);
      record.run(migration.name, migrationHash(migration), Math.floor(Date.now() / 1000));
    })();
    applied.push(migration.name);
  }
  return { applied };
}

function assertWellOrdered(migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    const previous = migrations[i - 1];
    if (!/^\d{4}_[a-z0-9_]+$/.test(m.name) || (previous && previous.name >= m.name)) {
      throw new TypeError(`migrations must be named NNNN_name in ascending order; got ${m.name}`);
    }
  });
}
