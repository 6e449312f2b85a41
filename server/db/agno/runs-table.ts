import { quoteIdentifier } from '../connection.js';
import type { SqliteHandle, SqliteStatement } from '../connection.js';
import type { RunsTable } from './discover.js';

/** How a session's runs are found by position (see `RunsTableSql.positionStatements`). */
export interface RunPositionStatements {
  /** [run_index, rowid] of a session's runs, by run_index (the index alone answers it). */
  readonly byIndex: SqliteStatement;
  /** Rowids of a session's runs sharing one run_index (`IS ?`: NULL included), in Agno's order. */
  readonly tied: SqliteStatement;
  /** [rowid, run_id] of a session's runs, in no order. */
  readonly ids: SqliteStatement;
  /** One run's `run_data` by rowid, when it still belongs to the session. */
  readonly runData: SqliteStatement;
}

/**
 * SQL for Agno 3's runs table (`agno_runs`): one row per run, `run_data` holding the run dict
 * as JSON text, ordered within a session by `run_index`, then `created_at`, then `run_id` (the
 * order Agno 3 reads them in). Fragments here are spliced into the session table's statements
 * (aliased `t`); the legacy `runs` value of an upgraded table is `decodedLegacy`, the array's
 * JSON text or NULL.
 */
export class RunsTableSql {
  readonly runById: SqliteStatement;
  readonly runsOfSession: SqliteStatement;
  readonly rowOfRun: SqliteStatement;
  readonly deleteOfSession: SqliteStatement;
  /** Statements that find a session's runs by position; `null` when this table cannot serve them. */
  readonly positions: RunPositionStatements | null;
  private readonly table: string;
  private readonly order: string;
  /** `run_id`s of the legacy entries Agno 3's merge keeps (objects with a run_id). */
  private readonly legacyIds: string;

  constructor(
    private readonly handle: SqliteHandle,
    private readonly shape: RunsTable,
    private readonly decodedLegacy: string,
  ) {
    this.table = quoteIdentifier(shape.name);
    this.order = ['run_index', 'created_at', 'run_id']
      .filter((c) => shape.columns.has(c))
      .map((c) => `r.${quoteIdentifier(c)} ASC`)
      .join(', ');
    this.legacyIds =
      `(SELECT j.value ->> '$.run_id' FROM json_each(${decodedLegacy}) AS j ` +
      `WHERE j.type = 'object' AND j.value ->> '$.run_id' IS NOT NULL)`;
    this.runById = handle.prepare(`SELECT r.run_data AS run_data FROM ${this.table} AS r WHERE r.session_id = ? AND r.run_id = ?`);
    this.runsOfSession = handle.prepare(
      `SELECT r.run_data AS run_data FROM ${this.table} AS r WHERE r.session_id = ? ORDER BY ${this.order}`,
    );
    this.rowOfRun = handle.prepare(
      `SELECT r.session_id AS session_id, ${this.column('run_index')} AS run_index FROM ${this.table} AS r WHERE r.run_id = ?`,
    );
    this.deleteOfSession = handle.prepare(`DELETE FROM ${this.table} WHERE session_id = ?`);
    this.positions = this.positionStatements();
  }

  /**
   * Agno 3 orders a session's runs by `run_index`, then `created_at`, then `run_id`, and creates
   * an index on (session_id, run_index): the first key alone comes from that index without
   * reading a row, and only runs sharing an index need the other two (read from their rows).
   * Rows are then named by rowid, so a page reads its own rows only. A table without
   * `run_index` or without rowids gets none (the store merges in memory).
   */
  private positionStatements(): RunPositionStatements | null {
    if (!this.shape.columns.has('run_index')) return null;
    const taken = new Set([...this.shape.columns].map((c) => c.toLowerCase()));
    const rowid = ['rowid', '_rowid_', 'oid'].find((alias) => !taken.has(alias));
    if (rowid === undefined) return null;
    const ties = ['created_at', 'run_id'].filter((c) => this.shape.columns.has(c)).map((c) => `r.${quoteIdentifier(c)} ASC`);
    try {
      return {
        byIndex: this.handle.prepare(`SELECT r.run_index, r.${rowid} FROM ${this.table} AS r WHERE r.session_id = ? ORDER BY r.run_index ASC`).raw(),
        tied: this.handle
          .prepare(
            `SELECT r.${rowid} FROM ${this.table} AS r WHERE r.session_id = ? AND r.run_index IS ?` +
              (ties.length > 0 ? ` ORDER BY ${ties.join(', ')}` : ''),
          )
          .pluck(),
        ids: this.handle.prepare(`SELECT r.${rowid}, r.run_id FROM ${this.table} AS r WHERE r.session_id = ?`).raw(),
        runData: this.handle.prepare(`SELECT r.run_data FROM ${this.table} AS r WHERE r.${rowid} = ? AND r.session_id = ?`).pluck(),
      };
    } catch {
      // A WITHOUT ROWID table: no rowid to select.
      return null;
    }
  }

  /** How many runs Agno 3 answers for session `t`: the legacy entries it keeps plus the table's others. */
  mergedCount(): string {
    const tableRuns = `(SELECT count(*) FROM ${this.table} AS r WHERE r.session_id = t.session_id`;
    return (
      `(CASE WHEN coalesce(json_array_length(${this.decodedLegacy}), 0) > 0 ` +
      `THEN (SELECT count(*) FROM ${this.legacyIds}) + ${tableRuns} AND r.run_id NOT IN ${this.legacyIds}) ` +
      `ELSE ${tableRuns}) END)`
    );
  }

  /** The first table run (after the legacy ones) that agno's session-name derivation looks at. */
  firstNameRun(): string {
    const agentId = this.shape.columns.has('agent_id') ? 'r.agent_id' : "json_extract(r.run_data, '$.agent_id')";
    return (
      `(SELECT r.run_data FROM ${this.table} AS r WHERE r.session_id = t.session_id ` +
      `AND (t.session_type IS NOT 'team' OR coalesce(${agentId}, '') = '') ` +
      `AND r.run_id NOT IN ${this.legacyIds} ORDER BY ${this.order} LIMIT 1)`
    );
  }

  /** Inserts a run row with the columns this table has. */
  insert(values: Record<string, unknown>): void {
    const names = Object.keys(values).filter((c) => this.shape.columns.has(c));
    this.handle
      .prepare(`INSERT INTO ${this.table} (${names.map(quoteIdentifier).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`)
      .run(...names.map((c) => values[c]));
  }

  /** Agno 3's update of an existing run row: its index is kept unless it had none. */
  update(runId: string, values: Record<string, unknown>): void {
    const names = Object.keys(values).filter((c) => this.shape.columns.has(c));
    const sets = names.map((c) =>
      c === 'run_index' ? `run_index = coalesce(run_index, @run_index)` : `${quoteIdentifier(c)} = @${c}`,
    );
    if (sets.length === 0) return;
    const bound = Object.fromEntries(names.map((c) => [c, values[c]]));
    this.handle.prepare(`UPDATE ${this.table} SET ${sets.join(', ')} WHERE run_id = @run_id_key`).run({ ...bound, run_id_key: runId });
  }

  private column(name: string): string {
    return this.shape.columns.has(name) ? `r.${quoteIdentifier(name)}` : 'NULL';
  }
}
