import { ConflictError, ValidationError } from '../errors.js';
import { SessionOfAnotherUserError } from './errors.js';
import { parseIsoToMicros } from '../agno-format/dates.js';
import type { SessionType, StoredRun, StoredSession, UpsertRunInput } from './types.js';

/**
 * The rules of `upsertRun` both layouts share: what a run must carry, whose it is, which
 * component it names, and when an existing session refuses it.
 */

export interface PreparedRun {
  runId: string;
  run: StoredRun;
  /** Stamped on a new session: the caller's id, else the run's own `user_id`. */
  userId: string | null;
  /** The agent_id / team_id / workflow_id matching the session type, from the run dict. */
  componentId: string | null;
  /** `{name, <kind>_id}` for agent_data / team_data / workflow_data of a new session. */
  componentData: Record<string, unknown> | null;
  /** Epoch seconds of the run, when it has a usable `created_at`. */
  createdAt: number | null;
}

export function prepareRun(input: UpsertRunInput): PreparedRun {
  const runId = input.run['run_id'];
  if (typeof runId !== 'string' || runId === '') {
    throw new ValidationError('The run must have a non-empty string run_id', [
      { path: 'run_id', message: 'must be a non-empty string' },
    ]);
  }
  const ownUser = typeof input.run['user_id'] === 'string' ? input.run['user_id'] : null;
  const userId = input.userId ?? ownUser;
  // The caller's id wins over what the body claims (fail closed: docs/decisions.md).
  const run = input.userId !== null && ownUser !== input.userId ? { ...input.run, user_id: input.userId } : input.run;
  return {
    runId,
    run,
    userId,
    componentId: stringOrNull(run[`${input.type}_id`]),
    componentData: componentDataOf(input.type, run),
    createdAt: epochSecondsOf(run['created_at']),
  };
}

/**
 * Refuses a run for a session owned by another user, then for one stored under another type.
 * The owner is checked first: a caller who may not see the session learns nothing of its type.
 */
export function assertSessionAccepts(session: StoredSession, type: SessionType, userId: string | null): void {
  // Like agno's upsert guard (`user_id = :user_id OR user_id IS NULL`).
  if (session.user_id !== null && userId !== null && session.user_id !== userId) {
    throw new SessionOfAnotherUserError(`Session with ID ${session.session_id} belongs to another user`);
  }
  if (session.session_type !== type) {
    throw new ConflictError(
      `Session with ID ${session.session_id} is ${session.session_type === 'agent' ? 'an' : 'a'} ${session.session_type} session; send the run with type=${session.session_type}`,
    );
  }
}

/**
 * The refusal of a run whose id an Agno 3 runs table already holds for another session: run_id
 * is that table's primary key, so writing it would change the other session's run.
 */
export function runElsewhere(runId: string): string {
  return `Run with ID ${runId} is stored in another session; a run id names one run in this database`;
}

/** A new session's `created_at`: the run's own time when it is a past time, else now. */
export function newSessionCreatedAt(prepared: PreparedRun, nowSeconds: number): number {
  const at = prepared.createdAt;
  return at !== null && at > 0 && at <= nowSeconds ? Math.floor(at) : nowSeconds;
}

function componentDataOf(type: SessionType, run: StoredRun): Record<string, unknown> | null {
  const idKey = `${type}_id`;
  const name = stringOrNull(run[`${type}_name`]);
  const id = stringOrNull(run[idKey]);
  // Key order as agno writes them: agent/team data start with the name, workflow data with the id.
  const data: Record<string, unknown> =
    type === 'workflow' ? { [idKey]: id ?? undefined, name: name ?? undefined } : { name: name ?? undefined, [idKey]: id ?? undefined };
  for (const key of Object.keys(data)) if (data[key] === undefined) delete data[key];
  return Object.keys(data).length > 0 ? data : null;
}

function epochSecondsOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') {
    const micros = parseIsoToMicros(value);
    return micros === null ? null : Number(micros / 1_000_000n);
  }
  return null;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
