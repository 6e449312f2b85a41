import type { Caches } from '../../runtime/caches.js';
import { databaseOwner } from '../../runtime/caches.js';
import type { Database } from '../../db/types.js';
import { scopeKey, type AccessScope } from '../../access/scope.js';
import * as traces from './use-cases.js';
import { jsonText } from '../../json-text.js';

/**
 * The answer of `GET /traces/{trace_id}` (with or without `span_id`) as JSON bytes, built once
 * per database, trace, span and user filter and kept in the server's `caches.traceBodies` while
 * the database's change stamp is unchanged — an agent writing a span into the file makes the
 * next request read it again. PostgreSQL is read every time. A missing trace or span throws, as
 * `getTrace` does.
 */
export async function getTraceBody(caches: Caches, db: Database, scope: AccessScope, traceId: string, spanId: string | undefined): Promise<Buffer> {
  const store = db.traces();
  if (db.changeStamp === undefined) return serialize(await traces.getTrace(store, scope, traceId, spanId));
  const owner = databaseOwner(db.id);
  // Read before the trace, so a write in between leaves the entry stamped with the older version.
  const version = `${caches.generation(owner)}:${db.changeStamp()}`;
  // Lengths keep ids apart whatever characters they hold; the trace id comes last.
  const user = scopeKey(scope);
  const span = spanId === undefined ? '-' : `s${spanId.length}:${spanId}`;
  const key = `${user} ${span} ${traceId}`;
  const cached = caches.traceBodies.get(owner, key, version);
  if (cached) return cached;
  const body = serialize(await traces.getTrace(store, scope, traceId, spanId));
  caches.traceBodies.set(owner, key, version, body);
  return body;
}

function serialize(answer: unknown): Buffer {
  return Buffer.from(jsonText(answer));
}
