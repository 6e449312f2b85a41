import type { AccessScope } from '../../access/scope.js';
import type { PagedStatements, Dialect, Statement } from './queries.js';
import * as q from './queries.js';
import { distinctTopics, numberOrNull, toEvalRunRow, toKnowledgeRow, toMemoryRow, toMetricsRow, toUserStatsRow } from './rows.js';
import type { PlatformCatalog } from './tables.js';
import type {
  EvalRunQuery,
  EvalRunRow,
  KnowledgeQuery,
  KnowledgeRow,
  MemoryQuery,
  MemoryRow,
  MetricsAnswer,
  MetricsQuery,
  PlatformDataReader,
  PlatformTables,
  RowPage,
  UserMemoryStatsRow,
  UserStatsQuery,
} from './types.js';

type Raw = Record<string, unknown>;

/** How a reader reaches its engine: the statements' rows, and the catalog of its tables. */
export interface PlatformDataSource {
  readonly dialect: Dialect;
  rows(statement: Statement): Promise<Raw[]>;
  catalog(): Promise<PlatformCatalog>;
}

/**
 * The platform-data reads of one database, over SQLite or PostgreSQL alike (the statements are
 * `queries.ts`; the engine is the source).
 */
export class SqlPlatformDataReader implements PlatformDataReader {
  constructor(private readonly source: PlatformDataSource) {}

  async tables(): Promise<PlatformTables> {
    return (await this.source.catalog()).tables();
  }

  private async page<T>(statements: PagedStatements, decode: (r: Raw) => T): Promise<RowPage<T>> {
    const [count] = await this.source.rows(statements.count);
    const rows = await this.source.rows(statements.page);
    return { rows: rows.map(decode), total: numberOrNull(count?.['n']) ?? 0 };
  }

  private async one<T>(statement: Statement, decode: (r: Raw) => T): Promise<T | null> {
    const [row] = await this.source.rows(statement);
    return row ? decode(row) : null;
  }

  async listMemories(query: MemoryQuery): Promise<RowPage<MemoryRow>> {
    const table = (await this.source.catalog()).table('memory', query.table);
    if (!table) return { rows: [], total: 0 };
    return this.page(q.memoryPage(this.source.dialect, table, query), toMemoryRow);
  }

  async getMemory(memoryId: string, filter: { table?: string | undefined; scope?: AccessScope | undefined }): Promise<MemoryRow | null> {
    const table = (await this.source.catalog()).table('memory', filter.table);
    if (!table) return null;
    return this.one(q.memoryById(this.source.dialect, table, memoryId, filter.scope), toMemoryRow);
  }

  async memoryTopics(filter: { table?: string | undefined; scope?: AccessScope | undefined }): Promise<string[]> {
    const table = (await this.source.catalog()).table('memory', filter.table);
    if (!table) return [];
    const rows = await this.source.rows(q.memoryTopics(this.source.dialect, table, filter.scope));
    return distinctTopics(rows.map((r) => r['topics']));
  }

  async userMemoryStats(query: UserStatsQuery): Promise<RowPage<UserMemoryStatsRow>> {
    const table = (await this.source.catalog()).table('memory', query.table);
    if (!table) return { rows: [], total: 0 };
    return this.page(q.userStatsPage(this.source.dialect, table, query), toUserStatsRow);
  }

  async listEvalRuns(query: EvalRunQuery): Promise<RowPage<EvalRunRow>> {
    const table = (await this.source.catalog()).table('evals', query.table);
    if (!table) return { rows: [], total: 0 };
    return this.page(q.evalRunPage(this.source.dialect, table, query), toEvalRunRow);
  }

  async getEvalRun(runId: string, filter: { table?: string | undefined; scope?: AccessScope | undefined }): Promise<EvalRunRow | null> {
    const table = (await this.source.catalog()).table('evals', filter.table);
    if (!table) return null;
    return this.one(q.evalRunById(this.source.dialect, table, runId, filter.scope), toEvalRunRow);
  }

  async listMetrics(query: MetricsQuery): Promise<MetricsAnswer> {
    const table = (await this.source.catalog()).table('metrics', query.table);
    if (!table) return { rows: [], owned: false, latestUpdatedAt: null };
    const owned = table.columns.has('user_id');
    const statements = q.metricsRange(this.source.dialect, table, query);
    const rows = await this.source.rows(statements.rows);
    if (rows.length === 0) return { rows: [], owned, latestUpdatedAt: null };
    const [latest] = await this.source.rows(statements.latest);
    return { rows: rows.map(toMetricsRow), owned, latestUpdatedAt: numberOrNull(latest?.['latest']) };
  }

  async listKnowledge(query: KnowledgeQuery): Promise<RowPage<KnowledgeRow>> {
    const table = (await this.source.catalog()).table('knowledge', query.table);
    if (!table) return { rows: [], total: 0 };
    return this.page(q.knowledgePage(this.source.dialect, table, query), toKnowledgeRow);
  }

  async getKnowledge(contentId: string, filter: { table?: string | undefined; linkedTo?: string | undefined }): Promise<KnowledgeRow | null> {
    const table = (await this.source.catalog()).table('knowledge', filter.table);
    if (!table) return null;
    return this.one(q.knowledgeById(this.source.dialect, table, contentId, filter.linkedTo), toKnowledgeRow);
  }
}
