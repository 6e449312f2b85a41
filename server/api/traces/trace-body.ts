import type { Caches } from '../../runtime/caches.js';
import { databaseOwner } from '../../runtime/caches.js';
import type { Database } from '../../db/types.js';
import { scopeKey, type AccessScope } from '../../access/scope.js';
import * as traces from './use-cases.js';
import { jsonText } from '../../json-text.js';

/** Which answer of `GET /traces/{trace_id}`: the tree, one span, the columns or their first spans. */
export interface TraceBodyShape {
  spanId?: string | undefined;
  shape?: 'tree' | 'columns' | undefined;
  /** With `shape: 'columns'`: the first this many spans only. */
  limit?: number | undefined;
}

/**
 * The answer of `GET /traces/{trace_id}` (with or without `span_id`; as a tree, as columns or as
 * the columns' first spans) as JSON bytes, built once per database, trace, span, shape, limit and
 * user filter and kept in the server's `caches.traceBodies` while the database's change stamp is
 * unchanged — an agent writing a span into the file makes the next request read it again.
 * PostgreSQL is read every time. A missing trace or span throws, as `getTrace` does.
 */
export async function getTraceBody(caches: Caches, db: Database, scope: AccessScope, traceId: string, want: TraceBodyShape = {}): Promise<Buffer> {
  const store = db.traces();
  const { spanId } = want;
  const columns = want.shape === 'columns' && spanId === undefined;
  const limit = columns ? want.limit : undefined;
  const read = () =>
    limit !== undefined ? traces.getTraceFirstSpans(store, scope, traceId, limit) : columns ? traces.getTraceColumns(store, scope, traceId) : traces.getTrace(store, scope, traceId, spanId);
  if (db.changeStamp === undefined) return serialize(await read());
  const owner = databaseOwner(db.id);
  // Read before the trace, so a write in between leaves the entry stamped with the older version.
  const version = `${caches.generation(owner)}:${db.changeStamp()}`;
  // Lengths keep ids apart whatever characters they hold; the trace id comes last.
  const user = scopeKey(scope);
  const span = spanId === undefined ? (columns ? (limit === undefined ? 'c' : `c${limit}`) : '-') : `s${spanId.length}:${spanId}`;
  const key = `${user} ${span} ${traceId}`;
  const cached = caches.traceBodies.get(owner, key, version);
  if (cached) return cached;
  const body = serialize(await read());
  caches.traceBodies.set(owner, key, version, body);
  return body;
}

function serialize(answer: unknown): Buffer {
  return Buffer.from(jsonText(answer));
}
