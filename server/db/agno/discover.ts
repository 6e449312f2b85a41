import type { SqliteHandle } from '../connection.js';

/**
 * Finds the session tables of an attached file and the layout each one uses (docs/databases.md "Agno
 * versions"): Agno 2 keeps a session's runs as one JSON array in the session table's `runs`
 * column; Agno 3 keeps each run as a row of a runs table (`agno_runs`: `run_id`, `session_id`,
 * `run_index`, `run_data`, …) and creates new session tables without `runs`; a 2.x table used
 * by Agno 3 without the explicit migration has both, and its runs are the merge of the two.
 * Names come from `sqlite_master` only; requests pick among them by equality.
 */

export const REQUIRED_COLUMNS = ['session_id', 'session_type'] as const;
/** Where runs may live: the legacy column, or a runs table tied to the session table. */
export const RUNS_COLUMN = 'runs';
export const RUNS_TABLE_COLUMNS = ['run_id', 'session_id', 'run_data'] as const;

export interface RunsTable {
  name: string;
  columns: ReadonlySet<string>;
}

export interface SessionTable {
  name: string;
  /** Every column the table has, so reads can stand in NULL for optional ones it lacks. */
  columns: ReadonlySet<string>;
  /** Agno 3's runs table for this session table, when the file has one. */
  runsTable: RunsTable | null;
}

export type SessionLayout = '2.x' | '3.x' | '3.x-upgraded';

export function layoutOf(table: SessionTable): SessionLayout {
  if (table.runsTable === null) return '2.x';
  return table.columns.has(RUNS_COLUMN) ? '3.x-upgraded' : '3.x';
}

export function discoverSessionTables(handle: SqliteHandle): SessionTable[] {
  const tables = handle
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid",
    )
    .all();
  // The table-valued pragmas take the name as a bound value: nothing is spliced into SQL.
  const columnsOf = handle.prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)');
  const referencedBy = handle.prepare<[string], { table: string }>('SELECT "table" FROM pragma_foreign_key_list(?)');
  const shapes = tables.map(({ name }) => ({ name, columns: new Set(columnsOf.all(name).map((c) => c.name)) }));
  const runsTables = shapes.filter((t) => RUNS_TABLE_COLUMNS.every((c) => t.columns.has(c)));
  const candidates = shapes.filter((t) => REQUIRED_COLUMNS.every((c) => t.columns.has(c)) && !runsTables.includes(t));

  const found: SessionTable[] = [];
  for (const table of candidates) {
    const runsTable = runsTableFor(table.name, candidates.length, runsTables, (name) => referencedBy.all(name).map((r) => r.table));
    if (runsTable === null && !table.columns.has(RUNS_COLUMN)) continue;
    found.push({ ...table, runsTable });
  }
  return found;
}

/**
 * Agno 3 declares `agno_runs.session_id` a foreign key to its session table, which ties the
 * two; a runs table without one belongs to the file's only session table, or to
 * `agno_sessions` when it is Agno's default `agno_runs`.
 */
function runsTableFor(
  sessionTable: string,
  sessionTableCount: number,
  runsTables: readonly RunsTable[],
  referencedTables: (name: string) => string[],
): RunsTable | null {
  const byKey = runsTables.find((r) => referencedTables(r.name).includes(sessionTable));
  if (byKey) return byKey;
  const unbound = runsTables.filter((r) => referencedTables(r.name).length === 0);
  if (sessionTableCount === 1 && unbound.length === 1) return unbound[0] as RunsTable;
  if (sessionTable === 'agno_sessions') return unbound.find((r) => r.name === 'agno_runs') ?? null;
  return null;
}
