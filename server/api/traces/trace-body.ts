import type { Caches } from '../../runtime/caches.js';
import { databaseOwner } from '../../runtime/caches.js';
import type { Database } from '../../db/types.js';
import { scopeKey, type AccessScope } from '../../access/scope.js';
import * as traces from './use-cases.js';
import { jsonText } from '../../json-text.js';
import { firstSpans } from './columns-window.js';

/** Which answer of `GET /traces/{trace_id}`: the tree, one span, the columns or their first spans. */
export interface TraceBodyShape {
  spanId?: string | undefined;
  shape?: 'tree' | 'columns' | undefined;
  /** With `shape: 'columns'`: the first this many spans only. */
  limit?: number | undefined;
}

/**
 * The answer of `GET /traces/{trace_id}` (with or without `span_id`; as a tree, as columns or as
 * the columns' first spans) as JSON bytes, built once per database, trace, span, shape and user
 * filter and kept in the server's `caches.traceBodies` while the database's change stamp is
 * unchanged — an agent writing a span into the file makes the next request read it again.
 * PostgreSQL is read every time. A missing trace or span throws, as `getTrace` does.
 *
 * The first spans are cut from the whole columns answer, whose bytes are kept too (when they fit):
 * the page that asked for its first screen asks for the rest next, and finds it built.
 */
export async function getTraceBody(caches: Caches, db: Database, scope: AccessScope, traceId: string, want: TraceBodyShape = {}): Promise<Buffer> {
  const store = db.traces();
  const { spanId } = want;
  const columns = want.shape === 'columns' && spanId === undefined;
  const limit = columns ? want.limit : undefined;
  const readColumns = () => traces.getTraceColumns(store, scope, traceId);
  const read = () => (columns ? readColumns() : traces.getTrace(store, scope, traceId, spanId));
  if (db.changeStamp === undefined) {
    return serialize(limit === undefined ? await read() : firstSpans(await readColumns(), limit));
  }
  const owner = databaseOwner(db.id);
  // Read before the trace, so a write in between leaves the entry stamped with the older version.
  const version = `${caches.generation(owner)}:${db.changeStamp()}`;
  // Lengths keep ids apart whatever characters they hold; the trace id comes last.
  const user = scopeKey(scope);
  const keyOf = (span: string) => `${user} ${span} ${traceId}`;
  const span = spanId === undefined ? (columns ? 'c' : '-') : `s${spanId.length}:${spanId}`;
  if (limit === undefined) {
    const key = keyOf(span);
    const cached = caches.traceBodies.get(owner, key, version);
    if (cached) return cached;
    const body = serialize(await read());
    caches.traceBodies.set(owner, key, version, body);
    return body;
  }
  const windowKey = keyOf(`c${limit}`);
  const cached = caches.traceBodies.get(owner, windowKey, version);
  if (cached) return cached;
  const whole = await readColumns();
  const body = serialize(firstSpans(whole, limit));
  caches.traceBodies.set(owner, windowKey, version, body);
  // The whole answer's bytes after this answer has gone (megabytes for a large trace: the first
  // screen does not wait for them); a request for it before then builds its own.
  const fullKey = keyOf('c');
  setImmediate(() => {
    if (!caches.traceBodies.get(owner, fullKey, version)) caches.traceBodies.set(owner, fullKey, version, serialize(whole));
  });
  return body;
}

function serialize(answer: unknown): Buffer {
  return Buffer.from(jsonText(answer));
}
