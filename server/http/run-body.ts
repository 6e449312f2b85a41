import type { RunLookup, SessionStore, SessionType } from '../db/types.js';
import { toRunShape } from '../runs/to-run-shape.js';
import type { AccessScope } from '../sessions/access-scope.js';
import * as sessions from '../sessions/use-cases.js';
import { SerializedBodyCache } from './body-cache.js';

/** The Content-Type Express's `res.json` sets. */
export const RUN_BODY_CONTENT_TYPE = 'application/json; charset=utf-8';

export type RunBodyLookup = { kind: 'found'; body: Buffer } | Exclude<RunLookup, { kind: 'found' }>;

const cache = new SerializedBodyCache();

/**
 * The answer of `GET /sessions/{session_id}/runs/{run_id}` as the JSON bytes Express's
 * `res.json` would send. Serialized once per database, session, run, type and user filter, and
 * reused while the store's content version is unchanged — any write to the file, by rundesk or
 * by an agent in another process, makes the next request read and serialize again. Stores that
 * cannot tell whether they changed (PostgreSQL) are read every time.
 */
export async function getRunBody(store: SessionStore, scope: AccessScope, sessionId: string, runId: string, type: SessionType): Promise<RunBodyLookup> {
  const storeKey = store.cacheKey;
  if (storeKey === null || scope.userId === null) return serialize(await sessions.getRun(store, scope, sessionId, runId, type), type);
  // Read before the run, so a write in between leaves the entry stamped with the older version.
  const version = await store.contentVersion();
  // Lengths keep ids apart whatever characters they hold; the run id comes last.
  const user = scope.userId === undefined ? '*' : `u${scope.userId.length}:${scope.userId}`;
  const key = `${storeKey} ${type} ${user} ${sessionId.length}:${sessionId}${runId}`;
  const body = cache.get(key, version);
  if (body) return { kind: 'found', body };
  const found = serialize(await sessions.getRun(store, scope, sessionId, runId, type), type);
  if (found.kind === 'found') cache.set(key, version, found.body);
  return found;
}

function serialize(found: RunLookup, type: SessionType): RunBodyLookup {
  return found.kind === 'found' ? { kind: 'found', body: Buffer.from(JSON.stringify(toRunShape(found.run, type))) } : found;
}
