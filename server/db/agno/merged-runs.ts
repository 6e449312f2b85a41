import { decodeJsonColumn } from '../../agno-format/codec.js';
import { isPlainObject } from '../../agno-format/json-values.js';
import { mergeOrder } from '../../agno-format/agno3-runs.js';
import type { MergedSource } from '../../agno-format/agno3-runs.js';
import type { StoredRun } from '../types.js';
import type { RunPositionStatements } from './runs-table.js';

/** What `getRun`, `listRuns`, `pageRuns` and listings need of a session's runs. */
export interface SessionRuns {
  readonly session: import('../types.js').StoredSession;
  readonly runCount: number;
  /** The first run with this id, as a search from the start finds it. */
  run(runId: string): StoredRun | undefined;
  /** Every plain-object run in stored order. */
  all(): readonly StoredRun[];
  /** How many plain-object runs `all()` holds. */
  readonly objectCount: number;
  /** `all().slice(offset, offset + limit)`, parsing only those runs when the value is indexed. */
  window(offset: number, limit: number): readonly StoredRun[];
  /** `all()` one run at a time, each parsed when reached (a session name needs the first few only). */
  each(): Iterable<StoredRun>;
  /** Facts derived from these exact runs, kept as long as their cache entry; null when uncached. */
  readonly memo: RunsMemo | null;
  /**
   * The `run_id` of each plain-object run (`null`: none), or `null` when one is neither a
   * string nor null (such ids are merged in memory only).
   */
  ids(): readonly (string | null)[] | null;
  /** Where the merged runs of an Agno 3 session lie, kept with the session's cache entry; null when uncached. */
  readonly merged: { get(): MergedOrder | undefined; set(order: MergedOrder): void } | null;
}

/** What a listing derives from a cached runs value. */
export interface RunsMemo {
  /** The session type `name` was derived for (team sessions skip member runs). */
  nameFor?: import('../types.js').SessionType;
  /** The first candidate run's name; `undefined` when none gives one (the fallback applies). */
  name?: string | undefined;
}

/**
 * Where each run Agno 3 answers for a session lies, for one state of the file: the table's
 * rows by rowid in Agno's order, and the merge with the legacy value by id (`mergeOrder`).
 */
export interface MergedOrder {
  /** `PRAGMA data_version` and the store's own writes when it was read. */
  readonly state: string;
  readonly rowids: readonly number[];
  /** `null`: the table's runs alone, in `rowids` order. */
  readonly sources: readonly MergedSource[] | null;
  /** Run ids the table holds for the session (only with `sources`). */
  readonly tableIds: ReadonlySet<string> | null;
  /** Listing facts of this merged list (the legacy entry's memo outlives table changes). */
  readonly memo: RunsMemo;
  readonly bytes: number;
}

/**
 * The session's table runs in Agno 3's order plus their merge with `legacy`, found without
 * reading a run's body; `null` when something makes the in-memory merge the only exact one
 * (an id that is not a string).
 */
export function readMergedOrder(sql: RunPositionStatements, sessionId: string, legacy: SessionRuns, state: string): MergedOrder | null {
  const keyed = sql.byIndex.all(sessionId) as Array<[unknown, number]>;
  const rowids: number[] = [];
  for (let i = 0; i < keyed.length; ) {
    const key = (keyed[i] as [unknown, number])[0];
    let j = i + 1;
    while (j < keyed.length && sameSortKey(key, (keyed[j] as [unknown, number])[0])) j++;
    if (j - i === 1) rowids.push((keyed[i] as [unknown, number])[1]);
    else {
      const tied = sql.tied.all(sessionId, key) as number[];
      if (tied.length !== j - i) return null;
      rowids.push(...tied);
    }
    i = j;
  }
  const memo: RunsMemo = {};
  const legacyIds = legacy.objectCount > 0 ? legacy.ids() : null;
  if (legacy.objectCount > 0 && legacyIds === null) return null;
  if (legacyIds === null) return { state, rowids, sources: null, tableIds: null, memo, bytes: 64 + rowids.length * 8 };
  const idOf = new Map<number, unknown>((sql.ids.all(sessionId) as Array<[number, unknown]>).map(([rowid, id]) => [rowid, id]));
  const tableIds: string[] = [];
  for (const rowid of rowids) {
    const id = idOf.get(rowid);
    if (typeof id !== 'string') return null;
    tableIds.push(id);
  }
  const sources = mergeOrder(tableIds, legacyIds);
  const idBytes = tableIds.reduce((sum, id) => sum + 48 + id.length * 2, 0);
  return { state, rowids, sources, tableIds: new Set(tableIds), memo, bytes: 64 + rowids.length * 8 + sources.length * 40 + idBytes };
}

