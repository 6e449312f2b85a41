import type { RunLookup, SessionStore, SessionType } from '../db/types.js';
import { toRunShape } from '../runs/shapes.js';
import type { AccessScope } from '../sessions/access-scope.js';
import * as sessions from '../sessions/use-cases.js';

/** The Content-Type Express's `res.json` sets. */
export const RUN_BODY_CONTENT_TYPE = 'application/json; charset=utf-8';

export type RunBodyLookup = { kind: 'found'; body: Buffer } | Exclude<RunLookup, { kind: 'found' }>;

/** Bounds for the process: a 5 KB run costs 5 KB here, a run with inline media more. */
const MAX_BYTES = 32 * 1024 * 1024;
const MAX_ENTRIES = 4096;

/** Serialized answers, least recently used first (a `Map` keeps insertion order). */
class RunBodyCache {
  private readonly entries = new Map<string, { version: string; body: Buffer }>();
  private bytes = 0;

  get(key: string, version: string): Buffer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) {
      this.bytes -= entry.body.length;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.body;
  }

  set(key: string, version: string, body: Buffer): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.body.length;
    }
    if (body.length > MAX_BYTES / 8) return;
    this.entries.set(key, { version, body });
    this.bytes += body.length;
    for (const [k, e] of this.entries) {
      if (this.bytes <= MAX_BYTES && this.entries.size <= MAX_ENTRIES) break;
      this.entries.delete(k);
      this.bytes -= e.body.length;
    }
  }
}

const cache = new RunBodyCache();

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
