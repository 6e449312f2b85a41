import type {
  ComponentSummary,
  ListSessionsQuery,
  Page,
  RowFilter,
  RunLookup,
  RunsPage,
  RunWindow,
  SessionPatch,
  SessionListItem,
  SessionType,
  StoredRun,
  StoredSession,
  SyncSessionStore,
  UpsertRunInput,
  UpsertRunResult,
} from '../types.js';
import type { AgnoSessionStore } from './store.js';

/** What a live store needs of its database: checked access to the current opening's stores. */
export interface LiveTables {
  /** Runs `fn` after checking the file (reopening it when it changed); see `AgnoDatabase`. */
  use<T>(fn: () => T): T;
  /** `use`, plus the check after commit that the write reached the file at the path. */
  write<T>(fn: () => T): T;
  /** The table's store in the opening `use` just checked. */
  storeOf(table: string | undefined): AgnoSessionStore;
  /** Which opening of the file answers now. */
  readonly generationTag: number;
}

/**
 * One session table of an attached file as routes hold it: stable across reopenings of the
 * file, each call answered by the table's store in the current opening.
 */
export class LiveAgnoStore implements SyncSessionStore {
  constructor(
    private readonly db: LiveTables,
    private readonly table: string | undefined,
    readonly tableName: string,
    readonly readOnly: boolean,
  ) {}

  getSession(sessionId: string, filter: RowFilter): StoredSession | null {
    return this.read((s) => s.getSession(sessionId, filter));
  }

  getRun(sessionId: string, runId: string, filter: RowFilter): RunLookup {
    return this.read((s) => s.getRun(sessionId, runId, filter));
  }

  listRuns(sessionId: string, filter: RowFilter): StoredRun[] | null {
    return this.read((s) => s.listRuns(sessionId, filter));
  }

  pageRuns(sessionId: string, filter: RowFilter, window: RunWindow): RunsPage | null {
    return this.read((s) => s.pageRuns(sessionId, filter, window));
  }

  eachRun(sessionId: string, filter: RowFilter): Iterable<StoredRun> | null {
    return this.read((s) => s.eachRun(sessionId, filter));
  }

  listSessions(query: ListSessionsQuery): Page<SessionListItem> {
    return this.read((s) => s.listSessions(query));
  }

  listComponents(kind: SessionType, filter: RowFilter): ComponentSummary[] {
    return this.read((s) => s.listComponents(kind, filter));
  }

  upsertRun(input: UpsertRunInput): UpsertRunResult {
    return this.db.write(() => this.db.storeOf(this.table).upsertRun(input));
  }

  deleteSession(sessionId: string, filter: RowFilter): boolean {
    return this.db.write(() => this.db.storeOf(this.table).deleteSession(sessionId, filter));
  }

  addSession(session: StoredSession): boolean {
    return this.db.write(() => this.db.storeOf(this.table).addSession(session));
  }

  updateSession(sessionId: string, patch: SessionPatch, filter: RowFilter): boolean {
    return this.db.write(() => this.db.storeOf(this.table).updateSession(sessionId, patch, filter));
  }

  counts(): { sessions: number; runs: number } {
    return this.read((s) => s.counts());
  }

  hasSessions(): boolean {
    return this.read((s) => s.hasSessions());
  }

  private read<T>(fn: (store: AgnoSessionStore) => T): T {
    return this.db.use(() => fn(this.db.storeOf(this.table)));
  }
}