/** Whether SQLite's ORDER BY ranks the two `run_index` values equal (NULLs together). */
function sameSortKey(a: unknown, b: unknown): boolean {
  if (a === null || b === null) return a === b;
  if (Buffer.isBuffer(a) || Buffer.isBuffer(b)) return Buffer.isBuffer(a) && Buffer.isBuffer(b) && a.equals(b);
  return a === b;
}

/**
 * The merged runs as `SessionRuns`, each run read from its row or from the legacy value when
 * reached. Must be used inside the read transaction `order` was read in. Should a row not read
 * as an object (Agno writes none such), `inMemory` answers instead, which decides what it means.
 */
export function mergedRunsView(
  sql: RunPositionStatements,
  sessionId: string,
  legacy: SessionRuns,
  order: MergedOrder,
  runById: (runId: string) => StoredRun | undefined,
  inMemory: () => SessionRuns,
): SessionRuns {
  const count = order.sources?.length ?? order.rowids.length;
  const tableRun = (position: number): StoredRun | undefined => {
    const raw = sql.runData.get(order.rowids[position], sessionId);
    const run = raw === undefined ? undefined : decodeJsonColumn(raw);
    return isPlainObject(run) ? run : undefined;
  };
  const at = (i: number): StoredRun | undefined => {
    const source = order.sources?.[i] ?? { from: 'table', position: i };
    return source.from === 'table' ? tableRun(source.position) : legacy.window(source.object, 1)[0];
  };
  let fallback: SessionRuns | undefined;
  const memory = () => (fallback ??= inMemory());
  const window = (offset: number, limit: number): readonly StoredRun[] => {
    const out: StoredRun[] = [];
    for (let i = Math.max(0, offset); i < Math.min(count, offset + limit); i++) {
      const run = at(i);
      if (run === undefined) return memory().window(offset, limit);
      out.push(run);
    }
    return out;
  };
  return {
    session: legacy.session,
    runCount: count,
    objectCount: count,
    memo: order.memo,
    run: (runId) => {
      if (order.tableIds !== null && !order.tableIds.has(runId)) return legacy.run(runId);
      const run = runById(runId);
      // No row has that id: no run has it. A row whose body names another id: memory decides.
      if (run === undefined || run['run_id'] === runId) return run;
      return memory().run(runId);
    },
    all: () => window(0, count),
    window,
    each: function* () {
      for (let i = 0; i < count; i++) {
        const run = at(i);
        if (run === undefined) {
          yield* memory().all().slice(i);
          return;
        }
        yield run;
      }
    },
    ids: () => memory().ids(),
    merged: null,
  };
}

/** The `run_id`s of decoded runs as `SessionRuns.ids` gives them. */
export function idsOfRuns(runs: readonly StoredRun[]): (string | null)[] | null {
  const ids: (string | null)[] = [];
  for (const run of runs) {
    const id = run['run_id'];
    if (id === undefined || id === null) ids.push(null);
    else if (typeof id === 'string') ids.push(id);
    else return null;
  }
  return ids;
}
