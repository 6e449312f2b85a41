import { randomUUID } from 'node:crypto';
import { ConflictError } from '../../errors.js';
import { ReadOnlyDatabaseError } from '../errors.js';
import { AGNO_TABLE_NAMES, createTableStatements, type CreatableTable } from './agno-tables.js';
import { SqlPlatformDataReader, type PlatformDataSource } from './reader.js';
import { toEvalRunRow, toMemoryRow, toMetricsRow } from './rows.js';
import type { CatalogTable } from './tables.js';
import type {
  DailyMetricsRecord,
  EvalRunRow,
  MemoryInput,
  MemoryRow,
  MemoryUpdate,
  MetricsProgress,
  MetricsRow,
  PlatformData,
  PlatformDomain,
  WriteTarget,
} from './types.js';
import * as w from './writes.js';

/** How the writes reach their engine, beside what the reads use. */
export interface PlatformWriteSource extends PlatformDataSource {
  readonly dialect: w.WriteDialect;
  readonly databaseId: string;
  readonly readOnly: boolean;
  /** Whether a missing memory or metrics table is created as Agno creates it (SQLite: yes). */
  readonly createsTables: boolean;
  /** Runs one write op as one transaction. */
  write<T>(op: () => w.WriteOp<T>): Promise<T>;
  /** Epoch milliseconds. */
  now(): number;
}

const MEMORY_COLUMNS = ['memory_id', 'memory', 'input', 'agent_id', 'team_id', 'user_id', 'topics', 'feedback', 'created_at', 'updated_at'];
const METRICS_COLUMNS = [
  'id',
  'agent_runs_count',
  'team_runs_count',
  'workflow_runs_count',
  'agent_sessions_count',
  'team_sessions_count',
  'workflow_sessions_count',
  'users_count',
  'token_metrics',
  'model_metrics',
  'date',
  'aggregation_period',
  'created_at',
  'updated_at',
  'completed',
];

/**
 * A database's platform data, read and written with the same statements on SQLite and
 * PostgreSQL (`queries.ts` for reads, `writes.ts` for writes).
 */
export class SqlPlatformData extends SqlPlatformDataReader implements PlatformData {
  constructor(private readonly writes: PlatformWriteSource) {
    super(writes);
  }

  private seconds(): number {
    return Math.floor(this.writes.now() / 1000);
  }

  /** A read-only op, statement by statement outside any transaction. */
  private async readOp<T>(op: w.WriteOp<T>): Promise<T> {
    let step = op.next();
    while (!step.done) step = op.next({ rows: await this.writes.rows(step.value), changes: 0 });
    return step.value;
  }

  private refuseReadOnly(): void {
    if (this.writes.readOnly) throw new ReadOnlyDatabaseError(this.writes.databaseId);
  }

  private async tableOf(domain: PlatformDomain, name: string | undefined): Promise<CatalogTable | null> {
    return (await this.writes.catalog()).table(domain, name);
  }

  /**
   * The domain's table, or, when the database has none and may get one, the statements creating
   * Agno's table and the table they create.
   */
  private async tableOrCreate(
    domain: PlatformDomain & CreatableTable,
    name: string | undefined,
    owned: boolean,
  ): Promise<{ table: CatalogTable; create: ReturnType<typeof createTableStatements> }> {
    const catalog = await this.writes.catalog();
    const table = catalog.table(domain, name);
    if (table) return { table, create: [] };
    const agnoName = AGNO_TABLE_NAMES[domain];
    if (!this.writes.createsTables || catalog.has(agnoName)) {
      throw new ConflictError(
        `Database with ID ${this.writes.databaseId} has no ${domain === 'memory' ? 'memory' : 'metrics'} table rundesk can write (Agno creates ${agnoName} on its first write; let the agent or AgentOS create it)`,
      );
    }
    const columns = domain === 'memory' ? MEMORY_COLUMNS : owned ? [...METRICS_COLUMNS, 'user_id'] : METRICS_COLUMNS;
    return {
      table: { name: agnoName, columns: new Set(columns) },
      create: createTableStatements(domain, { owned, versioned: catalog.has('agno_schema_versions'), now: new Date(this.writes.now()) }),
    };
  }

  async createMemory(memoryId: string, input: MemoryInput, target: WriteTarget): Promise<MemoryRow> {
    this.refuseReadOnly();
    const { table, create } = await this.tableOrCreate('memory', target.table, false);
    const now = this.seconds();
    const dialect = this.writes.dialect;
    const row = await this.writes.write(function* () {
      for (const statement of create) yield statement;
      return yield* w.createMemory(dialect, table, memoryId, input, now);
    });
    return toMemoryRow(row);
  }

  async updateMemory(memoryId: string, input: MemoryInput, target: WriteTarget): Promise<MemoryUpdate> {
    this.refuseReadOnly();
    const { table, create } = await this.tableOrCreate('memory', target.table, false);
    const now = this.seconds();
    const dialect = this.writes.dialect;
    const row = await this.writes.write(function* () {
      for (const statement of create) yield statement;
      return yield* w.updateMemory(dialect, table, memoryId, input, target.scope, now);
    });
    return row === null ? { kind: 'not-found' } : { kind: 'written', row: toMemoryRow(row) };
  }

  async deleteMemories(memoryIds: readonly string[], target: WriteTarget): Promise<number> {
    this.refuseReadOnly();
    const table = await this.tableOf('memory', target.table);
    if (!table) return 0;
    const dialect = this.writes.dialect;
    return this.writes.write(() => w.deleteByIds(dialect, table, 'memory_id', memoryIds, target.scope));
  }

  async renameEvalRun(runId: string, name: string, target: WriteTarget): Promise<EvalRunRow | null> {
    this.refuseReadOnly();
    const table = await this.tableOf('evals', target.table);
    if (!table) return null;
    const now = this.seconds();
    const dialect = this.writes.dialect;
    const row = await this.writes.write(() => w.renameEvalRun(dialect, table, runId, name, target.scope, now));
    return row === null ? null : toEvalRunRow(row);
  }

  async deleteEvalRuns(runIds: readonly string[], target: WriteTarget): Promise<number> {
    this.refuseReadOnly();
    const table = await this.tableOf('evals', target.table);
    if (!table) return 0;
    const dialect = this.writes.dialect;
    return this.writes.write(() => w.deleteByIds(dialect, table, 'run_id', runIds, target.scope));
  }

  async metricsProgress(target: { table?: string | undefined; ownedIfCreated: boolean }): Promise<MetricsProgress> {
    const table = await this.tableOf('metrics', target.table);
    if (!table) return { owned: target.ownedIfCreated, exists: false, latestCompleted: null, earliestIncomplete: null, newest: null };
    const dialect = this.writes.dialect;
    const progress = await this.readOp(w.metricsProgress(dialect, table));
    return { owned: table.columns.has('user_id'), exists: true, ...progress };
  }

  async writeDailyMetrics(records: readonly DailyMetricsRecord[], target: { table?: string | undefined; ownedIfCreated: boolean }): Promise<MetricsRow[]> {
    this.refuseReadOnly();
    if (records.length === 0) return [];
    const { table, create } = await this.tableOrCreate('metrics', target.table, target.ownedIfCreated);
    const now = this.seconds();
    const dialect = this.writes.dialect;
    const rows = await this.writes.write(function* () {
      for (const statement of create) yield statement;
      return yield* w.writeDailyMetrics(dialect, table, records, randomUUID, now);
    });
    return rows.map(toMetricsRow);
  }
}
