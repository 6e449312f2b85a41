import Database from 'better-sqlite3';
import pg from 'pg';

/**
 * Copies the memories, eval runs, metrics and knowledge tables of an Agno SQLite file into
 * PostgreSQL in Agno `PostgresDb`'s layout (JSON columns as JSONB, `date` as DATE, `completed`
 * as BOOLEAN, times as BIGINT), so a PostgreSQL store holds the same content as the file.
 */

const JSONB = new Set(['memory', 'topics', 'eval_data', 'eval_input', 'token_metrics', 'model_metrics', 'metadata']);
const BIGINT = /(_count|_at|^size$)$/;

function pgType(column: string, declared: string): string {
  if (JSONB.has(column)) return 'JSONB';
  if (column === 'date') return 'DATE';
  if (column === 'completed') return 'BOOLEAN';
  if (BIGINT.test(column) || declared.toUpperCase() === 'BIGINT') return 'BIGINT';
  return 'VARCHAR';
}

export const PLATFORM_TABLES = ['agno_memories', 'agno_eval_runs', 'agno_metrics', 'agno_knowledge'] as const;

export async function copyPlatformTablesToPostgres(sqliteFile: string, url: string, schema = 'ai'): Promise<void> {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(schema)) throw new TypeError(`not a plain identifier: ${schema}`);
  const source = new Database(sqliteFile, { readonly: true, fileMustExist: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    for (const table of PLATFORM_TABLES) {
      const columns = source.prepare<[string], { name: string; type: string }>('SELECT name, type FROM pragma_table_info(?)').all(table);
      await client.query(`DROP TABLE IF EXISTS ${schema}.${table}`);
      const ddl = columns.map((c) => `"${c.name}" ${pgType(c.name, c.type)}`).join(', ');
      await client.query(`CREATE TABLE ${schema}.${table} (${ddl})`);
      const rows = source.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).all() as Record<string, unknown>[];
      const marks = columns.map((_, i) => `$${i + 1}`).join(', ');
      for (const row of rows) {
        const values = columns.map((c) => {
          const v = row[c.name];
          if (v === null || v === undefined) return null;
          if (c.name === 'completed') return v === 1 || v === true;
          return v;
        });
        await client.query(`INSERT INTO ${schema}.${table} VALUES (${marks})`, values);
      }
    }
  } finally {
    source.close();
    await client.end();
  }
}
