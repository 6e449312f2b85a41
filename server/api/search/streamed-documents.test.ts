import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessScope } from '../../access/scope.js';
import { openDatabase } from '../../db/agno/database.js';
import type { SqliteDatabase } from '../../db/types.js';
import { buildAgnoDb } from '../../testing/agno-builder.js';
import { makeDemoSessions } from '../../testing/demo-sessions.js';
import { makeTempDir } from '../../testing/temp-dir.js';
import { SearchDocuments } from '../../search-index/run-documents.js';
import { parseSearchQuery } from './search-query.js';
import { RUN_SORT_FIELDS, searchRuns, type RunSearchRequest } from './search-runs.js';

/**
 * Issue 29 item 6: run search's documents are held to their share of the cache budget. A table
 * whose documents fit the share is kept; one that does not is streamed (built a window of runs
 * at a time, matched as it goes, never held whole) — and both answer every search alike.
 */
describe('Given a table searched with a share that holds it and with one that does not', () => {
  let tmp: ReturnType<typeof makeTempDir>;
  let db: SqliteDatabase;
  beforeAll(() => {
    tmp = makeTempDir('rundesk-streamed-');
    const file = path.join(tmp.dir, 'agents.db');
    buildAgnoDb(file, makeDemoSessions());
    db = openDatabase({ id: 'agents', path: file, readOnly: true });
  });
  afterAll(() => {
    db?.close();
    tmp?.remove();
  });

  it('Then the streamed search answers as the kept one, and the small share keeps nothing', async () => {
    const kept = new SearchDocuments(64 * 1024 * 1024);
    const streamed = new SearchDocuments(1024);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          q: fc.constantFrom('', 'weather', 'the', 'montréal', 'tool:get_weather', 'status:error', 'zzz-nothing'),
          sortBy: fc.constantFrom(...RUN_SORT_FIELDS),
          sortOrder: fc.constantFrom('asc' as const, 'desc' as const),
          page: fc.integer({ min: 1, max: 4 }),
          limit: fc.integer({ min: 1, max: 7 }),
        }),
        async ({ q, ...rest }) => {
          const request: RunSearchRequest = { query: parseSearchQuery(q), ...rest };
          const a = await searchRuns(await kept.of(db, undefined, 0), AccessScope.all(), request);
          const b = await searchRuns(await streamed.of(db, undefined, 0), AccessScope.all(), request);
          const ids = (page: typeof a) => page.items.map((i) => `${i.doc.sessionId}/${i.doc.runId}`);
          expect(ids(b)).toEqual(ids(a));
          expect({ total: b.total, searched: b.searched, facets: b.facets }).toEqual({ total: a.total, searched: a.searched, facets: a.facets });
        },
      ),
      { numRuns: 40 },
    );
    expect(kept.stats().entries).toBe(1);
    expect(streamed.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });
});
