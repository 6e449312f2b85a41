import { BoundedLru, type LruStats } from '../caches/bounded-lru.js';
import { databaseOwner, ownerPrefix } from '../caches/owners.js';
import type { Database, SessionStore, StoredRun } from '../db/types.js';
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


export interface OwnedDocument {
  readonly ownerId: string | null;
  readonly doc: RunDocument;
}

interface Kept {
  readonly version: string;
  /** Rows' owners (`user_id` of the session row), for the access scope. */
  readonly docs: readonly OwnedDocument[];
  readonly bytes: number;
}

/** Per document beside its texts (twice: the texts and `all`, at up to two bytes a character). */
const DOC_OVERHEAD_BYTES = 512;

/** Enough for any listing: the whole table is read in one page. */
const ALL_ROWS = 1_000_000_000;

/** Bytes one document is counted at: its texts (up to two bytes a character, held three ways) and overhead. */
export function documentBytes(doc: RunDocument): number {
  return 4 * doc.all.length + DOC_OVERHEAD_BYTES;
}

/**
 * The documents of one server, within its share of the cache budget. A table whose documents
 * fit the share is kept and searched from memory; one that does not is streamed: its documents
 * are built a window of runs at a time while the search reads them, and dropped as it goes, so a
 * search holds one window and its page of results, never a whole table beside the budget.
 */
export class SearchDocuments {
  private readonly tables: BoundedLru<Kept>;
  private maxBytes: number;
  readonly byRun = new WeakMap<StoredRun, RunDocument>();
  /** The most document bytes one table has given so far (kept or streamed): a term of the memory bound. */
  private largestTable = 0;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
    this.tables = new BoundedLru<Kept>({ maxBytes }, (kept) => kept.bytes);
  }

  /** The largest table's documents built since the start, in bytes (see `memoryBound`). */
  get largestTableBytes(): number {
    return this.largestTable;
  }

  /** A new byte bound in force now, least recently used evicted to fit. */
  resize(maxBytes: number): void {
    this.maxBytes = maxBytes;
    this.tables.resize({ maxBytes });
  }

  /**
   * The documents of `db`'s table (the default one when `table` is undefined), in table order:
   * from memory when kept; otherwise read as they are iterated, and kept at the end when the
   * whole table fit the share (and nothing changed meanwhile).
   */
  async of(db: Database, table: string | undefined, generation: number): Promise<AsyncIterable<OwnedDocument> | Iterable<OwnedDocument>> {
    const store = db.sessions(table);
    // Read before the documents: a change made meanwhile gives a newer version on the next search.
    const stamp = db.changeStamp?.() ?? (await db.tableVersion?.(table));
    if (stamp === undefined) return this.keeping(null, '', readDocuments(store, this.byRun));
    const key = `${ownerPrefix(databaseOwner(db.id))}${table ?? ''}`;
    const version = `${generation}:${stamp}`;
    const kept = this.tables.get(key);
    if (kept && kept.version === version) return kept.docs;
    return this.keeping(key, version, readDocuments(store, this.byRun));
  }

  /**
   * `docs` passed through, collected while they fit the share and kept once all were read
   * (`key` null: never kept), their bytes counted as they come.
   */
  private async *keeping(key: string | null, version: string, docs: AsyncIterable<OwnedDocument>): AsyncGenerator<OwnedDocument> {
    let collected: OwnedDocument[] | null = key === null ? null : [];
    let bytes = 0;
    for await (const doc of docs) {
      bytes += documentBytes(doc.doc);
      if (bytes > this.largestTable) this.largestTable = bytes;
      if (collected !== null) {
        if (bytes <= this.maxBytes) collected.push(doc);
        else collected = null;
      }
      yield doc;
    }
    if (collected !== null && key !== null) this.tables.set(key, { version, docs: collected, bytes });
  }

  forget(owner: string): void {
    this.tables.deletePrefix(ownerPrefix(owner));
  }

  stats(): LruStats {
    return this.tables.stats();
  }
}

/** Every run of the table as a document, each run parsed as reached (`eachRun`: a session's value read once, never decoded whole for this where the store can avoid it). */
async function* readDocuments(store: SessionStore, byRun: WeakMap<StoredRun, RunDocument>): AsyncGenerator<OwnedDocument> {
  const sessions = await store.listSessions({ page: 1, limit: ALL_ROWS, sortOrder: 'desc', sortBy: 'created_at' });
  for (const session of sessions.items) {
    if (session.run_count === 0) continue;
    for (const run of (await store.eachRun(session.session_id, {})) ?? []) {
      let doc = byRun.get(run);
      if (!doc || doc.sessionName !== session.session_name) {
        doc = buildRunDocument(session, run);
        if (Object.isFrozen(run)) byRun.set(run, doc);
      }
      yield { ownerId: session.user_id, doc };
    }
  }
}
