import type { Caches } from '../../runtime/caches.js';
import { databaseOwner } from '../../runtime/caches.js';
import type { Database, RunLookup } from '../../db/types.js';
import { runKindOf, toRunShape } from './to-run-shape.js';
import { scopeKey, type AccessScope } from '../../access/scope.js';
import * as sessions from './use-cases.js';
import { jsonText } from '../../json-text.js';

/** The Content-Type Express's `res.json` sets. */
export const RUN_BODY_CONTENT_TYPE = 'application/json; charset=utf-8';

export type RunBodyLookup = { kind: 'found'; body: Buffer } | Exclude<RunLookup, { kind: 'found' }>;

/**
 * The answer of `GET /sessions/{session_id}/runs/{run_id}` as the JSON bytes Express's
 * `res.json` would send: the session found by id (and the caller's user scope) whatever `type`
 * says, the run in the shape of its own kind (`runKindOf`), as AgentOS 2.9 and 3 answer.
 * Serialized once per database, table, session, run and user filter, and kept in the server's `caches.runBodies` while the database's change stamp and its
 * write generation are unchanged — any write to the file, by rundesk or by an agent in another
 * process, makes the next request read and serialize again. Databases that cannot tell whether
 * they changed (PostgreSQL) are read every time.
 */
export async function getRunBody(
  caches: Caches,
  db: Database,
  table: string | undefined,
  scope: AccessScope,
  sessionId: string,
  runId: string,
): Promise<RunBodyLookup> {
  const store = db.sessions(table);
  if (db.changeStamp === undefined) return serialize(await sessions.getRun(store, scope, sessionId, runId));
  const owner = databaseOwner(db.id);
  // Read before the run, so a write in between leaves the entry stamped with the older version.
  const version = `${caches.generation(owner)}:${db.changeStamp()}`;
  // Lengths keep ids apart whatever characters they hold; the run id comes last.
  const user = scopeKey(scope);
  const tableKey = table === undefined ? '-' : `t${table.length}:${table}`;
  const key = `${tableKey} ${user} ${sessionId.length}:${sessionId}${runId}`;
  const body = caches.runBodies.get(owner, key, version);
  if (body) return { kind: 'found', body };
  const found = serialize(await sessions.getRun(store, scope, sessionId, runId));
  if (found.kind === 'found') caches.runBodies.set(owner, key, version, found.body);
  return found;
}

function serialize(found: RunLookup): RunBodyLookup {
  return found.kind === 'found' ? { kind: 'found', body: Buffer.from(jsonText(toRunShape(found.run, runKindOf(found.run)))) } : found;
}
