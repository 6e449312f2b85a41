import type pg from 'pg';
import { PYTHON_JSON_MAX_DEPTH } from '../../agno-format/json-depth.js';

/**
 * Which Agno layout a PostgreSQL session table uses (docs/databases.md "Agno versions and layouts"): the
 * 2.x `runs` JSONB column, Agno 3's runs table (`agno_runs`, one row per run, `run_data`
 * JSONB), or both on a table Agno 3 kept writing without the explicit migration. SQL text for
 * each, aliased `t` (session row) and `r` (run row).
 */

export interface PostgresLayout {
  /** The session table has the legacy `runs` column. */
  legacyColumn: boolean;
  /** `"schema"."table"` of the runs table, quoted; null for a 2.x table. */
  runsTable: string | null;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Reads the layout from the catalog: the runs table is the one in the schema whose foreign key
 * points at the session table (Agno 3 declares it) with `run_id`, `session_id` and `run_data`,
 * else `agno_runs` in the same schema when it has those columns.
 */
export async function readLayout(pool: pg.Pool, schema: string, table: string): Promise<PostgresLayout> {
  const { rows } = await pool.query<{ legacy: boolean; runs_table: string | null }>(
    `WITH candidates AS (
       SELECT c.relname AS name,
              EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conrelid = c.oid AND k.contype = 'f'
                        AND k.confrelid = to_regclass(format('%I.%I', $1::text, $2::text))) AS bound
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND c.relkind IN ('r', 'p')
          AND (SELECT count(*) FROM pg_attribute a WHERE a.attrelid = c.oid AND NOT a.attisdropped
                 AND a.attname IN ('run_id', 'session_id', 'run_data')) = 3
          AND c.relname <> $2)
     SELECT EXISTS (SELECT 1 FROM information_schema.columns
                     WHERE table_schema = $1 AND table_name = $2 AND column_name = 'runs') AS legacy,
            coalesce((SELECT name FROM candidates WHERE bound ORDER BY name LIMIT 1),
                     (SELECT name FROM candidates WHERE name = 'agno_runs')) AS runs_table`,
    [schema, table],
  );
  const row = rows[0];
  return {
    legacyColumn: row?.legacy === true,
    runsTable: row?.runs_table ? `${quoteIdent(schema)}.${quoteIdent(row.runs_table)}` : null,
  };
}

/**
 * A version of a set of rows: their count and the sum of a hash of each row's `ctid` and `xmin`,
 * so an insert, update or delete of any one of them changes it. `where` narrows the set.
 */
export function rowsVersion(table: string, alias: string, where = ''): string {
  return (
    `(SELECT count(*)::text || '.' || coalesce(sum(hashtext(${alias}.ctid::text || '/' || ${alias}.xmin::text)), 0)::text ` +
    `FROM ${table} AS ${alias}${where ? ` WHERE ${where}` : ''})`
  );
}

/** SQL fragments for one layout. */
export class LayoutSql {
  /** The legacy `runs` value as an array (`[]` for NULL, non-arrays, or no column). */
  readonly legacy: string;
  readonly runCount: string;
  readonly nameRun: string;
  /** `run_id`s of the legacy objects Agno 3's merge keeps. */
  readonly legacyIds: string;
  /**
   * A fingerprint of the session's run rows (Agno 3: their count and the sum of a hash of each
   * row's `ctid` and `xmin`, so any insert, update or delete of one changes it); empty text for
   * a 2.x table, whose runs live in the session row and change its own `xmin`.
   */
  readonly runsVersion: string;
  /**
   * Why the legacy `runs` value cannot be read as AgentOS reads it, else NULL: its `jsonb` type
   * (`object`, `string`, `number`, `boolean`) when it is not a list (SQL NULL and JSON `null` are
   * no runs), or `deep` when it is nested deeper than Python's `json.loads` reads (the
   * `PYTHON_JSON_MAX_DEPTH` every store applies: some array or object sits at that level, counted
   * from the value itself at level 0). PostgreSQL's `jsonb` keeps values far deeper (it refuses
   * them only at its stack limit, some thousands of levels), which AgentOS, loading them with
   * `json.loads`, cannot read. NULL without the column.
   */
  readonly unreadable: string;

  constructor(readonly layout: PostgresLayout) {
    this.unreadable = layout.legacyColumn
      ? "(CASE WHEN t.runs IS NULL OR jsonb_typeof(t.runs) = 'null' THEN NULL " +
        "WHEN jsonb_typeof(t.runs) <> 'array' THEN jsonb_typeof(t.runs) " +
        `WHEN jsonb_path_exists(t.runs, 'strict $.**{${PYTHON_JSON_MAX_DEPTH}} ? (@.type() == "array" || @.type() == "object")') THEN 'deep' END)`
      : 'NULL::text';
    this.legacy = layout.legacyColumn ? "(CASE WHEN jsonb_typeof(t.runs) = 'array' THEN t.runs ELSE '[]'::jsonb END)" : "'[]'::jsonb";
    this.legacyIds =
      `(SELECT e->>'run_id' FROM jsonb_array_elements(${this.legacy}) AS e ` +
      `WHERE jsonb_typeof(e) = 'object' AND e->>'run_id' IS NOT NULL)`;
    const runs = layout.runsTable;
    const notTeamMember = `(t.session_type IS DISTINCT FROM 'team' OR coalesce(e->>'agent_id', '') = '')`;
    const legacyNameRun = (mergedOnly: boolean) =>
      `(SELECT e FROM jsonb_array_elements(${this.legacy}) AS e WHERE jsonb_typeof(e) = 'object' AND ${notTeamMember}` +
      `${mergedOnly ? " AND e->>'run_id' IS NOT NULL" : ''} LIMIT 1)`;
    this.runsVersion =
      runs === null
        ? "''::text"
        : rowsVersion(runs, 'r', 'r.session_id = t.session_id');
    if (runs === null) {
      this.runCount = `jsonb_array_length(${this.legacy})`;
      this.nameRun = legacyNameRun(false);
      return;
    }
    const tableRuns = `(SELECT count(*) FROM ${runs} AS r WHERE r.session_id = t.session_id`;
    this.runCount =
      `(CASE WHEN jsonb_array_length(${this.legacy}) > 0 ` +
      `THEN (SELECT count(*) FROM ${this.legacyIds} AS l(id)) + ${tableRuns} AND r.run_id NOT IN ${this.legacyIds}) ` +
      `ELSE ${tableRuns}) END)`;
    this.nameRun =
      `coalesce(${legacyNameRun(true)}, (SELECT r.run_data FROM ${runs} AS r WHERE r.session_id = t.session_id ` +
      `AND (t.session_type IS DISTINCT FROM 'team' OR coalesce(r.run_data->>'agent_id', '') = '') ` +
      `AND r.run_id NOT IN ${this.legacyIds} ORDER BY ${RUN_ORDER} LIMIT 1))`;
  }
}

/** Agno 3's order of a session's run rows (PostgreSQL's default: NULL indexes last). */
export const RUN_ORDER = 'r.run_index ASC, r.created_at ASC, r.run_id ASC';
