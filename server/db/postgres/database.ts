import pg from 'pg';
import { NotFoundError } from '../../errors.js';
import { DatabaseBusyError, DatabaseUnavailableError } from '../errors.js';
import type { Database, DatabaseInfo, SessionStore } from '../types.js';
import { guardMethods } from '../method-guard.js';
import { postgresPlatformData } from '../platform-data/postgres.js';
import type { PlatformData } from '../platform-data/types.js';
import { databaseOwner } from '../../caches/owners.js';
import { ownStoreCaches, type StoreCaches } from '../store-caches.js';
import { displayPostgresUrl, parsePostgresUrl } from './url.js';
import { PostgresSessionStore } from './store.js';
import { PostgresTraceStore } from '../traces/postgres.js';
import type { TraceStore } from '../traces/types.js';

/** Agno `PostgresDb`'s defaults: schema `ai`, table `agno_sessions`. */
export const DEFAULT_PG_SCHEMA = 'ai';
export const DEFAULT_PG_SESSION_TABLE = 'agno_sessions';
/** A statement that runs longer is cancelled and answered as DATABASE_BUSY. */
export const PG_STATEMENT_TIMEOUT_MS = 5_000;
const CONNECT_TIMEOUT_MS = 3_000;

export interface OpenPostgresOptions {
  id: string;
  url: string;
  schema?: string | undefined;
  sessionTable?: string | undefined;
  readOnly: boolean;
  clock?: (() => number) | undefined;
  /** The server's caches (its runtime's); a database opened on its own (the attach check, tests) gets its own. */
  caches?: StoreCaches | undefined;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** PostgreSQL failures as rundesk's kinds; the message names the database, never its password. */
export function toPostgresFailure(error: unknown, id: string, display: string): unknown {
  if (error instanceof DatabaseBusyError || error instanceof DatabaseUnavailableError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
  if (code === '57014' || code === '55P03' || /timeout exceeded when trying to connect/i.test(message)) {
    return new DatabaseBusyError(id, 1, { cause: error });
  }
  const connectionLevel =
    typeof code === 'string' &&
    (/^(08|28|3D|57P|53)/.test(code) || ['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', 'EAI_AGAIN', '42P01', '3F000'].includes(code));
  if (connectionLevel || /Connection terminated|connect ECONNREFUSED|getaddrinfo/i.test(message)) {
    return new DatabaseUnavailableError(id, display, message.replace(/postgres(ql)?:\/\/[^\s]*/gi, display), { cause: error });
  }
  return error;
}

/**
 * A team's PostgreSQL (Agno `PostgresDb`), attached beside the SQLite files. The pool connects
 * on first use and reconnects by itself: a server that is down answers 503 DATABASE_UNAVAILABLE
 * for this `db_id` while the rest of rundesk works, and recovers when it is back.
 */
export function openPostgresDatabase(options: OpenPostgresOptions): Database & { checkConnection(): Promise<void> } {
  parsePostgresUrl(options.url);
  return new PostgresDatabase(options);
}

class PostgresDatabase implements Database {
  readonly id: string;
  readonly path: string;
  readonly readOnly: boolean;
  private readonly pool: pg.Pool;
  private readonly tableName: string;
  private readonly qualified: string;
  private readonly store: PostgresSessionStore;
  private readonly platform: PlatformData;
  private readonly traceStore: TraceStore;
  private readonly caches: StoreCaches;

  constructor(options: OpenPostgresOptions) {
    this.id = options.id;
    this.caches = options.caches ?? ownStoreCaches();
    this.path = displayPostgresUrl(options.url);
    this.readOnly = options.readOnly;
    this.tableName = options.sessionTable ?? DEFAULT_PG_SESSION_TABLE;
    this.qualified = `${quoteIdent(options.schema ?? DEFAULT_PG_SCHEMA)}.${quoteIdent(this.tableName)}`;
    this.pool = new pg.Pool({
      connectionString: options.url,
      max: 4,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: 10_000,
      statement_timeout: PG_STATEMENT_TIMEOUT_MS,
      query_timeout: PG_STATEMENT_TIMEOUT_MS + 1_000,
      application_name: 'rundesk',
      allowExitOnIdle: true,
    });
    // An idle client losing its server is dropped by the pool; the next query reconnects.
    this.pool.on('error', () => undefined);
    this.store = guardMethods(
      new PostgresSessionStore(this.pool, {
        databaseId: this.id,
        qualifiedTable: this.qualified,
        schema: options.schema ?? DEFAULT_PG_SCHEMA,
        tableName: this.tableName,
        readOnly: this.readOnly,
        clock: options.clock ?? Date.now,
        runIndex: this.caches.postgresRuns,
        owner: databaseOwner(options.id),
      }),
      (error) => toPostgresFailure(error, this.id, this.path),
    );
    this.platform = guardMethods(
      postgresPlatformData(this.pool, { databaseId: this.id, schema: options.schema ?? DEFAULT_PG_SCHEMA, clock: options.clock ?? Date.now, readOnly: this.readOnly }),
      (error) => toPostgresFailure(error, this.id, this.path),
    );
    this.traceStore = guardMethods(new PostgresTraceStore(this.pool, options.schema ?? DEFAULT_PG_SCHEMA, options.clock), (error) =>
      toPostgresFailure(error, this.id, this.path),
    );
  }

  platformData(): PlatformData {
    return this.platform;
  }

  traces(): TraceStore {
    return this.traceStore;
  }

  sessionTables(): readonly string[] {
    return [this.tableName];
  }

  async tableVersion(table?: string): Promise<string> {
    this.sessions(table);
    return this.store.tableVersion();
  }

  sessions(table?: string): SessionStore {
    if (table !== undefined && table !== this.tableName) throw new NotFoundError(`Table ${table} not found in database ${this.id}`);
    return this.store;
  }

  async info(): Promise<DatabaseInfo> {
    const counts = await this.store.counts();
    return {
      id: this.id,
      path: this.path,
      readOnly: this.readOnly,
      sessionTables: [this.tableName],
      defaultTable: this.tableName,
      sessions: counts.sessions,
      runs: counts.runs,
    };
  }

  /** Connects and finds the session table; a clear DATABASE_UNAVAILABLE when either fails. */
  async checkConnection(): Promise<void> {
    try {
      const { rows } = await this.pool.query<{ found: string | null }>('SELECT to_regclass($1) AS found', [this.qualified]);
      if (!rows[0]?.found) {
        throw new DatabaseUnavailableError(this.id, this.path, `no session table ${this.qualified} (set schema and session_table as the agents' PostgresDb does)`);
      }
    } catch (error) {
      throw toPostgresFailure(error, this.id, this.path);
    }
  }

  close(): void {
    this.caches.invalidate({ kind: 'closed', owner: databaseOwner(this.id) });
    void this.pool.end().catch(() => undefined);
  }
}
