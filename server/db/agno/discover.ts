import type { SqliteHandle } from '../connection.js';

/**
 * Finds the session tables of an attached file: tables with at least `session_id`,
 * `session_type` and `runs` (agno's `SqliteDb` names it `agno_sessions` unless configured
 * otherwise). Names come from `sqlite_master` only; requests pick among them by equality.
 */

export const REQUIRED_COLUMNS = ['session_id', 'session_type', 'runs'] as const;

export interface SessionTable {
  name: string;
  /** Every column the table has, so reads can stand in NULL for optional ones it lacks. */
  columns: ReadonlySet<string>;
}

export function discoverSessionTables(handle: SqliteHandle): SessionTable[] {
  const tables = handle
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid",
    )
    .all();
  // The table-valued pragma takes the name as a bound value: nothing is spliced into SQL.
  const columnsOf = handle.prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)');
  const found: SessionTable[] = [];
  for (const { name } of tables) {
    const columns = new Set(columnsOf.all(name).map((c) => c.name));
    if (REQUIRED_COLUMNS.every((c) => columns.has(c))) found.push({ name, columns });
  }
  return found;
}
