import { scopeCondition, AccessScope } from '../../access/scope.js';
import { pythonJsonDumps } from '../../agno-format/python-json.js';
import { ConflictError } from '../../errors.js';
import { quoteIdent, type Dialect, type Statement } from './queries.js';
import type { CatalogTable } from './tables.js';
import type { DailyMetricsRecord, MemoryInput, MetricsProgress } from './types.js';

/**
 * The platform-table writes, each one transaction written once for both engines as a generator:
 * it yields the statements in order and receives each one's rows and change count, so SQLite runs
 * it synchronously inside `BEGIN IMMEDIATE` and PostgreSQL awaits each step on one client between
 * `BEGIN` and `COMMIT`. Every write reads the rows it will change first (PostgreSQL locks them
 * with `FOR UPDATE`; SQLite's write lock is already held): several rows under one id is a
 * `ConflictError`, and nothing is written.
 *
 * Values are encoded as Agno's SQLAlchemy columns store them: a JSON column holds one
 * `json.dumps` of the value (Python's separators and ASCII escapes), timestamps are epoch
 * seconds, dates `YYYY-MM-DD`, booleans 1/0 in SQLite.
 */

type Raw = Record<string, unknown>;

export interface StepResult {
  rows: Raw[];
  changes: number;
}

export type WriteOp<T> = Generator<Statement, T, StepResult>;

/** What a write op needs of its engine beyond statements. */
export interface WriteDialect extends Dialect {
  /** Appended to a SELECT that reads rows about to be changed. */
  readonly forUpdate: string;
  /** A boolean column's value. */
  bool(value: boolean): unknown;
}

class Params {
  readonly values: unknown[] = [];
  constructor(private readonly dialect: Dialect) {}
  add(value: unknown): string {
    this.values.push(value);
    return this.dialect.param(this.values.length);
  }
  statement(sql: string): Statement {
    return { sql, params: this.values };
  }
}

function scoped(p: Params, scope: AccessScope | undefined, owned: boolean): string {
  const access = scope ?? AccessScope.all();
  return scopeCondition(owned || access.kind === 'none' ? access : AccessScope.all(), '"user_id"', (v) => p.add(v));
}

function inList(p: Params, ids: readonly string[]): string {
  return ids.map((id) => p.add(id)).join(', ');
}

/** A JSON column's value as Agno's SQLAlchemy `JSON`/`JSONB` binds it: one `json.dumps`. */
const jsonColumn = (value: unknown): string => pythonJsonDumps(value);

/** The columns of `values` the table has, in the order given. */
function present(table: CatalogTable, values: Array<[string, unknown]>): Array<[string, unknown]> {
  return values.filter(([column]) => table.columns.has(column));
}

function insertRow(dialect: Dialect, table: CatalogTable, values: Array<[string, unknown]>): Statement {
  const p = new Params(dialect);
  const cols = present(table, values);
  return p.statement(
    `INSERT INTO ${dialect.qualify(table.name)} (${cols.map(([c]) => quoteIdent(c)).join(', ')}) VALUES (${cols.map(([, v]) => p.add(v)).join(', ')})`,
  );
}

function selectById(dialect: WriteDialect, table: CatalogTable, idColumn: string, id: string, lock: boolean): Statement {
  const p = new Params(dialect);
  return p.statement(`SELECT * FROM ${dialect.qualify(table.name)} WHERE ${quoteIdent(idColumn)} = ${p.add(id)}${lock ? dialect.forUpdate : ''}`);
}

function atMostOne(rows: Raw[], what: string): Raw | null {
  if (rows.length > 1) throw new ConflictError(`${rows.length} rows hold ${what}; rundesk changes one row only, so nothing was written`);
  return rows[0] ?? null;
}

// -- memories ---------------------------------------------------------------------------------

