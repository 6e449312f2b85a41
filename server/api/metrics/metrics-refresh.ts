import { AccessScope } from '../../access/scope.js';
import { isPlainObject } from '../../agno-format/json-values.js';
import type { DailyMetricsRecord, MetricsProgress, MetricsRow } from '../../db/platform-data/types.js';
import type { Database, SessionListItem, SessionStore, SessionType, StoredRun } from '../../db/types.js';
import { ReadOnlyDatabaseError } from '../../db/errors.js';

/**
 * AgentOS's metrics refresh (`calculate_metrics()` of Agno's `SqliteDb`/`PostgresDb`, 2.9 and
 * 3): the daily metrics recalculated from the stored sessions, from the first day that has no
 * completed row up to today (UTC), and upserted into the metrics table — one row per day in an
 * Agno 2 table, one row per owner and day in an Agno 3 table (`user_id`, `''` for sessions
 * without a user). A session counts on the day it was created, with all its runs (a team
 * session's member runs included), its models (`model:provider` per run) and its stored
 * `session_metrics` tokens. Only days with sessions get a row.
 */

const TOKEN_FIELDS = [
  'input_tokens',
  'output_tokens',
  'total_tokens',
  'audio_total_tokens',
  'audio_input_tokens',
  'audio_output_tokens',
  'cache_read_tokens',
  'cache_write_tokens',
  'reasoning_tokens',
] as const;

const SESSION_TYPES: readonly SessionType[] = ['agent', 'team', 'workflow'];
const DAY_SECONDS = 86_400;
/** Sessions read per page while collecting a refresh's window. */
const PAGE = 500;

export interface RefreshTarget {
  /** The metrics table (`table` of the request); the sessions come from the database's default session table. */
  table?: string | undefined;
}

function dayOf(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().slice(0, 10);
}

function nextDay(day: string): string {
  return dayOf(Date.parse(`${day}T00:00:00Z`) / 1000 + DAY_SECONDS);
}

function startOf(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}

/** The day a refresh resumes at, by the table's layout (Agno 3's rule for a table with owners, Agno 2's otherwise); `null`: from the first session. */
export function resumeDay(progress: MetricsProgress, today: string): string | null {
  if (!progress.exists) return null;
  if (progress.owned) {
    const at = progress.earliestIncomplete ?? (progress.latestCompleted === null ? null : nextDay(progress.latestCompleted));
    return at === null ? null : at < today ? at : today;
  }
  if (progress.newest === null) return null;
  return progress.newest.completed ? nextDay(progress.newest.date) : progress.newest.date;
}

/** The sessions created in [from, to] (epoch seconds, both included), oldest first. */
async function sessionsBetween(store: SessionStore, from: number, to: number): Promise<SessionListItem[]> {
  const out: SessionListItem[] = [];
  for (let page = 1; ; page++) {
    const got = await store.listSessions({ page, limit: PAGE, sortBy: 'created_at', sortOrder: 'asc', scope: AccessScope.all() });
    for (const s of got.items) if (s.created_at >= from && s.created_at <= to) out.push(s);
    const last = got.items.at(-1);
    if (got.items.length < PAGE || (last !== undefined && last.created_at > to)) return out;
  }
}

interface Bucket {
  sessions: Record<SessionType, number>;
  runs: Record<SessionType, number>;
  tokens: Record<(typeof TOKEN_FIELDS)[number], number>;
  /** `model:provider` → runs, in first-seen order (Python's dict order). */
  models: Map<string, number>;
  users: Set<string>;
}

const emptyBucket = (): Bucket => ({
  sessions: { agent: 0, team: 0, workflow: 0 },
  runs: { agent: 0, team: 0, workflow: 0 },
  tokens: Object.fromEntries(TOKEN_FIELDS.map((f) => [f, 0])) as Bucket['tokens'],
  models: new Map(),
  users: new Set(),
});

/** Python's `f"{model}:{provider}"` with `run.get("model_provider", "")`: a stored null reads "None". */
function modelKey(run: StoredRun): string | null {
  const model = run['model'];
  if (model === undefined || model === null || model === '' || model === false || model === 0) return null;
  const provider = 'model_provider' in run ? run['model_provider'] : '';
  return `${String(model)}:${provider === null ? 'None' : String(provider)}`;
}

