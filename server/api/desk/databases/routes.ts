import fs from 'node:fs';
import path from 'node:path';
import { answeringDatabaseId } from '../../../db/answering.js';
import { DatabaseBusyError, DatabaseUnavailableError } from '../../../db/errors.js';
import type { Database } from '../../../db/types.js';
import { BadRequestError, ConfigError, ConflictError, NotFoundError, ValidationError } from '../../../errors.js';
import { openPostgresDatabase } from '../../../db/postgres/database.js';
import { defineRoute, json } from '../../../http/route.js';
import { DESK_BODY_LIMIT } from '../body-limit.js';
import type { Runtime } from '../../../runtime/runtime-types.js';
import type { DatabaseEntry } from '../../../settings/schema.js';
import { DatabaseIdParamsSchema, DeskDatabaseAttachRequestSchema, DeskDatabaseListSchema, DeskDatabaseSchema, DeskDeletedSchema } from '../schemas.js';
import { baseSettingsInput, readOnlyReason } from '../settings/file.js';

/**
 * One row of the listing. A database that cannot be read right now (a damaged file, a foreign
 * lock) is listed with its reason and zero counts rather than failing the whole listing.
 */
async function toDeskDatabase(db: Database, answering: string | null) {
  const base = { id: db.id, path: db.path, read_only: db.readOnly, is_default: db.id === 'default', answers_without_db_id: db.id === answering };
  let info;
  try {
    info = await db.info();
  } catch (err) {
    if (!(err instanceof DatabaseUnavailableError || err instanceof DatabaseBusyError)) throw err;
    const tables = [...db.sessionTables()];
    return { ...base, tables, default_table: tables[0] ?? '', sessions: 0, runs: 0, layouts: [], error: { error_code: err.code, detail: err.message } };
  }
  return {
    ...base,
    tables: info.sessionTables,
    default_table: info.defaultTable,
    sessions: info.sessions,
    runs: info.runs,
    layouts: (info.layouts ?? []).map((l) => ({
      table: l.table,
      layout: l.layout,
      runs_table: l.runsTable,
      schema_version: l.schemaVersion,
      runs_table_schema_version: l.runsTableSchemaVersion,
      version_agrees: l.versionAgrees,
      note: l.note,
    })),
    error: null,
  };
}

/**
 * Connects once and finds the session table before anything is saved, so a wrong password, host
 * or schema is a clear 422 naming what failed (never the password), not a broken attachment.
 */
async function checkPostgres(id: string, url: string, schema: string | undefined, sessionTable: string | undefined): Promise<void> {
  let db;
  try {
    db = openPostgresDatabase({ id, url, schema, sessionTable, readOnly: true });
  } catch (err) {
    if (err instanceof ConfigError) throw new ValidationError(err.message, [{ path: 'body.url', message: err.message }]);
    throw err;
  }
  try {
    await db.checkConnection();
  } catch (err) {
    const reason = err instanceof DatabaseUnavailableError || err instanceof DatabaseBusyError ? err.message : 'the connection check failed';
    throw new ValidationError(`Cannot use ${db.path}: ${reason}`, [{ path: 'body.url', message: reason }]);
  } finally {
    db.close();
  }
}

function answeringId(runtime: Runtime): string | null {
  return answeringDatabaseId(runtime.caches.holdings, runtime.databases, runtime.settings().settings.default_database);
}

/**
 * An id from the file name (`agents.db` → `agents`), made valid for the settings schema and
 * unique among `taken` (`agents-2`, `agents-3`, …).
 */
export function deriveDatabaseId(file: string, taken: ReadonlySet<string>): string {
  const stem = path.basename(file).replace(/\.(sqlite3?|db3?)$/i, '');
  let base = stem.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '').slice(0, 56);
  if (base === '' || base.toLowerCase() === 'default') base = base === '' ? 'db' : 'default-db';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

/**
 * `default_database` once `id` is attached: a database attached while the built-in one holds no
 * sessions becomes the answering database, saved in the settings (shown on the Databases page),
 * so nothing later — sample data, an ingest, the built-in database's first session — moves the
 * answers of clients that send no `db_id` away from it. A pinned database stays pinned: only the
 * user changes it.
 */
export function answeringAfterAttach(runtime: Runtime, current: string | null, id: string): string | null {
  if (current !== null) return current;
  const builtIn = runtime.databases.default();
  let holds: boolean;
  try {
    holds = builtIn.holdsSessionsNow?.() ?? true;
  } catch {
    // Unreadable right now: leave the choice to the user rather than guess.
    return current;
  }
  return holds ? current : id;
}

function assertWritable(runtime: Runtime): void {
  const reason = readOnlyReason(runtime.settings());
  if (reason) throw new ConflictError(reason);
}

/**
 * `/desk/databases`: attached SQLite files. Attaching and detaching go through
 * `applySettings`, so the settings file and the open databases never disagree.
 */
