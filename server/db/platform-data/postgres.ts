import type pg from 'pg';
import { quoteIdent } from './queries.js';
import { LATIN_FOLD } from '../text-fold.js';
import { PlatformCatalog, type CatalogTable } from './tables.js';
import type { PlatformData } from './types.js';
import { SqlPlatformData } from './writer.js';
import type { WriteDialect, WriteOp } from './writes.js';

/** How long a PostgreSQL catalog is trusted before asking again (an agent may add its tables). */
const CATALOG_TTL_MS = 5_000;

/**
 * The platform data of an Agno `PostgresDb` schema (`ai` by default): the same statements as on
 * SQLite, read inside PostgreSQL.
 */
export function postgresPlatformData(
  pool: pg.Pool,
  options: { databaseId: string; schema: string; clock: () => number; readOnly?: boolean | undefined },
): PlatformData {
  const dialect: WriteDialect = {
    param: (n) => `$${n}`,
    asText: (column) => `${column}::text`,
    ilike: 'ILIKE',
    qualify: (table) => `${quoteIdent(options.schema)}.${quoteIdent(table)}`,
    // to_jsonb(...) #>> '{}': a JSON or JSONB column's text, decoded (a string's content, escapes resolved).
    foldedContains: (column, p) => `position(${p} in translate(lower(to_jsonb(${column}) #>> '{}'), '${LATIN_FOLD.from}', '${LATIN_FOLD.to}')) > 0`,
    forUpdate: ' FOR UPDATE',
    bool: (value) => value,
  };
  let cached: { at: number; catalog: PlatformCatalog } | null = null;
  const catalog = async (): Promise<PlatformCatalog> => {
    const now = options.clock();
    if (cached && now - cached.at < CATALOG_TTL_MS) return cached.catalog;
    const { rows } = await pool.query<{ table_name: string; column_name: string }>(
      'SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = $1 ORDER BY table_name, ordinal_position',
      [options.schema],
    );
    const byTable = new Map<string, Set<string>>();
    for (const row of rows) {
      let columns = byTable.get(row.table_name);
      if (!columns) byTable.set(row.table_name, (columns = new Set()));
      columns.add(row.column_name);
    }
    const tables: CatalogTable[] = [...byTable].map(([name, columns]) => ({ name, columns }));
    cached = { at: now, catalog: new PlatformCatalog(options.databaseId, tables) };
    return cached.catalog;
  };
  const write = async <T>(op: () => WriteOp<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const steps = op();
      let next = steps.next();
      while (!next.done) {
        const result = await client.query<Record<string, unknown>>(next.value.sql, next.value.params);
        next = steps.next({ rows: result.rows, changes: result.rowCount ?? 0 });
      }
      await client.query('COMMIT');
      return next.value;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  return new SqlPlatformData({
    dialect,
    databaseId: options.databaseId,
    readOnly: options.readOnly === true,
    // Agno's PostgreSQL tables come from AgentOS's provisioning (or the agent): rundesk creates none there.
    createsTables: false,
    rows: async (statement) => (await pool.query<Record<string, unknown>>(statement.sql, statement.params)).rows,
    catalog,
    write,
    now: options.clock,
  });
}
