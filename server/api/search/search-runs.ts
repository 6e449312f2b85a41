import type { SessionType } from '../../db/types.js';
import { matchRun, type SearchHit } from './match.js';
import type { RunDocument } from '../../search-index/run-document.js';
import type { RunSearchQuery } from './search-query.js';
import { admits, type AccessScope } from '../../access/scope.js';
import type { OwnedDocument } from '../../search-index/run-documents.js';

export const RUN_SORT_FIELDS = ['created_at', 'session_name', 'user_id', 'status', 'model', 'tool_calls'] as const;
export type RunSortField = (typeof RUN_SORT_FIELDS)[number];

export interface RunSearchRequest {
  query: RunSearchQuery;
  /** Only runs of sessions of this type. */
  sessionType?: SessionType | undefined;
  sortBy: RunSortField;
  sortOrder: 'asc' | 'desc';
  page: number;
  limit: number;
}

export interface RunSearchResult {
  doc: RunDocument;
  hits: SearchHit[];
}

export interface FacetCount {
  value: string;
  count: number;
}

export interface RunSearchPage {
  items: RunSearchResult[];
  total: number;
  /** Runs the caller can see, matched or not. */
  searched: number;
  /** Values of the visible runs, for filter menus (most frequent first). */
  facets: { status: FacetCount[]; model: FacetCount[]; tool: FacetCount[] };
}

function sortKey(doc: RunDocument, by: RunSortField): string | number {
  switch (by) {
    case 'created_at':
      return doc.createdAt ?? -Infinity;
    case 'session_name':
      return doc.sessionName.toLowerCase();
    case 'user_id':
      return (doc.userId ?? '').toLowerCase();
    case 'status':
      return (doc.status ?? '').toLowerCase();
    case 'model':
      return (doc.model ?? '').toLowerCase();
    case 'tool_calls':
      return doc.toolCallCount;
  }
}

function compare(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

function countFacet(values: Iterable<string | null>): FacetCount[] {
  const counts = new Map<string, number>();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || compare(a.value, b.value));
}

/**
 * Full-text search over the runs of one session table the scope can see: every run matching
 * the query, sorted, one page of them with the text around each match. The documents are read
 * once, in one pass: only the best `page × limit` matches so far are held (trimmed as they
 * grow), with the counts and facets, so a table streamed from its file is never held whole.
 */
export async function searchRuns(
  documents: AsyncIterable<OwnedDocument> | Iterable<OwnedDocument>,
  scope: AccessScope,
  request: RunSearchRequest,
): Promise<RunSearchPage> {
  const dir = request.sortOrder === 'asc' ? 1 : -1;
  const order = (a: RunSearchResult, b: RunSearchResult) =>
    dir * compare(sortKey(a.doc, request.sortBy), sortKey(b.doc, request.sortBy)) ||
    dir * compare(a.doc.createdAt ?? -Infinity, b.doc.createdAt ?? -Infinity) ||
    compare(a.doc.runId, b.doc.runId);
  const offset = (request.page - 1) * request.limit;
  const wanted = offset + request.limit;
  let best: RunSearchResult[] = [];
  let total = 0;
  let searched = 0;
  const status: Array<string | null> = [];
  const model: Array<string | null> = [];
  const tool: string[] = [];
  for await (const { ownerId, doc } of documents) {
    if (!admits(scope, ownerId) || (request.sessionType !== undefined && doc.sessionType !== request.sessionType)) continue;
    searched += 1;
    status.push(doc.status);
    model.push(doc.model);
    tool.push(...doc.tools);
    const hits = matchRun(doc, request.query);
    if (!hits) continue;
    total += 1;
    best.push({ doc, hits });
    // Keep the best `wanted` (sorted, the order is total): the rest can never reach the page.
    if (best.length >= 2 * wanted + 256) best = best.sort(order).slice(0, wanted);
  }
  best.sort(order);
  return {
    items: best.slice(offset, offset + request.limit),
    total,
    searched,
    facets: { status: countFacet(status), model: countFacet(model), tool: countFacet(tool) },
  };
}