export const databaseRoutes = [
  defineRoute({
    method: 'get',
    path: '/databases',
    operationId: 'desk_list_databases',
    tags: ['Workbench'],
    summary: 'Open databases',
    answers: { 200: { description: 'The built-in database and attached files', schema: DeskDatabaseListSchema } },
    errors: [],
    scopes: 'public',
    deskView: false,
    async handle(_input, { runtime }) {
      const answering = answeringId(runtime);
      const runs = runtime.caches.sqliteRuns;
      const cache = runs.stats();
      return json({
        databases: await Promise.all(runtime.databases.list().map((db) => toDeskDatabase(db, answering))),
        run_index_cache: {
          bytes: cache.bytes,
          max_bytes: runs.limits.maxBytes,
          entries: cache.entries,
          hits: cache.hits,
          loads: cache.loads,
          evictions: cache.evictions,
        },
        // SQLite databases are the ones with a change stamp; the built-in one is not attached.
        memory: runtime.caches.report(runtime.databases.list().filter((db) => db.id !== 'default' && db.changeStamp !== undefined).length),
      });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/databases',
    operationId: 'desk_attach_database',
    tags: ['Workbench'],
    summary: 'Attach an SQLite file (persisted in the settings)',
    body: { schema: DeskDatabaseAttachRequestSchema, limit: DESK_BODY_LIMIT, required: false },
    answers: { 201: { description: 'Attached', schema: DeskDatabaseSchema } },
    errors: [409],
    emits: ['STORAGE_WRITE_FAILED', 'INSUFFICIENT_STORAGE'],
    scopes: 'public',
    deskView: false,
    async handle({ body }, { runtime }) {
      assertWritable(runtime);
      const base = baseSettingsInput(runtime.settings());
      const entries = (base.databases ?? []) as DatabaseEntry[];
      const taken = new Set(['default', ...entries.map((d) => d.id), ...runtime.databases.list().map((d) => d.id)]);
      if (body.id !== undefined && taken.has(body.id)) {
        throw new ConflictError(`A database with ID ${body.id} is already attached; choose another id`);
      }
      const common = { read_only: body.read_only, ...(body.session_table !== undefined ? { session_table: body.session_table } : {}) };
      let entry: DatabaseEntry;
      if (body.path !== undefined) {
        if (!path.isAbsolute(body.path)) {
          throw new ValidationError('The database path must be absolute', [{ path: 'body.path', message: 'must be an absolute path' }]);
        }
        if (!fs.existsSync(body.path)) {
          throw new ValidationError(`No file at ${body.path}`, [{ path: 'body.path', message: 'no such file' }]);
        }
        const resolved = path.resolve(body.path);
        const same = runtime.databases.list().find((d) => path.resolve(d.path) === resolved);
        if (same) throw new ConflictError(`${resolved} is already attached as ${same.id}`);
        entry = { id: body.id ?? deriveDatabaseId(body.path, taken), path: resolved, ...common };
      } else {
        const url = body.url ?? runtime.env[body.url_env ?? ''];
        if (!url) {
          throw new ValidationError(`Environment variable ${body.url_env} is not set in rundesk's environment`, [
            { path: 'body.url_env', message: 'is not set where rundesk runs' },
          ]);
        }
        await checkPostgres(body.id ?? 'new', url, body.schema, body.session_table);
        const dbName = new URL(url).pathname.replace(/^\//, '') || 'postgres';
        entry = {
          id: body.id ?? deriveDatabaseId(dbName, taken),
          ...(body.url !== undefined ? { url: body.url } : { url_env: body.url_env }),
          ...(body.schema !== undefined ? { schema: body.schema } : {}),
          ...common,
        };
      }
      await runtime.applySettings({ ...base, default_database: answeringAfterAttach(runtime, base.default_database ?? null, entry.id), databases: [...entries, entry] });
      return json(await toDeskDatabase(runtime.databases.get(entry.id), answeringId(runtime)), 201);
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/databases/{id}',
    operationId: 'desk_detach_database',
    tags: ['Workbench'],
    summary: 'Detach a database (removed from the settings)',
    params: DatabaseIdParamsSchema,
    answers: { 200: { description: 'Detached', schema: DeskDeletedSchema } },
    errors: [400, 404, 409],
    emits: ['STORAGE_WRITE_FAILED', 'INSUFFICIENT_STORAGE'],
    scopes: 'public',
    deskView: false,
    async handle({ params }, { runtime }) {
      const { id } = params;
      if (id === 'default') throw new BadRequestError('The built-in database cannot be detached');
      assertWritable(runtime);
      const base = baseSettingsInput(runtime.settings());
      const entries = (base.databases ?? []) as DatabaseEntry[];
      if (!entries.some((d) => d.id === id)) throw new NotFoundError(`Database with ID ${id} not found`);
      // Detaching the database that answers requests without db_id hands that role back to the rule.
      const defaultDatabase = base.default_database === id ? null : base.default_database;
      await runtime.applySettings({ ...base, default_database: defaultDatabase, databases: entries.filter((d) => d.id !== id) });
      return json({ deleted: id });
    },
  }),
];
