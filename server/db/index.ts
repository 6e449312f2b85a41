/** The store's public surface: what `server/http`, the desk and the CLI import. */
export type * from './types.js';
export { openDatabase } from './agno/database.js';
export { openDefaultDatabase } from './native/database.js';
