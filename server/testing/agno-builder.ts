import fs from 'node:fs';

import { encodeAgnoJson } from '../agno-format/codec.js';
import { connect, quoteIdentifier } from '../db/connection.js';
import { AGNO_SCHEMA_VERSIONS_DDL, agnoSessionTableDdl } from '../db/agno/new-file.js';
import type { SessionType, StoredRun } from '../db/types.js';
import { pythonJsonDumps } from '../agno-format/python-json.js';
import { runRowColumns } from '../agno-format/agno3-runs.js';
import type { AgnoSessionRecord } from './agno-session-record.js';

export { pythonJsonDumps };

/**
 * Writes SQLite files in agno's `SqliteDb` session format (docs/databases.md, "Agno versions and layouts"): the exact DDL
 * SQLAlchemy emits, double-encoded JSON in Python's `json.dumps` style, `'null'` text for
 * `None`, SQL NULL for the columns a session type does not write, and the
 * `agno_schema_versions` row. Tests and benchmarks build their fixtures with it, so they run
 * from a plain clone.
 *
 * @example
 * buildAgnoDb(path.join(dir, 'agno.db'), makeDemoSessions());
 */

export interface BuildAgnoDbOptions {
  /** The session table's name (`SqliteDb(session_table=...)`). Default `agno_sessions`. */
  table?: string | undefined;
  /** Write the `agno_schema_versions` table and row (agno ≥ 2.3). Default true. */
  schemaVersions?: boolean | undefined;
  /** Naive local ISO time of the versions row. Default: derived from the oldest session. */
  versionsTimestamp?: string | undefined;
  /**
   * Where runs are kept (docs/databases.md "Agno versions"): `2.x` the session's `runs` column; `3.x` an
   * `agno_runs` row per run and no `runs` column; `3.x-upgraded` a 2.x table Agno 3 kept on
   * writing: each session's first half of runs in the legacy column, the rest (and a copy of
   * the last legacy run, which the table's copy overrides) in `agno_runs`. Default `2.x`.
   */
  layout?: AgnoLayout | undefined;
}

export type AgnoLayout = '2.x' | '3.x' | '3.x-upgraded';
export const AGNO_LAYOUTS: readonly AgnoLayout[] = ['2.x', '3.x', '3.x-upgraded'];

export const AGNO_SCHEMA_VERSION = '2.5.6';
export const AGNO3_SCHEMA_VERSION = '3.0.0';

/** `CREATE TABLE` text as SQLAlchemy emits it (tabs, a space after each comma). */
export const sessionTableDdl = agnoSessionTableDdl;

/** Agno 3's runs table (v3.0.0a3's `RUNS_TABLE_SCHEMA`, as in test/fixtures/agno3). */
export function runsTableDdl(table: string, sessionTable: string): string[] {
  const columns = [
    'run_id VARCHAR NOT NULL',
    'session_id VARCHAR NOT NULL',
    'run_type VARCHAR NOT NULL',
    'agent_id VARCHAR',
    'team_id VARCHAR',
    'workflow_id VARCHAR',
    'user_id VARCHAR',
    'parent_run_id VARCHAR',
    'status VARCHAR',
    'run_index BIGINT',
    'run_data JSON NOT NULL',
    'created_at BIGINT NOT NULL',
    'updated_at BIGINT',
    'PRIMARY KEY (run_id)',
    `FOREIGN KEY(session_id) REFERENCES ${sessionTable} (session_id) ON DELETE CASCADE`,
  ];
  return [
    `CREATE TABLE ${table} (\n${columns.map((c) => `\t${c}`).join(', \n')}\n)`,
    `CREATE INDEX idx_${table}_session_id_run_index ON ${table} (session_id, run_index)`,
    `CREATE INDEX idx_${table}_session_id ON ${table} (session_id)`,
    `CREATE INDEX idx_${table}_created_at ON ${table} (created_at)`,
  ];
}

/** Which runs of a session go to the legacy value and which to the runs table, by layout. */
export function splitRuns(runs: readonly StoredRun[], layout: AgnoLayout): { legacy: StoredRun[]; rows: Array<{ run: StoredRun; index: number }> } {
  if (layout === '2.x') return { legacy: [...runs], rows: [] };
  if (layout === '3.x') return { legacy: [], rows: runs.map((run, index) => ({ run, index })) };
  const half = Math.ceil(runs.length / 2);
  const legacy = runs.slice(0, half);
  const rows = runs.slice(half).map((run, i) => ({ run, index: half + i }));
  // Agno 3 re-saving a legacy run writes a row for it; the merge answers the row's copy.
  const last = legacy[legacy.length - 1];
  if (last !== undefined && runs.length > 1) rows.unshift({ run: last, index: half - 1 });
  return { legacy, rows };
}

/** The `agno_runs` row Agno 3 writes for a run of `session`. */
export function encodeRunRow(session: AgnoSessionRecord, run: StoredRun, index: number): Record<string, unknown> {
  const at = typeof run['created_at'] === 'number' ? run['created_at'] : session.created_at;
  return {
    run_id: String(run['run_id']),
    session_id: session.session_id,
    ...runRowColumns(run, at),
    user_id: session.user_id ?? null,
    run_index: index,
    run_data: pythonJsonDumps(run),
    updated_at: at,
  };
}

