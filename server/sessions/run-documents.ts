import type { SessionStore, StoredRun } from '../db/types.js';
import { buildRunDocument, type RunDocument } from '../runs/search/run-document.js';

/**
 * The search documents of every run of one session table, kept per content version.
 *
 * A table that can tell cheaply whether it changed (`cacheKey` non-null: the SQLite layouts)
 * keeps its documents until `contentVersion()` moves; a table that cannot (PostgreSQL) is read
 * for each search. Documents are also kept per stored run object: the Agno stores hand out the
 * same frozen run while its row is unchanged (the per-row-version run cache), so after a write
 * only the runs of the rewritten row are rebuilt. Both maps are weak, so nothing here outlives
 * the store or the run cache's entries.
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

const byStore = new WeakMap<SessionStore, Promise<TableDocuments>>();
const byRun = new WeakMap<StoredRun, RunDocument>();

/** Enough for any listing: the whole table is read in one page. */
const ALL_ROWS = 1_000_000_000;

export async function tableDocuments(store: SessionStore): Promise<TableDocuments> {
  if (store.cacheKey === null) return readDocuments(store, '');
  const version = await store.contentVersion();
  const kept = byStore.get(store);
  if (kept) {
    const docs = await kept.catch(() => null);
    if (docs && docs.version === version) return docs;
  }
  const reading = readDocuments(store, version);
  byStore.set(store, reading);
  reading.catch(() => {
    if (byStore.get(store) === reading) byStore.delete(store);
  });
  return reading;
}

async function readDocuments(store: SessionStore, version: string): Promise<TableDocuments> {
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
