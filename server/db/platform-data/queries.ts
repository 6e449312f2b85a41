import { AccessScope, scopeCondition } from '../../access/scope.js';
import type { CatalogTable } from './tables.js';
import { foldText } from '../text-fold.js';
import type { EvalRunQuery, KnowledgeQuery, MemoryQuery, MetricsQuery, PageWindow, SortOrder, UserStatsQuery } from './types.js';

/**
 * The statements Agno's `SqliteDb` and `PostgresDb` run for the platform's read routes, written
 * once for both engines: the filters, the count of every match, the sort and the page window are
 * the same; only placeholders, text casts and case-insensitive matching differ.
 */

export interface Dialect {
  /** The n-th (1-based) bound value. */
  param(n: number): string;
  /** A JSON (or other) column compared as text. */
  asText(column: string): string;
  /** Case-insensitive LIKE: SQLite's LIKE already is (for ASCII), PostgreSQL's is ILIKE. */
  readonly ilike: string;
  /** `"schema"."table"` or `"table"`. */
  qualify(table: string): string;
  /**
   * True when the stored JSON text of `column`, decoded, lowercased and without accents, holds
   * the bound value `p` (already folded by `foldText`).
   */
  foldedContains(column: string, p: string): string;
}

export interface Statement {
  sql: string;
  params: unknown[];
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** A LIKE pattern matching `text` literally (Agno splices the text in; `%` and `_` are literal here). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

class Where {
  readonly clauses: string[] = [];
  readonly params: unknown[] = [];
  constructor(private readonly dialect: Dialect) {}

  add(clause: (p: string) => string, value: unknown): void {
    this.params.push(value);
    this.clauses.push(clause(this.dialect.param(this.params.length)));
  }

  /** The placeholder of the value pushed last. */
  param(): string {
    return this.dialect.param(this.params.length);
  }

  raw(clause: string): void {
    this.clauses.push(clause);
  }

