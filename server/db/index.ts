/** The store's public surface: what `server/http`, the desk and the CLI import. */
export type * from './types.js';
export { SESSION_TYPES } from './types.js';
export { openDatabase } from './agno/database.js';
export type { OpenDatabaseOptions } from './agno/database.js';
export { openDefaultDatabase, DEFAULT_DATABASE_ID } from './native/database.js';
export type { OpenDefaultDatabaseOptions } from './native/database.js';
export { createDatabaseRegistry, SqliteDatabaseRegistry } from './registry.js';
export type { CreateDatabaseRegistryOptions, DatabaseSettingsEntry } from './registry.js';
export type { AttachEntry } from './types.js';
export { DatabaseBusyError, DatabaseUnavailableError, ReadOnlyDatabaseError } from './errors.js';