function memoryValues(memoryId: string, input: MemoryInput, now: number): Array<[string, unknown]> {
  return [
    ['memory_id', memoryId],
    ['memory', jsonColumn(input.memory)],
    ['input', null],
    ['agent_id', null],
    ['team_id', null],
    ['user_id', input.userId],
    ['topics', jsonColumn([...input.topics])],
    ['feedback', null],
    ['created_at', now],
    ['updated_at', now],
  ];
}

export function* createMemory(dialect: WriteDialect, table: CatalogTable, memoryId: string, input: MemoryInput, now: number): WriteOp<Raw> {
  const taken = yield selectById(dialect, table, 'memory_id', memoryId, true);
  if (taken.rows.length > 0) throw new ConflictError(`Memory with ID ${memoryId} already exists`);
  yield insertRow(dialect, table, memoryValues(memoryId, input, now));
  const written = yield selectById(dialect, table, 'memory_id', memoryId, false);
  return atMostOne(written.rows, `memory ${memoryId}`) as Raw;
}

export function* updateMemory(
  dialect: WriteDialect,
  table: CatalogTable,
  memoryId: string,
  input: MemoryInput,
  scope: AccessScope | undefined,
  now: number,
): WriteOp<Raw | null> {
  const found = atMostOne((yield selectById(dialect, table, 'memory_id', memoryId, true)).rows, `memory ${memoryId}`);
  const access = scope ?? AccessScope.all();
  if (access.kind !== 'all' && (found === null || access.kind === 'none' || found['user_id'] !== access.userId)) return null;
  if (found === null) {
    yield insertRow(dialect, table, memoryValues(memoryId, input, now));
  } else {
    // Agno's upsert on conflict: the text and topics replaced, the fields its payload lacks
    // cleared, the owner and created_at kept.
    const p = new Params(dialect);
    const sets = present(table, [
      ['memory', jsonColumn(input.memory)],
      ['topics', jsonColumn([...input.topics])],
      ['input', null],
      ['agent_id', null],
      ['team_id', null],
      ['feedback', null],
      ['updated_at', now],
    ]).map(([c, v]) => `${quoteIdent(c)} = ${p.add(v)}`);
    yield p.statement(`UPDATE ${dialect.qualify(table.name)} SET ${sets.join(', ')} WHERE "memory_id" = ${p.add(memoryId)}`);
  }
  return atMostOne((yield selectById(dialect, table, 'memory_id', memoryId, false)).rows, `memory ${memoryId}`);
}

export function* deleteByIds(
  dialect: WriteDialect,
  table: CatalogTable,
  idColumn: 'memory_id' | 'run_id',
  ids: readonly string[],
  scope: AccessScope | undefined,
): WriteOp<number> {
  if (ids.length === 0) return 0;
  const p = new Params(dialect);
  const owned = table.columns.has('user_id');
  const result = yield p.statement(
    `DELETE FROM ${dialect.qualify(table.name)} WHERE ${quoteIdent(idColumn)} IN (${inList(p, ids)}) AND ${scoped(p, scope, owned)}`,
  );
  return result.changes;
}

// -- eval runs --------------------------------------------------------------------------------

export function* renameEvalRun(
  dialect: WriteDialect,
  table: CatalogTable,
  runId: string,
  name: string,
  scope: AccessScope | undefined,
  now: number,
): WriteOp<Raw | null> {
  const owned = table.columns.has('user_id');
  const read = (lock: boolean): Statement => {
    const p = new Params(dialect);
    return p.statement(
      `SELECT * FROM ${dialect.qualify(table.name)} WHERE "run_id" = ${p.add(runId)} AND ${scoped(p, scope, owned)}${lock ? dialect.forUpdate : ''}`,
    );
  };
  if (atMostOne((yield read(true)).rows, `eval run ${runId}`) === null) return null;
  const p = new Params(dialect);
  const sets = present(table, [
    ['name', name],
    ['updated_at', now],
  ]).map(([c, v]) => `${quoteIdent(c)} = ${p.add(v)}`);
  yield p.statement(`UPDATE ${dialect.qualify(table.name)} SET ${sets.join(', ')} WHERE "run_id" = ${p.add(runId)} AND ${scoped(p, scope, owned)}`);
  return atMostOne((yield read(false)).rows, `eval run ${runId}`);
}