const VERSIONS_DDL = AGNO_SCHEMA_VERSIONS_DDL;

/** Which JSON columns each session type's INSERT writes; the rest stay SQL NULL (§2.3). */
const WRITTEN_JSON_COLUMNS: Record<SessionType, readonly string[]> = {
  agent: ['session_data', 'agent_data', 'metadata', 'runs', 'summary'],
  team: ['session_data', 'team_data', 'metadata', 'runs', 'summary'],
  workflow: ['session_data', 'workflow_data', 'metadata', 'runs', 'summary'],
};

/** Creates `file` (replacing any file there) holding `sessions` in agno's format. */
export function buildAgnoDb(file: string, sessions: readonly AgnoSessionRecord[], options: BuildAgnoDbOptions = {}): void {
  const table = options.table ?? 'agno_sessions';
  const layout = options.layout ?? '2.x';
  const runsTable = table.endsWith('_sessions') ? `${table.slice(0, -'_sessions'.length)}_runs` : `${table}_runs`;
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(table)) throw new TypeError(`not a plain SQL identifier: ${table}`);
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(file + suffix, { force: true });

  const handle = connect(file, { readOnly: false, create: true, wal: false });
  try {
    handle.transaction(() => {
      for (const statement of sessionTableDdl(table, layout !== '3.x')) handle.exec(statement);
      if (layout !== '2.x') for (const statement of runsTableDdl(runsTable, table)) handle.exec(statement);
      if (options.schemaVersions !== false) {
        for (const statement of VERSIONS_DDL) handle.exec(statement);
        const at = options.versionsTimestamp ?? versionsTimestampFor(sessions);
        const version = handle.prepare('INSERT INTO agno_schema_versions (table_name, version, created_at, updated_at) VALUES (?, ?, ?, ?)');
        version.run(table, layout === '3.x' ? AGNO3_SCHEMA_VERSION : AGNO_SCHEMA_VERSION, at, at);
        if (layout !== '2.x') version.run(runsTable, AGNO3_SCHEMA_VERSION, at, at);
      }
      const columns = ['session_id', 'session_type', 'agent_id', 'team_id', 'workflow_id', 'user_id', 'session_data', 'agent_data', 'team_data', 'workflow_data', 'metadata', ...(layout === '3.x' ? [] : ['runs']), 'summary', 'created_at', 'updated_at'];
      const insert = handle.prepare(
        `INSERT INTO ${quoteIdentifier(table)} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
      );
      const runColumns = ['run_id', 'session_id', 'run_type', 'agent_id', 'team_id', 'workflow_id', 'user_id', 'parent_run_id', 'status', 'run_index', 'run_data', 'created_at', 'updated_at'];
      const insertRun = layout === '2.x' ? null : handle.prepare(
        `INSERT INTO ${quoteIdentifier(runsTable)} (${runColumns.join(', ')}) VALUES (${runColumns.map((c) => `@${c}`).join(', ')})`,
      );
      for (const session of sessions) {
        const { legacy, rows } = splitRuns(session.runs ?? [], layout);
        const row = encodeSessionRow({ ...session, runs: legacy });
        if (layout === '3.x') delete row['runs'];
        insert.run(row);
        for (const { run, index } of rows) insertRun?.run(encodeRunRow(session, run, index));
      }
    })();
  } finally {
    handle.close();
  }
}

/** The column values agno's `upsert_session` would bind for this session. */
export function encodeSessionRow(session: AgnoSessionRecord): Record<string, unknown> {
  const written = WRITTEN_JSON_COLUMNS[session.session_type];
  const json = (column: string, value: unknown): string | null => (written.includes(column) ? encodeAgnoJson(value) : null);
  const metadataDefault = session.session_type === 'workflow' ? {} : null;
  return {
    session_id: session.session_id,
    session_type: session.session_type,
    agent_id: session.agent_id ?? null,
    team_id: session.team_id ?? null,
    workflow_id: session.workflow_id ?? null,
    user_id: session.user_id ?? null,
    session_data: json('session_data', session.session_data ?? null),
    agent_data: json('agent_data', session.agent_data ?? null),
    team_data: json('team_data', session.team_data ?? null),
    workflow_data: json('workflow_data', session.workflow_data ?? (session.session_type === 'workflow' ? {} : null)),
    metadata: json('metadata', session.metadata ?? metadataDefault),
    runs: json('runs', session.runs && session.runs.length > 0 ? session.runs : null),
    summary: json('summary', session.summary ?? null),
    created_at: session.created_at,
    updated_at: session.updated_at ?? session.created_at,
  };
}

/** A `datetime.now().isoformat()`-style naive time a little before the oldest session. */
function versionsTimestampFor(sessions: readonly AgnoSessionRecord[]): string {
  const oldest = sessions.reduce((min, s) => Math.min(min, s.created_at), Number.POSITIVE_INFINITY);
  const seconds = Number.isFinite(oldest) ? oldest - 40 : 1_775_295_515;
  return `${new Date(seconds * 1000).toISOString().slice(0, 19)}.530002`;
}

// One import for tests and benchmarks: the writer, the run/session factories and the demo set.
export type { AgnoSessionRecord } from './agno-session-record.js';
export * from './agno-runs.js';
export * from './agno-sessions.js';
export { DEMO, makeDemoSessions } from './demo-sessions.js';