  text(): string {
    return this.clauses.length === 0 ? '' : ` WHERE ${this.clauses.join(' AND ')}`;
  }
}

/**
 * The one place platform data applies an access scope: on the table's `user_id`. Memories always
 * record their owner; an eval-run table may not (Agno 2's: `owned` false), and then it cannot be
 * narrowed to a user's rows, so it is read whole under any scope but `none`, as AgentOS reads it.
 */
function scopeOn(where: Where, scope: AccessScope | undefined, owned = true): void {
  const access = scope ?? AccessScope.all();
  where.raw(
    scopeCondition(owned || access.kind === 'none' ? access : AccessScope.all(), '"user_id"', (value) => {
      where.params.push(value);
      return where.param();
    }),
  );
}

/**
 * AgentOS's sort: any column of the table (`updated_at` falling back to `created_at`), in the
 * given order; anything else leaves the rows in stored order.
 */
function orderBy(table: CatalogTable, sortBy: string, sortOrder: SortOrder): string {
  if (!table.columns.has(sortBy)) return '';
  const column =
    sortBy === 'updated_at' && table.columns.has('created_at') ? 'COALESCE("updated_at", "created_at")' : quoteIdent(sortBy);
  return ` ORDER BY ${column} ${sortOrder === 'asc' ? 'ASC' : 'DESC'}`;
}

/** Page 0 reads as page 1 (AgentOS accepts it; a negative offset would be an error in PostgreSQL). */
function window(where: Where, dialect: Dialect, page: PageWindow): string {
  const offset = Math.max(0, (page.page - 1) * page.limit);
  where.params.push(page.limit, offset);
  const n = where.params.length;
  return ` LIMIT ${dialect.param(n - 1)} OFFSET ${dialect.param(n)}`;
}

export interface PagedStatements {
  count: Statement;
  page: Statement;
}

function paged(dialect: Dialect, table: CatalogTable, where: Where, order: string, page: PageWindow): PagedStatements {
  const from = ` FROM ${dialect.qualify(table.name)}${where.text()}`;
  const count = { sql: `SELECT count(*) AS n${from}`, params: [...where.params] };
  const limit = window(where, dialect, page);
  return { count, page: { sql: `SELECT *${from}${order}${limit}`, params: where.params } };
}

export function memoryPage(dialect: Dialect, table: CatalogTable, q: MemoryQuery): PagedStatements {
  const where = new Where(dialect);
  scopeOn(where, q.scope);
  if (q.agentId !== undefined) where.add((p) => `"agent_id" = ${p}`, q.agentId);
  if (q.teamId !== undefined) where.add((p) => `"team_id" = ${p}`, q.teamId);
  // Agno matches a topic as the quoted JSON string inside the topics text.
  for (const topic of q.topics ?? []) where.add((p) => `${dialect.asText('"topics"')} LIKE ${p} ESCAPE '\\'`, containsPattern(JSON.stringify(topic)));
  // rundesk's extension: the decoded text, any case, any accents (the platform LIKEs the raw JSON text).
  if (q.search !== undefined) where.add((p) => dialect.foldedContains('"memory"', p), foldText(q.search));
  return paged(dialect, table, where, orderBy(table, q.sortBy, q.sortOrder), q);
}

export function memoryById(dialect: Dialect, table: CatalogTable, memoryId: string, scope: AccessScope | undefined): Statement {
  const where = new Where(dialect);
  where.add((p) => `"memory_id" = ${p}`, memoryId);
  scopeOn(where, scope);
  return { sql: `SELECT * FROM ${dialect.qualify(table.name)}${where.text()}`, params: where.params };
}

export function memoryTopics(dialect: Dialect, table: CatalogTable, scope: AccessScope | undefined): Statement {
  const where = new Where(dialect);
  where.raw('"topics" IS NOT NULL');
  scopeOn(where, scope);
  return { sql: `SELECT "topics" FROM ${dialect.qualify(table.name)}${where.text()}`, params: where.params };
}

export function userStatsPage(dialect: Dialect, table: CatalogTable, q: UserStatsQuery): PagedStatements {
  const where = new Where(dialect);
  where.raw('"user_id" IS NOT NULL');
  scopeOn(where, q.scope);
  const grouped =
    `SELECT "user_id", count("memory_id") AS total_memories, max("updated_at") AS last_memory_updated_at ` +
    `FROM ${dialect.qualify(table.name)}${where.text()} GROUP BY "user_id"`;
  const count = { sql: `SELECT count(*) AS n FROM (${grouped}) AS g`, params: [...where.params] };
  const limit = window(where, dialect, q);
  return { count, page: { sql: `${grouped} ORDER BY max("updated_at") DESC${limit}`, params: where.params } };
}

export function evalRunPage(dialect: Dialect, table: CatalogTable, q: EvalRunQuery): PagedStatements {
  const where = new Where(dialect);
  scopeOn(where, q.scope, table.columns.has('user_id'));
  if (q.agentId !== undefined) where.add((p) => `"agent_id" = ${p}`, q.agentId);
  if (q.teamId !== undefined) where.add((p) => `"team_id" = ${p}`, q.teamId);
  if (q.workflowId !== undefined) where.add((p) => `"workflow_id" = ${p}`, q.workflowId);
  if (q.modelId !== undefined) where.add((p) => `"model_id" = ${p}`, q.modelId);
  if (q.evalTypes !== undefined && q.evalTypes.length > 0) {
    const marks = q.evalTypes.map((type) => {
      where.params.push(type);
      return dialect.param(where.params.length);
    });
    where.raw(`"eval_type" IN (${marks.join(', ')})`);
  }
  if (q.componentKind !== undefined) where.raw(`${quoteIdent(`${q.componentKind}_id`)} IS NOT NULL`);
  return paged(dialect, table, where, orderBy(table, q.sortBy, q.sortOrder), q);
}

export function evalRunById(dialect: Dialect, table: CatalogTable, runId: string, scope: AccessScope | undefined): Statement {
  const where = new Where(dialect);
  where.add((p) => `"run_id" = ${p}`, runId);
  scopeOn(where, scope, table.columns.has('user_id'));
  return { sql: `SELECT * FROM ${dialect.qualify(table.name)}${where.text()}`, params: where.params };
}

export function metricsRange(dialect: Dialect, table: CatalogTable, q: MetricsQuery): { rows: Statement; latest: Statement } {
  const where = new Where(dialect);
  if (q.startingDate !== undefined) where.add((p) => `"date" >= ${p}`, q.startingDate);
  if (q.endingDate !== undefined) where.add((p) => `"date" <= ${p}`, q.endingDate);
  // Agno 3 reads one owner's buckets, and their newest update, when the read is for one user.
  const owner = new Where(dialect);
  if (table.columns.has('user_id')) {
    scopeOn(where, q.scope);
    scopeOn(owner, q.scope);
  }
  const from = dialect.qualify(table.name);
  return {
    rows: { sql: `SELECT * FROM ${from}${where.text()}`, params: where.params },
    latest: { sql: `SELECT max("updated_at") AS latest FROM ${from}${owner.text()}`, params: owner.params },
  };
}

export function knowledgePage(dialect: Dialect, table: CatalogTable, q: KnowledgeQuery): PagedStatements {
  const where = new Where(dialect);
  if (q.linkedTo !== undefined) where.add((p) => `"linked_to" = ${p}`, q.linkedTo);
  // Agno orders knowledge by the bare column (no created_at fallback for updated_at).
  const order = table.columns.has(q.sortBy) ? ` ORDER BY ${quoteIdent(q.sortBy)} ${q.sortOrder === 'asc' ? 'ASC' : 'DESC'}` : '';
  return paged(dialect, table, where, order, q);
}

export function knowledgeById(dialect: Dialect, table: CatalogTable, contentId: string, linkedTo: string | undefined): Statement {
  const where = new Where(dialect);
  where.add((p) => `"id" = ${p}`, contentId);
  if (linkedTo !== undefined) where.add((p) => `"linked_to" = ${p}`, linkedTo);
  return { sql: `SELECT * FROM ${dialect.qualify(table.name)}${where.text()}`, params: where.params };
}
