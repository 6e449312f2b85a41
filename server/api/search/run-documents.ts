import { BoundedLru, type LruStats } from '../../caches/bounded-lru.js';
import { databaseOwner, ownerPrefix } from '../../caches/owners.js';
import type { Database, SessionStore, StoredRun } from '../../db/types.js';
import { buildRunDocument, type RunDocument } from './run-document.js';

/**
 * The search documents of every run of one session table, kept in the server's
 * `caches.searchDocuments` per database change stamp.
 *
 * A database that can tell cheaply whether it changed (`changeStamp`: the SQLite layouts; or
 * `tableVersion`: PostgreSQL's fingerprint of the table's row versions) keeps a table's
 * documents until that or its write generation moves. Documents are also kept per stored run object: the Agno stores hand
 * out the same frozen run while its row is unchanged (the per-row-version run cache), so after
 * a write only the runs of the rewritten row are rebuilt. That map is weak, so nothing there
 * outlives the runs cache's entries.
 */

export interface TableDocuments {
  readonly version: string;
  /** Rows' owners (`user_id` of the session row), for the access scope. */
  readonly docs: readonly OwnedDocument[];
}

export interface OwnedDocument {
  readonly ownerId: string | null;
  readonly doc: RunDocument;
}

interface Kept extends TableDocuments {
  readonly bytes: number;
}

/** Per document beside its texts (twice: the texts and `all`, at up to two bytes a character). */
const DOC_OVERHEAD_BYTES = 512;

/** Enough for any listing: the whole table is read in one page. */
const ALL_ROWS = 1_000_000_000;

/** The documents of one server, within its share of the cache budget. */
export class SearchDocuments {
  private readonly tables: BoundedLru<Kept>;
  private readonly pending = new Map<string, Promise<TableDocuments>>();
  readonly byRun = new WeakMap<StoredRun, RunDocument>();

  constructor(maxBytes: number) {
    this.tables = new BoundedLru<Kept>({ maxBytes }, (kept) => kept.bytes);
  }

  /** A new byte bound in force now, least recently used evicted to fit. */
  resize(maxBytes: number): void {
    this.tables.resize({ maxBytes });
  }

  /** The documents of `db`'s table (the default one when `table` is undefined). */
  async of(db: Database, table: string | undefined, generation: number): Promise<TableDocuments> {
    const store = db.sessions(table);
    // Read before the documents: a change made meanwhile gives a newer version on the next search.
    const stamp = db.changeStamp?.() ?? (await db.tableVersion?.(table));
    if (stamp === undefined) return readDocuments(store, '', this.byRun);
    const owner = databaseOwner(db.id);
    const key = `${ownerPrefix(owner)}${table ?? ''}`;
    const version = `${generation}:${stamp}`;
    const kept = this.tables.get(key);
    if (kept && kept.version === version) return kept;
    const pendingKey = `${key}\u0000${version}`;
    let reading = this.pending.get(pendingKey);
    if (!reading) {
      reading = readDocuments(store, version, this.byRun).finally(() => this.pending.delete(pendingKey));
      reading.then(
        (docs) => this.tables.set(key, { ...docs, bytes: docs.docs.reduce((sum, d) => sum + 4 * d.doc.all.length + DOC_OVERHEAD_BYTES, 0) }),
        () => undefined,
      );
      this.pending.set(pendingKey, reading);
    }
    return reading;
  }

  forget(owner: string): void {
    this.tables.deletePrefix(ownerPrefix(owner));
  }

  stats(): LruStats {
    return this.tables.stats();
  }
}

async function readDocuments(store: SessionStore, version: string, byRun: WeakMap<StoredRun, RunDocument>): Promise<TableDocuments> {
  const sessions = await store.listSessions({ page: 1, limit: ALL_ROWS, sortOrder: 'desc', sortBy: 'created_at' });
  const docs: OwnedDocument[] = [];
  for (const session of sessions.items) {
    if (session.run_count === 0) continue;
    const runs = (await store.listRuns(session.session_id, {})) ?? [];
    for (const run of runs) {
      let doc = byRun.get(run);
      if (!doc || doc.sessionName !== session.session_name) {
        doc = buildRunDocument(session, run);
        if (Object.isFrozen(run)) byRun.set(run, doc);
      }
      docs.push({ ownerId: session.user_id, doc });
    }
  }
  return { version, docs };
}
