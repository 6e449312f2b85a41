import { NotFoundError } from '../../errors.js';
import type { PlatformDomain, PlatformTables } from './types.js';

/**
 * Which tables of a database hold each domain. Agno names them `agno_memories`,
 * `agno_eval_runs`, `agno_metrics` and `agno_knowledge` unless the agent's `SqliteDb` /
 * `PostgresDb` was told otherwise, so a table counts by its columns, and Agno's own name comes
 * first. Names come from the database's catalog only; requests pick among them by equality.
 */

const DOMAIN_COLUMNS: Record<PlatformDomain, readonly string[]> = {
  memory: ['memory_id', 'memory', 'topics', 'user_id', 'updated_at'],
  evals: ['run_id', 'eval_type', 'eval_data', 'eval_input'],
  metrics: ['agent_runs_count', 'token_metrics', 'model_metrics', 'date', 'aggregation_period'],
  knowledge: ['id', 'name', 'description', 'linked_to', 'status'],
};

const AGNO_NAMES: Record<PlatformDomain, string> = {
  memory: 'agno_memories',
  evals: 'agno_eval_runs',
  metrics: 'agno_metrics',
  knowledge: 'agno_knowledge',
};

export interface CatalogTable {
  name: string;
  columns: ReadonlySet<string>;
}

/** The catalog sorted into domains: per domain, its tables with their columns (Agno's name first). */
export class PlatformCatalog {
  private readonly byDomain: Record<PlatformDomain, CatalogTable[]>;
  private readonly names: ReadonlySet<string>;

  constructor(
    private readonly databaseId: string,
    tables: readonly CatalogTable[],
  ) {
    this.names = new Set(tables.map((t) => t.name));
    const sorted = (domain: PlatformDomain): CatalogTable[] => {
      const found = tables.filter((t) => DOMAIN_COLUMNS[domain].every((c) => t.columns.has(c)));
      return [...found.filter((t) => t.name === AGNO_NAMES[domain]), ...found.filter((t) => t.name !== AGNO_NAMES[domain])];
    };
    this.byDomain = { memory: sorted('memory'), evals: sorted('evals'), metrics: sorted('metrics'), knowledge: sorted('knowledge') };
  }

  /** Whether the database has a table of this name, whatever it holds. */
  has(name: string): boolean {
    return this.names.has(name);
  }

  tables(): PlatformTables {
    const names = (d: PlatformDomain) => this.byDomain[d].map((t) => t.name);
    return { memory: names('memory'), evals: names('evals'), metrics: names('metrics'), knowledge: names('knowledge') };
  }

  /**
   * The domain's table: the named one (`NotFoundError` when it is not one of them), else the
   * first; `null` when the database has none — read as empty, as Agno reads a missing table.
   */
  table(domain: PlatformDomain, name: string | undefined): CatalogTable | null {
    const tables = this.byDomain[domain];
    if (name === undefined) return tables[0] ?? null;
    const table = tables.find((t) => t.name === name);
    if (!table) throw new NotFoundError(`Table ${name} not found in database ${this.databaseId}`);
    return table;
  }
}
