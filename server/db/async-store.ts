import { promised } from './promised.js';
import type { SessionStore, SyncSessionStore } from './types.js';

/**
 * The Promise view of a synchronous SQLite store. better-sqlite3 answers in microseconds, so the
 * work happens at once; the Promise only gives SQLite and PostgreSQL one interface. A throw
 * becomes a rejection, as a driver's failure would.
 */
export function asyncStore(store: SyncSessionStore): SessionStore {
  const run = promised;
  return {
    tableName: store.tableName,
    readOnly: store.readOnly,
    cacheKey: store.cacheKey,
    contentVersion: () => run(() => store.contentVersion()),
    getSession: (...a) => run(() => store.getSession(...a)),
    getRun: (...a) => run(() => store.getRun(...a)),
    listRuns: (...a) => run(() => store.listRuns(...a)),
    listSessions: (...a) => run(() => store.listSessions(...a)),
    listComponents: (...a) => run(() => store.listComponents(...a)),
    upsertRun: (...a) => run(() => store.upsertRun(...a)),
    deleteSession: (...a) => run(() => store.deleteSession(...a)),
    addSession: (...a) => run(() => store.addSession(...a)),
    updateSessionFields: (...a) => run(() => store.updateSessionFields(...a)),
    counts: () => run(() => store.counts()),
    hasSessions: () => run(() => store.hasSessions()),
  };
}
