import fc from 'fast-check';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessScope } from '../../access/scope.js';
import { asyncStore } from '../../db/async-store.js';
import { openDefaultDatabase } from '../../db/native/database.js';
import type { SqliteDatabase } from '../../db/types.js';
import { makeTempDir } from '../../testing/temp-dir.js';
import { runsAround } from './run-window.js';

let temp: ReturnType<typeof makeTempDir>;
let db: SqliteDatabase;
beforeAll(() => {
  temp = makeTempDir();
  db = openDefaultDatabase(path.join(temp.dir, 'rundesk.db'));
});
afterAll(() => {
  db.close();
  temp.remove();
});

/** A run's `created_at`: a small range makes ties; `null` is a run without one. */
const createdAt = fc.option(fc.integer({ min: 0, max: 12 }), { nil: null });

describe('runsAround', () => {
  it('finds every run’s position and window, whatever order the runs’ times are stored in', async () => {
    const store = asyncStore(db.store());
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(createdAt, { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 9 }), async (times, size) => {
        const sessionId = `s${n++}`;
        for (const [i, at] of times.entries()) {
          const run = { run_id: `r${i}`, agent_id: 'a', status: 'COMPLETED', ...(at === null ? {} : { created_at: 1_800_000_000 + at }) };
          await store.upsertRun({ sessionId, type: 'agent', run, userId: null });
        }
        for (const position of times.keys()) {
          const found = await runsAround(store, AccessScope.all(), sessionId, undefined, `r${position}`, size);
          if (found.kind !== 'found') throw new Error(`r${position}: ${found.kind}`);
          const offset = Math.max(0, Math.min(position - Math.floor(size / 2), times.length - size));
          expect({ position: found.position, offset: found.offset, total: found.total }).toEqual({ position, offset, total: times.length });
          expect(found.runs.map((r) => r['run_id'])).toEqual(times.map((_, i) => `r${i}`).slice(offset, offset + size));
        }
        expect((await runsAround(store, AccessScope.all(), sessionId, undefined, 'missing', size)).kind).toBe('no-run');
      }),
      { numRuns: 60 },
    );
    expect((await runsAround(store, AccessScope.all(), 'no-session', undefined, 'r0', 3)).kind).toBe('no-session');
  });
});
