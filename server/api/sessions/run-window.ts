import type { AccessScope } from '../../access/scope.js';
import type { RowFilter, SessionStore, SessionType, StoredRun, StoredSession } from '../../db/types.js';

/**
 * rundesk's window of a session's runs around one run (`GET /sessions/{id}/runs?around=`): the
 * run page shows its run's neighbours without the session's whole list. It is computed here over
 * the stores' paged listing (`pageRuns`), so every store and layout answers it alike.
 *
 * Finding the run's position is the cost. Runs are stored as they were created, so the position
 * is found by a search on `created_at`, reading one run per probe (a store reading only a page's
 * runs answers each in about a run's parse); the search is verified by finding the run id itself,
 * and when the order does not follow `created_at` (or ties hide the run) every run is scanned
 * instead, so the answer is always right and usually a handful of one-run reads.
 */

export type RunsAroundResult =
  | { kind: 'found'; session: StoredSession; runs: StoredRun[]; offset: number; position: number; total: number }
  | { kind: 'no-session' }
  | { kind: 'no-run' };

/** Runs read per page while scanning. */
const SCAN_PAGE = 500;
/** Runs read first where the search says the run is. */
const FIRST_CHECK = 8;
/**
 * A one-run probe slower than this means the store builds the whole list to answer a page (it
 * does not read pages by index); then one read of the whole list beats many probes of it.
 */
const SLOW_PROBE_MS = 25;
/** A run written between the search and the window's read moves it: search again, this often. */
const ATTEMPTS = 3;

export async function runsAround(
  store: SessionStore,
  scope: AccessScope,
  sessionId: string,
  type: SessionType | undefined,
  runId: string,
  size: number,
): Promise<RunsAroundResult> {
  const filter: RowFilter = { type, scope };
  const session = await store.getSession(sessionId, filter);
  if (!session) return { kind: 'no-session' };
  const lookup = await store.getRun(sessionId, runId, { type: session.session_type, scope });
  if (lookup.kind !== 'found') return { kind: 'no-run' };
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const located = await locateRun(store, sessionId, filter, lookup.run);
    if (located === 'no-session') return { kind: 'no-session' };
    if (located === null) return { kind: 'no-run' };
    const offset = Math.max(0, Math.min(located.position - Math.floor(size / 2), located.total - size));
    const page = await store.pageRuns(sessionId, filter, { offset, limit: size });
    if (page === null) return { kind: 'no-session' };
    const at = page.runs.findIndex((r) => r['run_id'] === runId);
    if (at >= 0) return { kind: 'found', session, runs: page.runs, offset, position: offset + at, total: page.total };
  }
  return { kind: 'no-run' };
}

type Located = { position: number; total: number } | null | 'no-session';

async function locateRun(store: SessionStore, sessionId: string, filter: RowFilter, run: StoredRun): Promise<Located> {
  const runId = run['run_id'];
  // The first read may build the session's index; the second, timed, shows what a probe costs.
  const head = await store.pageRuns(sessionId, filter, { offset: 0, limit: 1 });
  if (head === null) return 'no-session';
  const { total } = head;
  if (total === 0) return null;
  const known = new Map<number, StoredRun | undefined>([[0, head.runs[0]]]);
  const middle = total >>> 1;
  const started = performance.now();
  const probe = await store.pageRuns(sessionId, filter, { offset: middle, limit: 1 });
  if (probe === null) return 'no-session';
  known.set(middle, probe.runs[0]);
  const slow = performance.now() - started > SLOW_PROBE_MS;
  const createdAt = createdAtOf(run);
  if (!slow && createdAt !== undefined) {
    const found = await searchByCreatedAt(store, sessionId, filter, runId, createdAt, total, known);
    if (found !== undefined) return found === null ? null : { position: found, total };
  }
  const position = await scan(store, sessionId, filter, runId, 0, slow ? total : SCAN_PAGE, () => true);
  return position === null ? null : { position, total };
}

/**
 * The run's position by `created_at`; `undefined` when that order cannot find it (the caller
 * scans everything), `null` when the session has gone.
 */
async function searchByCreatedAt(
  store: SessionStore,
  sessionId: string,
  filter: RowFilter,
  runId: unknown,
  createdAt: number,
  total: number,
  known: Map<number, StoredRun | undefined>,
): Promise<number | null | undefined> {
  const probe = async (i: number): Promise<number | undefined | null> => {
    if (known.has(i)) {
      const run = known.get(i);
      return run ? createdAtOf(run) : undefined;
    }
    const page = await store.pageRuns(sessionId, filter, { offset: i, limit: 1 });
    if (page === null) return null;
    return page.runs[0] ? createdAtOf(page.runs[0]) : undefined;
  };
  // The first run created at or after the run's `created_at`: every run before `lo` is older,
  // every run from `hi` on is not. Guesses alternate between where the times say the run lies
  // (runs written at a steady pace are found in two or three reads) and halving (never worse
  // than twice a binary search).
  let lo = 0;
  let hi = total;
  let older: { i: number; at: number } | null = null;
  let newer: { i: number; at: number } | null = null;
  // The first and last runs bound the guesses.
  for (let turn = -2; lo < hi; turn++) {
    let mid = turn === -2 ? lo : turn === -1 ? hi - 1 : (lo + hi) >>> 1;
    if (turn >= 0 && turn % 2 === 0 && older && newer && newer.at > older.at) {
      const guess = older.i + Math.ceil(((createdAt - older.at) / (newer.at - older.at)) * (newer.i - older.i));
      mid = Math.min(hi - 1, Math.max(lo, guess));
    }
    const at = await probe(mid);
    if (at === null) return null;
    if (at === undefined) return undefined;
    if (at < createdAt) {
      lo = mid + 1;
      older = { i: mid, at };
    } else {
      hi = mid;
      newer = { i: mid, at };
    }
  }
  // The run is usually the first there: read a few runs, more only while the times still match.
  const found = await scan(store, sessionId, filter, runId, lo, FIRST_CHECK, (r) => {
    const at = createdAtOf(r);
    return at !== undefined && at <= createdAt;
  });
  return found ?? undefined;
}

/**
 * Reads pages from `from`, of `first` runs and then twice as many each time (up to `SCAN_PAGE`,
 * or `first` when it is larger), until the run is found or `more` says it cannot lie further on.
 */
async function scan(
  store: SessionStore,
  sessionId: string,
  filter: RowFilter,
  runId: unknown,
  from: number,
  first: number,
  more: (run: StoredRun) => boolean,
): Promise<number | null> {
  for (let offset = from, pageSize = first; ; offset += pageSize, pageSize = Math.max(first, Math.min(pageSize * 2, SCAN_PAGE))) {
    const page = await store.pageRuns(sessionId, filter, { offset, limit: pageSize });
    if (page === null || page.runs.length === 0) return null;
    for (let i = 0; i < page.runs.length; i++) {
      const r = page.runs[i]!;
      if (r['run_id'] === runId) return offset + i;
      if (!more(r)) return null;
    }
    if (offset + page.runs.length >= page.total) return null;
  }
}

function createdAtOf(run: StoredRun): number | undefined {
  const at = run['created_at'];
  return typeof at === 'number' && Number.isFinite(at) ? at : undefined;
}
