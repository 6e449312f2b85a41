import type { TraceStore } from '../db/traces/types.js';
import type { AccessScope } from '../sessions/access-scope.js';
import * as traces from '../traces/use-cases.js';
import { SerializedBodyCache } from './body-cache.js';

const cache = new SerializedBodyCache();

/**
 * The answer of `GET /traces/{trace_id}` (with or without `span_id`) as JSON bytes, built once
 * per database, trace, span and user filter and reused while the file's content version is
 * unchanged — an agent writing a span into the file makes the next request read it again.
 * PostgreSQL is read every time. A missing trace or span throws, as `getTrace` does.
 */
export async function getTraceBody(store: TraceStore, scope: AccessScope, traceId: string, spanId: string | undefined): Promise<Buffer> {
  const storeKey = store.cacheKey;
  if (storeKey === null || scope.userId === null) return serialize(await traces.getTrace(store, scope, traceId, spanId));
  // Read before the trace, so a write in between leaves the entry stamped with the older version.
  const version = await store.contentVersion();
  // Lengths keep ids apart whatever characters they hold; the trace id comes last.
  const user = scope.userId === undefined ? '*' : `u${scope.userId.length}:${scope.userId}`;
  const span = spanId === undefined ? '-' : `s${spanId.length}:${spanId}`;
  const key = `${storeKey} ${user} ${span} ${traceId}`;
  const cached = cache.get(key, version);
  if (cached) return cached;
  const body = serialize(await traces.getTrace(store, scope, traceId, spanId));
  cache.set(key, version, body);
  return body;
}

function serialize(answer: unknown): Buffer {
  return Buffer.from(JSON.stringify(answer));
}
