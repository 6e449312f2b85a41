/**
 * A value kept on a request (or response) object itself, under a private symbol: what one
 * module notes about an exchange in flight (the forwarder's state, the request log's record).
 *
 * Why not a `WeakMap` (or a `Map` cleared when the answer ends): a module-level table that
 * references each request's objects made V8's young-generation collections copy and promote
 * every request's graph under load — 2 MB per collection against 0.1 MB with the value on the
 * object, and a forwarded request cost twice the CPU of a bare proxy (`npm run bench:gateway`,
 * docs/gateway.md "What it costs"). On the object, the value goes when the exchange does.
 *
 * @example
 * const RECORD = requestSlot<IncomingMessage, RequestRecord>('request-log record');
 * RECORD.set(req, record);
 * RECORD.get(req); // → record
 */
export interface RequestSlot<K extends object, V> {
  get(owner: K): V | undefined;
  set(owner: K, value: V): void;
  delete(owner: K): void;
}

export function requestSlot<K extends object, V>(name: string): RequestSlot<K, V> {
  const key = Symbol(name);
  type Holder = Record<symbol, V | undefined>;
  return {
    get: (owner) => (owner as unknown as Holder)[key],
    set: (owner, value) => {
      (owner as unknown as Holder)[key] = value;
    },
    delete: (owner) => {
      (owner as unknown as Holder)[key] = undefined;
    },
  };
}
