import { promised } from './promised.js';
import type { SessionStore, SyncSessionStore } from './types.js';

/**
 * The Promise view of a synchronous SQLite store. better-sqlite3 answers in microseconds, so the
 * work happens at once; the Promise only gives SQLite and PostgreSQL one interface. A throw
 * becomes a rejection, as a driver's failure would.
 */
export function asyncStore(store: SyncSessionStore, written: () => void = () => {}): SessionStore {
  const run = promised;
  // Every write goes through here, so the caches hear of it in one place (`Caches.invalidate`).
  const write = <T>(fn: () => T): Promise<T> =>
    run(() => {
      try {
        return fn();
      } finally {
        written();
      }
    });
  return {
    tableName: store.tableName,
    readOnly: store.readOnly,
    getSession: (...a) => run(() => store.getSession(...a)),
    getRun: (...a) => run(() => store.getRun(...a)),
    listRuns: (...a) => run(() => store.listRuns(...a)),
    pageRuns: (...a) => run(() => store.pageRuns(...a)),
    eachRun: (...a) => run(() => store.eachRun(...a)),
    listSessions: (...a) => run(() => store.listSessions(...a)),
    listComponents: (...a) => run(() => store.listComponents(...a)),
    upsertRun: (...a) => write(() => store.upsertRun(...a)),
    deleteSession: (...a) => write(() => store.deleteSession(...a)),
    addSession: (...a) => write(() => store.addSession(...a)),
    updateSession: (...a) => write(() => store.updateSession(...a)),
    counts: () => run(() => store.counts()),
    hasSessions: () => run(() => store.hasSessions()),
  };
}