// -- daily metrics ----------------------------------------------------------------------------

export function* metricsProgress(dialect: WriteDialect, table: CatalogTable): WriteOp<Omit<MetricsProgress, 'exists' | 'owned'>> {
  const from = dialect.qualify(table.name);
  const done = dialect.bool(true);
  const notDone = dialect.bool(false);
  const [newest] = (yield { sql: `SELECT "date", "completed" FROM ${from} ORDER BY "date" DESC LIMIT 1`, params: [] }).rows;
  const [completed] = (yield { sql: `SELECT max("date") AS d FROM ${from} WHERE "completed" = ${dialect.param(1)}`, params: [done] }).rows;
  const latestCompleted = dayOf(completed?.['d']);
  const p = new Params(dialect);
  let sql = `SELECT min("date") AS d FROM ${from} WHERE "completed" = ${p.add(notDone)}`;
  if (latestCompleted !== null) sql += ` AND "date" > ${p.add(latestCompleted)}`;
  const [incomplete] = (yield p.statement(sql)).rows;
  return {
    latestCompleted,
    earliestIncomplete: dayOf(incomplete?.['d']),
    newest: newest ? { date: dayOf(newest['date']) as string, completed: truthy(newest['completed']) } : null,
  };
}

export function* writeDailyMetrics(
  dialect: WriteDialect,
  table: CatalogTable,
  records: readonly DailyMetricsRecord[],
  newId: () => string,
  now: number,
): WriteOp<Raw[]> {
  const owned = table.columns.has('user_id');
  const from = dialect.qualify(table.name);
  const out: Raw[] = [];
  for (const record of records) {
    const key = (): { where: string; p: Params } => {
      const p = new Params(dialect);
      const where = `"date" = ${p.add(record.date)} AND "aggregation_period" = ${p.add('daily')}${owned ? ` AND "user_id" = ${p.add(record.userId)}` : ''}`;
      return { where, p };
    };
    const found = key();
    const existing = atMostOne((yield found.p.statement(`SELECT * FROM ${from} WHERE ${found.where}${dialect.forUpdate}`)).rows, `the metrics of ${record.date}`);
    const values: Array<[string, unknown]> = [
      ['agent_runs_count', record.agent_runs_count],
      ['team_runs_count', record.team_runs_count],
      ['workflow_runs_count', record.workflow_runs_count],
      ['agent_sessions_count', record.agent_sessions_count],
      ['team_sessions_count', record.team_sessions_count],
      ['workflow_sessions_count', record.workflow_sessions_count],
      ['users_count', record.users_count],
      ['token_metrics', jsonColumn(record.token_metrics)],
      ['model_metrics', jsonColumn(record.model_metrics)],
      ['updated_at', now],
      ['completed', dialect.bool(record.completed)],
    ];
    if (existing === null) {
      yield insertRow(dialect, table, [
        ['id', newId()],
        ...values.slice(0, 9),
        ['date', record.date],
        ['aggregation_period', 'daily'],
        ...(owned ? ([['user_id', record.userId]] as Array<[string, unknown]>) : []),
        ['created_at', now],
        ...values.slice(9),
      ]);
    } else {
      // Agno's bulk upsert keeps the row's id, day, period, owner and created_at.
      const p = new Params(dialect);
      const sets = present(table, values).map(([c, v]) => `${quoteIdent(c)} = ${p.add(v)}`);
      yield p.statement(`UPDATE ${from} SET ${sets.join(', ')} WHERE "id" = ${p.add(existing['id'])}`);
    }
    const again = key();
    const row = atMostOne((yield again.p.statement(`SELECT * FROM ${from} WHERE ${again.where}`)).rows, `the metrics of ${record.date}`);
    if (row) out.push(row);
  }
  return out;
}

function truthy(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't';
}

function dayOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  }
  return String(value).slice(0, 10);
}
