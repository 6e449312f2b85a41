import type { Statement } from './queries.js';

/**
 * The tables Agno's `SqliteDb` creates on its first write to them (`create_table_if_not_found`),
 * as SQLite keeps their text in `sqlite_master` after SQLAlchemy created them: a write AgentOS
 * would make into a database without the table creates it the same way here, so Agno later
 * recognises the table as its own. Only the two tables a platform route creates: memories
 * (`POST /memories`) and daily metrics (`POST /metrics/refresh`).
 */

export type CreatableTable = 'memory' | 'metrics';

/** Agno's default names (`BaseDb.__init__`). */
export const AGNO_TABLE_NAMES: Record<CreatableTable, string> = { memory: 'agno_memories', metrics: 'agno_metrics' };

const MEMORY_DDL = [
  `CREATE TABLE agno_memories (
	memory_id VARCHAR NOT NULL, 
	memory JSON NOT NULL, 
	input VARCHAR, 
	agent_id VARCHAR, 
	team_id VARCHAR, 
	user_id VARCHAR, 
	topics JSON, 
	feedback VARCHAR, 
	created_at BIGINT NOT NULL, 
	updated_at BIGINT, 
	PRIMARY KEY (memory_id)
)`,
  'CREATE INDEX idx_agno_memories_user_id ON agno_memories (user_id)',
  'CREATE INDEX idx_agno_memories_created_at ON agno_memories (created_at)',
  'CREATE INDEX idx_agno_memories_updated_at ON agno_memories (updated_at)',
];

/** Agno 2.x: one row per day and period. */
const METRICS_DDL_2 = [
  `CREATE TABLE agno_metrics (
	id VARCHAR NOT NULL, 
	agent_runs_count BIGINT NOT NULL, 
	team_runs_count BIGINT NOT NULL, 
	workflow_runs_count BIGINT NOT NULL, 
	agent_sessions_count BIGINT NOT NULL, 
	team_sessions_count BIGINT NOT NULL, 
	workflow_sessions_count BIGINT NOT NULL, 
	users_count BIGINT NOT NULL, 
	token_metrics JSON NOT NULL, 
	model_metrics JSON NOT NULL, 
	date DATE NOT NULL, 
	aggregation_period VARCHAR NOT NULL, 
	created_at BIGINT NOT NULL, 
	updated_at BIGINT, 
	completed BOOLEAN NOT NULL, 
	PRIMARY KEY (id), 
	CONSTRAINT agno_metrics_uq_metrics_date_period UNIQUE (date, aggregation_period)
)`,
  'CREATE INDEX idx_agno_metrics_date ON agno_metrics (date)',
  'CREATE INDEX idx_agno_metrics_aggregation_period ON agno_metrics (aggregation_period)',
];

/** Agno 3: one row per owner, day and period (`user_id` '' for sessions without a user). */
const METRICS_DDL_3 = [
  `CREATE TABLE agno_metrics (
	id VARCHAR NOT NULL, 
	agent_runs_count BIGINT NOT NULL, 
	team_runs_count BIGINT NOT NULL, 
	workflow_runs_count BIGINT NOT NULL, 
	agent_sessions_count BIGINT NOT NULL, 
	team_sessions_count BIGINT NOT NULL, 
	workflow_sessions_count BIGINT NOT NULL, 
	users_count BIGINT NOT NULL, 
	token_metrics JSON NOT NULL, 
	model_metrics JSON NOT NULL, 
	date DATE NOT NULL, 
	aggregation_period VARCHAR NOT NULL, 
	user_id VARCHAR NOT NULL, 
	created_at BIGINT NOT NULL, 
	updated_at BIGINT, 
	completed BOOLEAN NOT NULL, 
	PRIMARY KEY (id), 
	CONSTRAINT agno_metrics_uq_metrics_user_date_period UNIQUE (user_id, date, aggregation_period)
)`,
  'CREATE INDEX idx_agno_metrics_date ON agno_metrics (date)',
  'CREATE INDEX idx_agno_metrics_aggregation_period ON agno_metrics (aggregation_period)',
  'CREATE INDEX idx_agno_metrics_user_id ON agno_metrics (user_id)',
];

/**
 * The statements creating the table, then (in a database Agno versioned: it has
 * `agno_schema_versions`) its version row with the version the database's other tables record
 * and Agno's naive local ISO timestamps.
 */
export function createTableStatements(table: CreatableTable, options: { owned: boolean; versioned: boolean; now: Date }): Statement[] {
  const ddl = table === 'memory' ? MEMORY_DDL : options.owned ? METRICS_DDL_3 : METRICS_DDL_2;
  const statements: Statement[] = ddl.map((sql) => ({ sql, params: [] }));
  if (options.versioned) {
    const stamp = naiveLocalIso(options.now);
    statements.push({
      sql:
        'INSERT OR IGNORE INTO agno_schema_versions (table_name, version, created_at, updated_at) ' +
        "SELECT ?, coalesce((SELECT version FROM agno_schema_versions ORDER BY version DESC LIMIT 1), '2.5.6'), ?, ?",
      params: [AGNO_TABLE_NAMES[table], stamp, stamp],
    });
  }
  return statements;
}

/** Python's `datetime.now().isoformat()`: local time, no zone, microseconds when not zero. */
function naiveLocalIso(at: Date): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const base = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
  return at.getMilliseconds() === 0 ? base : `${base}.${pad(at.getMilliseconds() * 1000, 6)}`;
}
