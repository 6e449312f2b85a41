import pg from 'pg';
import type { AgnoSessionRecord } from './agno-builder.js';

/**
 * Loads sessions into PostgreSQL in Agno `PostgresDb`'s layout (schema `ai`, table
 * `agno_sessions`, the JSON columns as JSONB, times as BIGINT epoch seconds), replacing the
 * table's content.
 */
export async function buildAgnoPostgres(
  url: string,
  sessions: readonly AgnoSessionRecord[],
  options: { schema?: string; table?: string } = {},
): Promise<void> {
  const schema = options.schema ?? 'ai';
  const table = options.table ?? 'agno_sessions';
  for (const name of [schema, table]) if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new TypeError(`not a plain identifier: ${name}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(`DROP TABLE IF EXISTS ${schema}.${table}`);
    await client.query(
      `CREATE TABLE ${schema}.${table} (session_id VARCHAR PRIMARY KEY, session_type VARCHAR NOT NULL, agent_id VARCHAR, ` +
        'team_id VARCHAR, workflow_id VARCHAR, user_id VARCHAR, session_data JSONB, agent_data JSONB, team_data JSONB, ' +
        'workflow_data JSONB, metadata JSONB, runs JSONB, summary JSONB, created_at BIGINT NOT NULL, updated_at BIGINT)',
    );
    await client.query(`CREATE INDEX ON ${schema}.${table} (session_type)`);
    await client.query(`CREATE INDEX ON ${schema}.${table} (created_at)`);
    const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
    for (const s of sessions) {
      await client.query(
        `INSERT INTO ${schema}.${table} VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
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
          s.runs && s.runs.length > 0 ? JSON.stringify(s.runs) : null,
          json(s.summary),
          s.created_at,
          s.updated_at ?? s.created_at,
        ],
      );
    }
  } finally {
    await client.end();
  }
}
