import { isPlainObject } from './json-values.js';

/**
 * Agno 3's run rows: how it reads a session whose runs are split
 * between its runs table and the legacy `runs` value of a 2.x session row, and what it writes
 * into a run row's indexed columns.
 */

/**
 * The runs Agno 3 answers for a session. With no legacy entries, the table's runs in table
 * order. Otherwise the legacy order decides: each legacy object with a `run_id` is replaced by
 * the table's run of that id when there is one (the table is newer), other legacy elements are
 * dropped, and the table's runs the legacy value does not name follow in table order.
 *
 * @param tableRuns decoded `run_data` values in the table's order (run_index, created_at, run_id)
 * @param legacy the decoded legacy array, or `null` when the row has none (or it is not a list)
 */
export function mergeRuns(tableRuns: readonly unknown[], legacy: readonly unknown[] | null): unknown[] {
  if (legacy === null || legacy.length === 0) return [...tableRuns];
  const tableById = new Map<unknown, unknown>();
  for (const run of tableRuns) {
    if (isPlainObject(run) && run['run_id'] != null) tableById.set(run['run_id'], run);
  }
  const legacyIds = new Set<unknown>();
  const merged: unknown[] = [];
  for (const run of legacy) {
    if (!isPlainObject(run) || run['run_id'] == null) continue;
    legacyIds.add(run['run_id']);
    merged.push(tableById.has(run['run_id']) ? tableById.get(run['run_id']) : run);
  }
  for (const run of tableRuns) {
    if (!isPlainObject(run) || run['run_id'] == null || legacyIds.has(run['run_id'])) continue;
    merged.push(run);
  }
  return merged;
}

/** Where one run of `mergeRuns`'s answer comes from: a legacy object (by its position among them) or a table row. */
export type MergedSource = { from: 'legacy'; object: number } | { from: 'table'; position: number };

/**
 * `mergeRuns` by ids alone, for a store that reads each run from where it lies: the sources
 * of the answer in order, so a page reads only its own runs.
 *
 * @param tableIds the `run_id` of each table run, in table order (every table run an object)
 * @param legacyIds the `run_id` of each legacy object in stored order (`null`: none), or
 *   `null` when the row has no legacy value (or it holds no object)
 */
export function mergeOrder(tableIds: readonly string[], legacyIds: readonly (string | null)[] | null): MergedSource[] {
  if (legacyIds === null || legacyIds.length === 0) return tableIds.map((_, position) => ({ from: 'table', position }));
  const tableById = new Map<string, number>();
  tableIds.forEach((id, position) => tableById.set(id, position));
  const kept = new Set<string>();
  const merged: MergedSource[] = [];
  legacyIds.forEach((id, object) => {
    if (id === null) return;
    kept.add(id);
    const position = tableById.get(id);
    merged.push(position === undefined ? { from: 'legacy', object } : { from: 'table', position });
  });
  tableIds.forEach((id, position) => {
    if (!kept.has(id)) merged.push({ from: 'table', position });
  });
  return merged;
}

/** The `run_type` column: a run names its kind by its component id, or by its name when the id is missing. */
export function runTypeOf(run: Record<string, unknown>): 'agent' | 'team' | 'workflow' {
  if (truthy(run['agent_id']) || truthy(run['agent_name'])) return 'agent';
  if (truthy(run['team_id']) || truthy(run['team_name'])) return 'team';
  return 'workflow';
}

/** The indexed columns of a run row, as Agno 3 fills them from the run dict. */
export function runRowColumns(run: Record<string, unknown>, nowSeconds: number): Record<string, unknown> {
  const createdAt = run['created_at'];
  return {
    run_type: runTypeOf(run),
    agent_id: scalarOrNull(run['agent_id']),
    team_id: scalarOrNull(run['team_id']),
    workflow_id: scalarOrNull(run['workflow_id']),
    parent_run_id: scalarOrNull(run['parent_run_id']),
    status: scalarOrNull(run['status']),
    created_at: truthy(createdAt) && typeof createdAt === 'number' ? createdAt : nowSeconds,
  };
}

function truthy(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '' && value !== 0 && value !== false;
}

function scalarOrNull(value: unknown): string | number | null {
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}
