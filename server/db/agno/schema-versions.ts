import type { SqliteHandle } from '../connection.js';
import { layoutOf } from './discover.js';
import type { SessionTable } from './discover.js';
import type { TableLayoutInfo } from '../types.js';

/**
 * `agno_schema_versions` (Agno ≥ 2.3): one row per table Agno created, naming the Agno schema
 * version it was created at or last migrated to (`table_name`, `version`). rundesk reads each
 * table's layout from its columns, never from this row: the row is written when Agno creates a
 * table or runs a migration, so a 2.x table Agno 3 keeps writing without the v3.0.0 migration
 * still says 2.x, and a table under another name than Agno's default may have no row at all.
 * The row is reported beside the detected layout, with a note when the two disagree.
 */

export const SCHEMA_VERSIONS_TABLE = 'agno_schema_versions';
/** What Agno assumes of a table without a row. */
const UNRECORDED_VERSION = '2.0.0';

/** `table_name` → `version`; empty when the file has no versions table (or not Agno's shape). */
export function readSchemaVersions(handle: SqliteHandle): ReadonlyMap<string, string> {
  const columns = new Set(
    (handle.prepare('SELECT name FROM pragma_table_info(?)').all(SCHEMA_VERSIONS_TABLE) as Array<{ name: string }>).map((c) => c.name),
  );
  if (!columns.has('table_name') || !columns.has('version')) return new Map();
  const rows = handle.prepare(`SELECT table_name, version FROM ${SCHEMA_VERSIONS_TABLE}`).raw().all() as Array<[unknown, unknown]>;
  const versions = new Map<string, string>();
  for (const [table, version] of rows) if (typeof table === 'string' && typeof version === 'string') versions.set(table, version);
  return versions;
}

/** The major version of an Agno version string (`3.0.0a3` → 3); `null` when it does not start with one. */
function majorOf(version: string): number | null {
  const match = /^\s*v?(\d+)\./.exec(version);
  return match ? Number(match[1]) : null;
}

export function layoutReport(table: SessionTable, versions: ReadonlyMap<string, string>): TableLayoutInfo {
  const layout = layoutOf(table);
  const runsTable = table.runsTable?.name ?? null;
  const schemaVersion = versions.get(table.name) ?? null;
  const runsTableSchemaVersion = runsTable === null ? null : (versions.get(runsTable) ?? null);
  const recorded = schemaVersion ?? UNRECORDED_VERSION;
  const major = majorOf(recorded);
  const said = schemaVersion === null ? `has no ${SCHEMA_VERSIONS_TABLE} row (Agno reads that as ${UNRECORDED_VERSION})` : `is recorded as ${schemaVersion}`;
  const report = (versionAgrees: boolean, note: string | null): TableLayoutInfo => ({
    table: table.name,
    layout,
    runsTable,
    schemaVersion,
    runsTableSchemaVersion,
    versionAgrees,
    note,
  });
  if (major === null) return report(false, `${table.name} ${said}, which is not a version; its layout is read from its columns (${layout})`);
  if (layout === '2.x') {
    return major < 3
      ? report(true, null)
      : report(false, `${table.name} ${said} but has no Agno 3 runs table: runs are read from its runs column`);
  }
  if (layout === '3.x') {
    return major >= 3
      ? report(true, null)
      : report(false, `${table.name} ${said} but has no runs column: runs are read from ${runsTable ?? ''}`);
  }
  return major >= 3
    ? report(true, `migrated to Agno 3; the legacy runs column is kept (Agno leaves it as a backup), and runs are ${runsTable ?? ''} merged with it by run_id`)
    : report(
        false,
        `${table.name} ${said} but Agno 3 writes its runs to ${runsTable ?? ''} (an upgrade without the v3.0.0 migration): runs are the legacy runs column merged with ${runsTable ?? ''} by run_id`,
      );
}