function add(bucket: Bucket, session: SessionListItem, runs: readonly StoredRun[]): void {
  bucket.sessions[session.session_type] += 1;
  if (session.user_id) bucket.users.add(session.user_id);
  bucket.runs[session.session_type] += runs.length;
  for (const run of runs) {
    const key = modelKey(run);
    if (key !== null) bucket.models.set(key, (bucket.models.get(key) ?? 0) + 1);
  }
  const metrics = isPlainObject(session.session_data) ? session.session_data['session_metrics'] : null;
  if (isPlainObject(metrics)) {
    for (const field of TOKEN_FIELDS) {
      const value = metrics[field];
      if (typeof value === 'number' && Number.isFinite(value)) bucket.tokens[field] += value;
    }
  }
}

function record(day: string, userId: string, bucket: Bucket, usersCount: number, today: string): DailyMetricsRecord {
  return {
    date: day,
    userId,
    agent_runs_count: bucket.runs.agent,
    team_runs_count: bucket.runs.team,
    workflow_runs_count: bucket.runs.workflow,
    agent_sessions_count: bucket.sessions.agent,
    team_sessions_count: bucket.sessions.team,
    workflow_sessions_count: bucket.sessions.workflow,
    users_count: usersCount,
    token_metrics: { ...bucket.tokens },
    model_metrics: [...bucket.models].map(([key, count]) => {
      const cut = key.lastIndexOf(':');
      return { model_id: key.slice(0, cut), model_provider: key.slice(cut + 1), count };
    }),
    completed: day < today,
  };
}

/**
 * The records of the days from `first` to `today`: per day (Agno 2) or per owner and day
 * (Agno 3, `owned`), sessions taken by type (agent, team, workflow) in creation order.
 */
export function dailyRecords(sessions: ReadonlyArray<{ session: SessionListItem; runs: readonly StoredRun[] }>, owned: boolean, today: string): DailyMetricsRecord[] {
  const byDay = new Map<string, Map<string, Bucket>>();
  for (const type of SESSION_TYPES) {
    for (const { session, runs } of sessions) {
      if (session.session_type !== type) continue;
      const day = dayOf(session.created_at);
      let buckets = byDay.get(day);
      if (!buckets) byDay.set(day, (buckets = new Map()));
      const owner = owned ? (session.user_id ?? '') : '';
      let bucket = buckets.get(owner);
      if (!bucket) buckets.set(owner, (bucket = emptyBucket()));
      add(bucket, session, runs);
    }
  }
  const out: DailyMetricsRecord[] = [];
  for (const day of [...byDay.keys()].sort()) {
    for (const [owner, bucket] of byDay.get(day) ?? []) {
      // Agno 3 counts one user per owner bucket (none for the unowned one), so summing rows gives distinct users.
      out.push(record(day, owner, bucket, owned ? (owner === '' ? 0 : 1) : bucket.users.size, today));
    }
  }
  return out;
}

/** Whether a table this refresh would create keeps a row per owner: the session table's layout decides (Agno 3 runs table: yes). */
async function ownedIfCreated(db: Database): Promise<boolean> {
  const info = await db.info();
  const layout = info.layouts?.find((l) => l.table === info.defaultTable)?.layout;
  return layout === undefined ? true : layout !== '2.x';
}

/** Recalculates and writes the metrics; answers the rows written (none when nothing needed it). */
export async function recalculateMetrics(db: Database, target: RefreshTarget, now: () => number): Promise<{ rows: MetricsRow[]; owned: boolean }> {
  if (db.readOnly) throw new ReadOnlyDatabaseError(db.id);
  const data = db.platformData();
  const owned = await ownedIfCreated(db);
  const progress = await data.metricsProgress({ table: target.table, ownedIfCreated: owned });
  const today = dayOf(Math.floor(now() / 1000));
  const store = db.sessions();
  let first = resumeDay(progress, today);
  if (first === null) {
    const oldest = (await store.listSessions({ page: 1, limit: 1, sortBy: 'created_at', sortOrder: 'asc', scope: AccessScope.all() })).items[0];
    if (oldest === undefined) return { rows: [], owned: progress.owned };
    first = dayOf(oldest.created_at);
  }
  if (first > today) return { rows: [], owned: progress.owned };
  // As Agno: sessions from the first day's midnight to the midnight after today, both included.
  const sessions = await sessionsBetween(store, startOf(first), startOf(nextDay(today)));
  const withRuns = [];
  for (const session of sessions) {
    if (dayOf(session.created_at) > today) continue;
    withRuns.push({ session, runs: (await store.listRuns(session.session_id, {})) ?? [] });
  }
  const records = dailyRecords(withRuns, progress.owned, today);
  const rows = await data.writeDailyMetrics(records, { table: target.table, ownedIfCreated: owned });
  return { rows, owned: progress.owned };
}
