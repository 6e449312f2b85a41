import pg from 'pg';
import type { AgnoLayout, AgnoSessionRecord } from './agno-builder.js';
import { encodeRunRow, splitRuns } from './agno-builder.js';

/**
 * Loads sessions into PostgreSQL in Agno `PostgresDb`'s layout (schema `ai`, table
 * `agno_sessions`, the JSON columns as JSONB, times as BIGINT epoch seconds), replacing the
 * table's content.
 */
export async function buildAgnoPostgres(
  url: string,
  sessions: readonly AgnoSessionRecord[],
  options: { schema?: string; table?: string; layout?: AgnoLayout } = {},
): Promise<void> {
  const schema = options.schema ?? 'ai';
  const table = options.table ?? 'agno_sessions';
  const layout = options.layout ?? '2.x';
  const runsTable = table.endsWith('_sessions') ? `${table.slice(0, -'_sessions'.length)}_runs` : `${table}_runs`;
  for (const name of [schema, table]) if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new TypeError(`not a plain identifier: ${name}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(`DROP TABLE IF EXISTS ${schema}.${runsTable}`);
    await client.query(`DROP TABLE IF EXISTS ${schema}.${table}`);
    await client.query(
      `CREATE TABLE ${schema}.${table} (session_id VARCHAR PRIMARY KEY, session_type VARCHAR NOT NULL, agent_id VARCHAR, ` +
        'team_id VARCHAR, workflow_id VARCHAR, user_id VARCHAR, session_data JSONB, agent_data JSONB, team_data JSONB, ' +
        `workflow_data JSONB, metadata JSONB, ${layout === '3.x' ? '' : 'runs JSONB, '}summary JSONB, created_at BIGINT NOT NULL, updated_at BIGINT)`,
    );
    if (layout !== '2.x') {
      // Agno 3 PostgresDb's runs table (v3.0.0a3 RUNS_TABLE_SCHEMA).
      await client.query(
        `CREATE TABLE ${schema}.${runsTable} (run_id VARCHAR PRIMARY KEY, ` +
          `session_id VARCHAR NOT NULL REFERENCES ${schema}.${table} (session_id) ON DELETE CASCADE, run_type VARCHAR NOT NULL, ` +
          'agent_id VARCHAR, team_id VARCHAR, workflow_id VARCHAR, user_id VARCHAR, parent_run_id VARCHAR, status VARCHAR, ' +
          'run_index BIGINT, run_data JSONB NOT NULL, created_at BIGINT NOT NULL, updated_at BIGINT)',
      );
      await client.query(`CREATE INDEX ON ${schema}.${runsTable} (session_id, run_index)`);
    }
    await client.query(`CREATE INDEX ON ${schema}.${table} (session_type)`);
    await client.query(`CREATE INDEX ON ${schema}.${table} (created_at)`);
    const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
    for (const s of sessions) {
      const { legacy, rows } = splitRuns(s.runs ?? [], layout);
      const legacyValue = legacy.length > 0 ? JSON.stringify(legacy) : null;
      await client.query(
        layout === '3.x'
          ? `INSERT INTO ${schema}.${table} VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`
          : `INSERT INTO ${schema}.${table} VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
        [
          s.session_id,
          s.session_type,
          s.agent_id ?? null,
          s.team_id ?? null,
          s.workflow_id ?? null,
          s.user_id ?? null,
          json(s.session_data),
          json(s.agent_data),
          json(s.team_data),
          json(s.workflow_data),
          json(s.metadata),
          ...(layout === '3.x' ? [] : [legacyValue]),
          json(s.summary),
          s.created_at,
          s.updated_at ?? s.created_at,
        ],
      );
      for (const { run, index } of rows) {
        const row = encodeRunRow(s, run, index);
        const columns = Object.keys(row);
        await client.query(
          `INSERT INTO ${schema}.${runsTable} (${columns.join(', ')}) VALUES (${columns.map((c, i) => (c === 'run_data' ? `$${i + 1}::jsonb` : `$${i + 1}`)).join(', ')})`,
          columns.map((c) => (c === 'run_data' ? JSON.stringify(run) : row[c])),
        );
      }
    }
  } finally {
    await client.end();
  }
}
