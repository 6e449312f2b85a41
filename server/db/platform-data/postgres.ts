import type pg from 'pg';
import { quoteIdent, type Dialect } from './queries.js';
import { SqlPlatformDataReader } from './reader.js';
import { PlatformCatalog, type CatalogTable } from './tables.js';
import type { PlatformDataReader } from './types.js';

/** How long a PostgreSQL catalog is trusted before asking again (an agent may add its tables). */
const CATALOG_TTL_MS = 5_000;

/**
 * The platform data of an Agno `PostgresDb` schema (`ai` by default): the same statements as on
 * SQLite, read inside PostgreSQL.
 */
export function postgresPlatformData(pool: pg.Pool, options: { databaseId: string; schema: string; clock: () => number }): PlatformDataReader {
  const dialect: Dialect = {
    param: (n) => `$${n}`,
    asText: (column) => `${column}::text`,
    ilike: 'ILIKE',
    qualify: (table) => `${quoteIdent(options.schema)}.${quoteIdent(table)}`,
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
  return new SqlPlatformDataReader({
    dialect,
    rows: async (statement) => (await pool.query<Record<string, unknown>>(statement.sql, statement.params)).rows,
    catalog,
  });
}
