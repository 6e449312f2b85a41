import Database from 'better-sqlite3';
import pg from 'pg';

const TRACE_COLUMNS = ['trace_id', 'name', 'status', 'start_time', 'end_time', 'duration_ms', 'run_id', 'session_id', 'user_id', 'agent_id', 'team_id', 'workflow_id', 'created_at'];
const SPAN_COLUMNS = ['span_id', 'trace_id', 'parent_span_id', 'name', 'span_kind', 'status_code', 'status_message', 'start_time', 'end_time', 'duration_ms', 'attributes', 'created_at'];

/**
 * Copies the traces and spans of an Agno SQLite file into PostgreSQL in Agno `PostgresDb`'s
 * layout (`<schema>.agno_traces`, `<schema>.agno_spans` with its foreign key, times as text,
 * `duration_ms` BIGINT, `attributes` JSONB), replacing what was there: the same content on both
 * engines for the store suite. Spans are inserted in the file's row order.
 */
export async function copyAgnoTracesToPostgres(url: string, sqliteFile: string, options: { schema?: string } = {}): Promise<{ traces: number; spans: number }> {
  const schema = options.schema ?? 'ai';
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(schema)) throw new TypeError(`not a plain identifier: ${schema}`);
  const source = new Database(sqliteFile, { readonly: true, fileMustExist: true });
  const traces = source.prepare(`SELECT ${TRACE_COLUMNS.join(', ')} FROM agno_traces ORDER BY rowid`).all() as Record<string, unknown>[];
  const spans = source.prepare(`SELECT ${SPAN_COLUMNS.join(', ')} FROM agno_spans ORDER BY rowid`).all() as Record<string, unknown>[];
  source.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(`DROP TABLE IF EXISTS ${schema}.agno_spans`);
    await client.query(`DROP TABLE IF EXISTS ${schema}.agno_traces`);
    await client.query(
      `CREATE TABLE ${schema}.agno_traces (trace_id VARCHAR PRIMARY KEY, name VARCHAR NOT NULL, status VARCHAR NOT NULL, ` +
        'start_time VARCHAR NOT NULL, end_time VARCHAR NOT NULL, duration_ms BIGINT NOT NULL, run_id VARCHAR, session_id VARCHAR, ' +
        'user_id VARCHAR, agent_id VARCHAR, team_id VARCHAR, workflow_id VARCHAR, created_at VARCHAR NOT NULL)',
    );
    for (const column of ['status', 'start_time', 'run_id', 'session_id', 'user_id', 'agent_id', 'team_id', 'workflow_id', 'created_at']) {
      await client.query(`CREATE INDEX ON ${schema}.agno_traces (${column})`);
    }
    await client.query(
      `CREATE TABLE ${schema}.agno_spans (span_id VARCHAR PRIMARY KEY, trace_id VARCHAR NOT NULL REFERENCES ${schema}.agno_traces (trace_id), ` +
        'parent_span_id VARCHAR, name VARCHAR NOT NULL, span_kind VARCHAR NOT NULL, status_code VARCHAR NOT NULL, status_message TEXT, ' +
        'start_time VARCHAR NOT NULL, end_time VARCHAR NOT NULL, duration_ms BIGINT NOT NULL, attributes JSONB, created_at VARCHAR NOT NULL)',
    );
    for (const column of ['trace_id', 'parent_span_id', 'start_time', 'created_at']) await client.query(`CREATE INDEX ON ${schema}.agno_spans (${column})`);
    const insert = async (table: string, columns: string[], rows: Record<string, unknown>[]): Promise<void> => {
      const marks = columns.map((_, i) => `$${i + 1}`).join(', ');
      for (const row of rows) {
        const values = columns.map((c) => (c === 'duration_ms' ? Math.round(Number(row[c])) : row[c] ?? null));
        await client.query(`INSERT INTO ${schema}.${table} (${columns.join(', ')}) VALUES (${marks})`, values);
      }
    };
    await insert('agno_traces', TRACE_COLUMNS, traces);
    await insert('agno_spans', SPAN_COLUMNS, spans);
  } finally {
    await client.end();
  }
  return { traces: traces.length, spans: spans.length };
}
