import type { SqliteHandle, SqliteStatement } from '../connection.js';
import { immediately } from '../sqlite-write.js';
import { quoteIdent, type Statement } from './queries.js';
import { PlatformCatalog, type CatalogTable } from './tables.js';
import type { PlatformData } from './types.js';
import { SqlPlatformData } from './writer.js';
import type { StepResult, WriteDialect, WriteOp } from './writes.js';

const SQLITE: WriteDialect = {
  param: () => '?',
  asText: (column) => `CAST(${column} AS TEXT)`,
  ilike: 'LIKE',
  qualify: quoteIdent,
  foldedContains: (column, p) => `instr(rundesk_text_fold(${column}), ${p}) > 0`,
  // BEGIN IMMEDIATE already holds the write lock.
  forUpdate: '',
  bool: (value) => (value ? 1 : 0),
};

export interface SqlitePlatformDataOptions {
  readOnly: boolean;
  /** Epoch milliseconds; default `Date.now`. */
  clock?: (() => number) | undefined;
  /** Told after a write committed (the database's caches). */
  afterWrite?: (() => void) | undefined;
}

/**
 * The platform data of an SQLite file (an attached Agno file, or rundesk's own database, which
 * holds none of these tables and so answers empty). The catalog is read again only when the
 * file's schema changes (`PRAGMA schema_version`): an agent creating its memory table after
 * rundesk attached the file is seen on the next request.
 */
export function sqlitePlatformData(handle: SqliteHandle, databaseId: string, options: SqlitePlatformDataOptions = { readOnly: false }): PlatformData {
  let cached: { version: number; catalog: PlatformCatalog } | null = null;
  const catalog = (): PlatformCatalog => {
    const version = handle.pragma('schema_version', { simple: true }) as number;
    if (cached?.version === version) return cached.catalog;
    const names = handle
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid")
      .all();
    const columnsOf = handle.prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)');
    const tables: CatalogTable[] = names.map(({ name }) => ({ name, columns: new Set(columnsOf.all(name).map((c) => c.name)) }));
    cached = { version, catalog: new PlatformCatalog(databaseId, tables) };
    return cached.catalog;
  };
  const statements = new Map<string, SqliteStatement>();
  const rows = (statement: Statement): Record<string, unknown>[] => {
    let prepared = statements.get(statement.sql);
    if (!prepared) {
      prepared = handle.prepare(statement.sql);
      // Bounded: the statement texts come from a small fixed set of shapes.
      if (statements.size < 256) statements.set(statement.sql, prepared);
    }
    return prepared.all(statement.params) as Record<string, unknown>[];
  };
  const step = (statement: Statement): StepResult => {
    const prepared = handle.prepare(statement.sql);
    if (prepared.reader) return { rows: prepared.all(statement.params) as Record<string, unknown>[], changes: 0 };
    return { rows: [], changes: prepared.run(statement.params).changes };
  };
  const write = <T>(op: () => WriteOp<T>): T => {
    try {
      // IMMEDIATE takes the write lock before the op reads the rows it changes.
      return immediately(handle, (): T => {
        const steps = op();
        let next = steps.next();
        while (!next.done) next = steps.next(step(next.value));
        return next.value;
      });
    } finally {
      options.afterWrite?.();
    }
  };
  return new SqlPlatformData({
    dialect: SQLITE,
    databaseId,
    readOnly: options.readOnly,
    createsTables: true,
    rows: (statement) => settle(() => rows(statement)),
    catalog: () => settle(catalog),
    write: (op) => settle(() => write(op)),
    now: options.clock ?? Date.now,
  });
}

function settle<T>(fn: () => T): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (error) {
    return Promise.reject(error as Error);
  }
}
