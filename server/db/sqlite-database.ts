import { asyncStore } from './async-store.js';
import type { PlatformData } from './platform-data/types.js';
import type { DatabaseInfo, SessionStore, SqliteDatabase, SyncSessionStore } from './types.js';
import { NO_TRACES, type TraceStore } from './traces/types.js';

/**
 * What both SQLite layouts share: the Promise view of their synchronous stores (one per table,
 * made once) and the synchronous answers the async interface wraps.
 */
export abstract class SqliteDatabaseBase implements SqliteDatabase {
  abstract readonly id: string;
  abstract readonly path: string;
  abstract readonly readOnly: boolean;
  private readonly views = new Map<SyncSessionStore, SessionStore>();

  abstract sessionTables(): readonly string[];
  abstract store(table?: string): SyncSessionStore;
  abstract infoSync(): DatabaseInfo;
  abstract close(): void;
  abstract platformData(): PlatformData;

  sessions(table?: string): SessionStore {
    const sync = this.store(table);
    let view = this.views.get(sync);
    if (!view) {
      view = asyncStore(sync, () => this.afterWrite());
      this.views.set(sync, view);
    }
    return view;
  }

  /** Tells the server's caches of a write through one of this database's stores. */
  protected afterWrite(): void {}

  /** The built-in database keeps no traces; an attached Agno file overrides this. */
  traces(): TraceStore {
    return NO_TRACES;
  }

  holdsSessionsNow(): boolean {
    return this.store().hasSessions();
  }

  info(): Promise<DatabaseInfo> {
    return Promise.resolve(this.infoSync());
  }
}

